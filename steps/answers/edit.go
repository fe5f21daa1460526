package answers

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"unicode/utf8"
)

// SetAnswer replaces the body of answer block id with text and leaves
// every other byte of the file as it was, so the commit's diff shows only
// that answer and the user's other edits and line endings survive. Empty
// text puts the placeholder back.
func SetAnswer(name string, data []byte, id, text string) ([]byte, error) {
	return (*Cache)(nil).SetAnswer(name, data, id, text)
}

// SetAnswer is [SetAnswer] through the cache.
func (c *Cache) SetAnswer(name string, data []byte, id, text string) ([]byte, error) {
	f, lay, err := c.parse(name, data)
	if err != nil {
		return nil, err
	}
	i := f.index(id)
	if i < 0 {
		return nil, fmt.Errorf("%s: no answer block for %q; the file has %s", name, id, f.ids())
	}
	body, err := cleanText(name, f.Answers[i].Line, fmt.Sprintf("the answer to %q", id), text)
	if err != nil {
		return nil, err
	}
	want := *f
	want.Answers = append([]Answer(nil), f.Answers...)
	want.Answers[i].Text, want.Answers[i].Answered = body, body != ""
	if body == "" {
		body = Placeholder
	}
	out := lay.replace(lay.answers[i], lay.answers[i].open+1, body)
	if err := c.verify(name, out, &want); err != nil {
		return nil, fmt.Errorf("%s: the answer to %q %w", name, id, err)
	}
	return out, nil
}

// AppendFeedback adds text as a new paragraph at the end of the feedback
// block, keeping what is already there byte for byte. A file whose
// feedback block was deleted gets a new one at its end rather than losing
// the feedback.
func AppendFeedback(name string, data []byte, text string) ([]byte, error) {
	return (*Cache)(nil).AppendFeedback(name, data, text)
}

// AppendFeedback is [AppendFeedback] through the cache.
func (c *Cache) AppendFeedback(name string, data []byte, text string) ([]byte, error) {
	f, lay, err := c.parse(name, data)
	if err != nil {
		return nil, err
	}
	body, err := cleanText(name, blockLine(lay.feedback, lay), "the feedback", text)
	if err != nil {
		return nil, err
	}
	if body == "" {
		return nil, fmt.Errorf("%s: the feedback is empty", name)
	}
	want := *f
	want.Answers = append([]Answer(nil), f.Answers...)
	var out []byte
	if r := lay.feedback; r != nil {
		want.Feedback = body
		from := r.open + 1
		if f.Feedback != "" {
			want.Feedback = f.Feedback + "\n\n" + body
			// Keep the old text up to its last non-blank line; only the
			// blank lines after it are rewritten.
			from = r.close
			for from > r.open+1 && isBlank(lay.src.line(from-1)) {
				from--
			}
		}
		out = lay.replace(*r, from, body)
	} else {
		want.Feedback = body
		out = lay.appendBlock(feedbackOpen, body, feedbackClose)
		if err := c.verify(name, out, &want); err != nil {
			if len(out) > MaxFileBytes {
				return nil, fmt.Errorf("%s: the feedback %w", name, err)
			}
			return nil, fmt.Errorf("%s: the file has no feedback block, and one added at its end would be swallowed by "+
				"an unclosed code fence or HTML block there; add %s and %s lines yourself", name, feedbackOpen, feedbackClose)
		}
	}
	if err := c.verify(name, out, &want); err != nil {
		return nil, fmt.Errorf("%s: the feedback %w", name, err)
	}
	return out, nil
}

// cleanText readies text for an area: "\n" line endings, no surrounding
// blank lines, and "" for text that would read back as unanswered. It
// refuses marker lines: even where markdown would treat one as content,
// line-based tools downstream would not. It refuses text past the limits
// too (see limits.go), before any of it is parsed; line is the 1-based
// line of the area's opening marker, which those errors name.
func cleanText(name string, line int, what, text string) (string, error) {
	if !utf8.ValidString(text) || strings.ContainsRune(text, 0) {
		return "", fmt.Errorf("%s: %s is not valid UTF-8 text", name, what)
	}
	t := trimBlankLines(normalise(text))
	if err := checkChars(name, line, what, t); err != nil {
		return "", err
	}
	if l := tooDeep([]byte(t)); l >= 0 {
		return "", nestingErr(name, line, fmt.Sprintf("line %d of %s", l+1, what))
	}
	for n, l := range strings.Split(t, "\n") {
		if markerStartRe.MatchString(strings.TrimLeft(l, " \t")) {
			return "", fmt.Errorf("%s: %s has an rtgit marker on its line %d (%q); it would corrupt the answer file, so remove or reword it",
				name, what, n+1, strings.TrimSpace(l))
		}
	}
	if unanswered(t) {
		return "", nil
	}
	return t, nil
}

