package answers

import (
	"strings"
	"testing"
)

func TestDropDraftNote(t *testing.T) {
	file := "### `problem`\n\n> What problem?\n\n_rtgit drafted this answer for the question asked at brief depth, not for this one: edit it so it answers this question. Until a person edits it, it is not an answer._\n\n<!-- rtgit:answer id=problem -->\n\nDana's script broke.\n\n<!-- rtgit:end id=problem -->\n\n### `drivers`\n\n> Why now?\n\n<!-- rtgit:answer id=drivers -->\n\nScripts break.\n\n<!-- rtgit:end id=drivers -->\n"
	want := "### `problem`\n\n> What problem?\n\n<!-- rtgit:answer id=problem -->\n\nDana's script broke.\n\n<!-- rtgit:end id=problem -->\n\n### `drivers`\n\n> Why now?\n\n<!-- rtgit:answer id=drivers -->\n\nScripts break.\n\n<!-- rtgit:end id=drivers -->\n"
	if got := string(DropDraftNote([]byte(file), "problem")); got != want {
		t.Errorf("DropDraftNote:\n%s\nwant:\n%s", got, want)
	}
	// A question with no note, a model's note, and a person's own line
	// that merely mentions drafting.
	if got := string(DropDraftNote([]byte(file), "drivers")); got != file {
		t.Errorf("a question without a note changed:\n%s", got)
	}
	model := strings.Replace(file, "_rtgit drafted this answer for the question asked at brief depth, not for this one: edit it so it answers this question. Until a person edits it, it is not an answer._",
		"_gpt-4o-mini drafted this answer: edit it, or leave it as it is to confirm it. A person's confirmation is what makes it an answer._", 1)
	if got := string(DropDraftNote([]byte(model), "problem")); got != want {
		t.Errorf("a model's note stayed:\n%s", got)
	}
	own := strings.Replace(file, "_rtgit drafted this answer for the question asked at brief depth, not for this one: edit it so it answers this question. Until a person edits it, it is not an answer._",
		"I drafted this answer with Dana.", 1)
	if got := string(DropDraftNote([]byte(own), "problem")); got != own {
		t.Errorf("a person's line was taken for a note:\n%s", got)
	}
	crlf := strings.ReplaceAll(file, "\n", "\r\n")
	if got := string(DropDraftNote([]byte(crlf), "problem")); got != strings.ReplaceAll(want, "\n", "\r\n") {
		t.Errorf("CRLF:\n%q", got)
	}
}
