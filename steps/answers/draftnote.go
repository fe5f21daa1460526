package answers

import (
	"strings"

	"github.com/rtgit/rtgit/internal/lazyre"
)

// draftNoteRe is a note rtgit writes above an answer area it drafted
// (answer-file.md.tmpl): "_rtgit drafted this answer: …_", a model's
// "_<model> drafted this answer: …_", the carried and unfinished kinds.
var draftNoteRe = lazyre.New(`^_[^_\n]* drafted (this answer|part of this answer)\b[^\n]*_$`)

// DropDraftNote removes the draft note above question id's answer area,
// when there is one: once a person has written the answer, a note saying
// rtgit drafted it, or that it is not an answer until edited, no longer
// says what happened. Only the note's own line and the blank line after
// it go; nothing else in the file moves.
func DropDraftNote(data []byte, id string) []byte {
	s := string(data)
	open := answerOpen(id)
	at := strings.Index(s, "\n"+open)
	if at < 0 {
		return data
	}
	// Walk back over the blank lines before the marker to the line above.
	end := at
	for end > 0 && (s[end-1] == '\n' || s[end-1] == '\r') {
		end--
	}
	start := strings.LastIndexByte(s[:end], '\n') + 1
	if !draftNoteRe.MatchString(strings.TrimRight(s[start:end], "\r")) {
		return data
	}
	// Drop the note line and the line break after it, and the blank line
	// that separated it from the marker.
	return []byte(s[:start] + strings.TrimLeft(s[end:at+1], "\r\n") + s[at+1:])
}