// blockLine is the 1-based line of r's opening marker, or for a block the
// file does not have yet, of the line it will be added after.
func blockLine(r *region, l *layout) int {
	if r != nil {
		return r.open + 1
	}
	return len(l.src.normStarts)
}

// replace rewrites region r from line from up to its closing marker: a
// blank line, body, a blank line. Lines are joined with the file's own
// line ending.
func (l *layout) replace(r region, from int, body string) []byte {
	s := l.src
	eol := s.eol
	ins := eol + strings.ReplaceAll(body, "\n", eol) + eol + eol
	start, end := s.origStarts[from], s.origStarts[r.close]
	out := make([]byte, 0, len(s.data)+len(ins))
	out = append(out, s.data[:start]...)
	out = append(out, ins...)
	return append(out, s.data[end:]...)
}

// appendBlock adds a new block at the end of the file.
func (l *layout) appendBlock(open, body, close string) []byte {
	s := l.src
	eol := s.eol
	out := append([]byte(nil), s.data...)
	if len(s.norm) > 0 && s.norm[len(s.norm)-1] != '\n' {
		out = append(out, eol...)
	}
	block := eol + open + eol + eol + strings.ReplaceAll(body, "\n", eol) + eol + eol + close + eol
	return append(out, block...)
}

// verify parses an edited file and checks it says exactly what was meant.
// Markdown in the new text can swallow the closing marker (an unclosed
// code fence or HTML block), and that must not be written.
func (c *Cache) verify(name string, out []byte, want *File) error {
	if len(out) > MaxFileBytes {
		return fmt.Errorf("would make the file %s bytes, and an answer file may be at most %s: "+
			"shorten the longest answers, or move detail into a file of its own and link to it",
			thousands(len(out)), thousands(MaxFileBytes))
	}
	got, _, err := c.parse(name, out)
	if err == nil {
		// Lines after the edit move; everything else must be as meant.
		for _, f := range []*File{got, want} {
			for i := range f.Answers {
				f.Answers[i].Line, f.Answers[i].TextLine = 0, 0
			}
		}
	}
	if err != nil || !reflect.DeepEqual(got, want) {
		return errors.New("would not stay inside its block: it opens a code fence or HTML block without closing it, " +
			"which would swallow the closing marker; close it and try again")
	}
	return nil
}

// SetResolved makes body the text of the resolved-questions block, adding
// the block at the end of the file when it has none. Only that block
// changes: every answer, the feedback and the rest of the file keep their
// bytes, so what a person wrote is never rewritten.
func SetResolved(name string, data []byte, body string) ([]byte, error) {
	return (*Cache)(nil).SetResolved(name, data, body)
}

// SetResolved is [SetResolved] through the cache.
func (c *Cache) SetResolved(name string, data []byte, body string) ([]byte, error) {
	f, lay, err := c.parse(name, data)
	if err != nil {
		return nil, err
	}
	text, err := cleanText(name, blockLine(lay.resolved, lay), "the resolved questions", body)
	if err != nil {
		return nil, err
	}
	if text == "" {
		return nil, fmt.Errorf("%s: the resolved questions are empty", name)
	}
	want := *f
	want.Answers = append([]Answer(nil), f.Answers...)
	want.Resolved = text
	var out []byte
	if r := lay.resolved; r != nil {
		if f.Resolved == text {
			return data, nil
		}
		out = lay.replace(*r, r.open+1, text)
	} else {
		out = lay.appendBlock(resolvedOpen, text, resolvedClose)
	}
	if err := c.verify(name, out, &want); err != nil {
		return nil, fmt.Errorf("%s: the resolved questions %w", name, err)
	}
	return out, nil
}
