package answers

import (
	"bytes"
	"strings"
	"testing"
)

// FuzzParse checks that no input panics Parse, that what it returns is
// self-consistent, and that editing any file it accepts works and touches
// only the edited block. Seeds live in testdata/fuzz/FuzzParse.
func FuzzParse(f *testing.F) {
	f.Add([]byte(lines(head, answerOpen("a"), richAnswer, answerClose("a"))))
	f.Fuzz(func(t *testing.T, data []byte) {
		file, lay, err := parse("f.md", data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "f.md:") {
				t.Fatalf("error does not name the file and line: %v", err)
			}
			return
		}
		n := len(lay.src.normStarts)
		seen := map[string]bool{}
		for _, a := range file.Answers {
			if a.Line < 1 || a.Line > n || seen[a.ID] || a.Answered != (a.Text != "") {
				t.Fatalf("bad answer %+v (%d lines)", a, n)
			}
			seen[a.ID] = true
		}
		if !strings.Contains(" C E S", file.Choice) || len(file.Choice) > 1 {
			t.Fatalf("Choice = %q", file.Choice)
		}
		if len(file.Answers) > 0 {
			checkSet(t, data, lay, file.Answers[0].ID, "A *fuzzed* answer.\n\n- with\n- a list")
		}
		if lay.feedback != nil {
			out, err := AppendFeedback("f.md", data, "More.")
			if err != nil {
				t.Fatalf("AppendFeedback on a valid file: %v", err)
			}
			if got, err := Parse("f.md", out); err != nil || !strings.HasSuffix(got.Feedback, "More.") {
				t.Fatalf("after AppendFeedback: %+v, %v", got, err)
			}
		}
	})
}

// FuzzSetAnswer puts arbitrary text into a real answer file: SetAnswer may
// refuse it, but what it writes must read back as exactly that text.
func FuzzSetAnswer(f *testing.F) {
	data := renderSample(f, sampleView())
	for _, s := range []string{"plain", "", Placeholder, safeRich, "```\nopen", "<div>\nx", "a\r\nb\rc",
		"<!-- rtgit:end id=users -->", "    indented\n\n\n", "> quote\n<!-- x -->", "\ufeffbom"} {
		f.Add(data, s)
	}
	f.Fuzz(func(t *testing.T, data []byte, text string) {
		file, lay, err := parse("f.md", data)
		if err != nil || len(file.Answers) == 0 {
			return
		}
		checkSet(t, data, lay, file.Answers[len(file.Answers)-1].ID, text)
	})
}

// checkSet runs SetAnswer and, when it succeeds, checks the answer reads
// back as the text and no byte outside the block changed.
func checkSet(t *testing.T, data []byte, lay *layout, id, text string) {
	t.Helper()
	out, err := SetAnswer("f.md", data, id, text)
	if err != nil {
		return
	}
	got, err := Parse("f.md", out)
	if err != nil {
		t.Fatalf("SetAnswer wrote a file Parse rejects: %v\n%q", err, out)
	}
	want := trimBlankLines(normalise(text))
	if unanswered(want) {
		want = ""
	}
	if a, _ := got.Answer(id); a.Text != want || a.Answered != (want != "") {
		t.Fatalf("answer reads back as %+v, want %q", a, want)
	}
	r := lay.answers[got.index(id)] // SetAnswer keeps the blocks and their order
	before, after := data[:lay.src.origStarts[r.open+1]], data[lay.src.origStarts[r.close]:]
	if !bytes.HasPrefix(out, before) || !bytes.HasSuffix(out, after) || len(out) < len(before)+len(after) {
		t.Fatalf("bytes outside the answer changed:\n%q\n%q", data, out)
	}
}
