package answers

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
)

// safeRich is richAnswer without the marker lines SetAnswer refuses.
var safeRich = regexp.MustCompile(`(?m)^( *)<!-- rtgit:`).ReplaceAllString(richAnswer, "$1<!-- not rtgit:")

// outside splits data around the body of the block whose marker lines
// are open and close, so a test can check nothing else moved.
func outside(t *testing.T, data []byte, open, close string) (before, after []byte) {
	t.Helper()
	i := bytes.Index(data, []byte(open))
	j := bytes.Index(data, []byte(close))
	if i < 0 || j < i {
		t.Fatalf("no %s ... %s in\n%s", open, close, data)
	}
	i += len(open)
	if data[i] == '\r' {
		i++
	}
	return data[:i+1], data[j:]
}

func TestSetAnswer(t *testing.T) {
	tests := []struct {
		name, id, text string
		crlf           bool
		want           string
		answered       bool
	}{
		{"plain", "users", "Ops and support.", false, "Ops and support.", true},
		{"replaces a draft", "scope", "Large.", false, "Large.", true},
		{"rich markdown", "notes", safeRich, false, safeRich, true},
		{"CRLF text in an LF file", "users", "a\r\n\r\nb\r\n", false, "a\n\nb", true},
		{"CRLF file", "users", "line one\nline two", true, "line one\nline two", true},
		{"surrounding blank lines dropped", "users", "\n\n  \nx\n\n", false, "x", true},
		{"empty restores the placeholder", "scope", "  \n", false, "", false},
		{"the placeholder itself", "scope", Placeholder, false, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data := renderSample(t, sampleView())
			if tt.crlf {
				data = bytes.ReplaceAll(data, []byte("\n"), []byte("\r\n"))
			}
			out, err := SetAnswer("x.md", data, tt.id, tt.text)
			if err != nil {
				t.Fatal(err)
			}
			b0, a0 := outside(t, data, answerOpen(tt.id), answerClose(tt.id))
			b1, a1 := outside(t, out, answerOpen(tt.id), answerClose(tt.id))
			if !bytes.Equal(b0, b1) || !bytes.Equal(a0, a1) {
				t.Errorf("bytes outside the answer changed:\n%s", out)
			}
			if tt.crlf && bytes.Count(out, []byte("\n")) != bytes.Count(out, []byte("\r\n")) {
				t.Errorf("line endings not kept CRLF: %q", out)
			}
			f, err := Parse("x.md", out)
			if err != nil {
				t.Fatal(err)
			}
			a, _ := f.Answer(tt.id)
			if a.Text != tt.want || a.Answered != tt.answered {
				t.Errorf("answer = %+v, want %q answered %v", a, tt.want, tt.answered)
			}
		})
	}
}

func TestSetAnswerRefuses(t *testing.T) {
	data := renderSample(t, sampleView())
	tests := []struct {
		name, id, text, want string
	}{
		{"unknown id", "nope", "x", "x.md: no answer block for \"nope\"; the file has answer blocks `users`, `scope`, `notes`"},
		{"marker line", "users", "fine\n" + answerClose("users") + "\nmore", `x.md: the answer to "users" has an rtgit marker on its line 2`},
		{"indented marker line", "users", "  <!--rtgit:feedback-->", "has an rtgit marker on its line 1"},
		{"marker line in a fence", "users", "```\n<!-- rtgit:menu -->\n```", "has an rtgit marker on its line 2"},
		{"unclosed fence", "users", "```go\nx := 1", `x.md: the answer to "users" would not stay inside its block`},
		{"unclosed HTML comment", "users", "<!-- hmm", "close it and try again"},
		{"unclosed pre", "users", "<pre>\ncode", "close it and try again"},
		{"NUL", "users", "a\x00", "not valid UTF-8 text"},
		{"invalid UTF-8", "users", "\xff", "not valid UTF-8 text"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := SetAnswer("x.md", data, tt.id, tt.text)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err = %v, want %q (output %q)", err, tt.want, out)
			}
		})
	}
	if _, err := SetAnswer("x.md", []byte("no marker\n"), "users", "x"); err == nil || !strings.Contains(err.Error(), "x.md:1: no file marker") {
		t.Errorf("damaged file: err = %v", err)
	}
}

func TestAppendFeedback(t *testing.T) {
	withFeedback := func(fb string) func(*View) { return func(v *View) { v.Feedback = fb } }
	tests := []struct {
		name  string
		edit  func(*View)
		crlf  bool
		texts []string
		want  string
	}{
		{"into an empty block", nil, false, []string{"Please consider mobile."}, "Please consider mobile."},
		{"after existing feedback", withFeedback("Old point.\n\n```\nkept\n```"), false, []string{"New point."},
			"Old point.\n\n```\nkept\n```\n\nNew point."},
		{"twice", nil, false, []string{"one", "two\nlines"}, "one\n\ntwo\nlines"},
		{"CRLF file", withFeedback("old"), true, []string{"new\r\ntext"}, "old\n\nnew\ntext"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := sampleView()
			if tt.edit != nil {
				tt.edit(&v)
			}
			data := renderSample(t, v)
			if tt.crlf {
				data = bytes.ReplaceAll(data, []byte("\n"), []byte("\r\n"))
			}
			out := data
			for _, text := range tt.texts {
				var err error
				if out, err = AppendFeedback("x.md", out, text); err != nil {
					t.Fatal(err)
				}
			}
			b0, a0 := outside(t, data, feedbackOpen, feedbackClose)
			b1, a1 := outside(t, out, feedbackOpen, feedbackClose)
			if !bytes.Equal(b0, b1) || !bytes.Equal(a0, a1) {
				t.Errorf("bytes outside the feedback changed:\n%s", out)
			}
			if v.Feedback != "" {
				// The old feedback stays byte for byte, line endings included.
				old := []byte(strings.ReplaceAll(v.Feedback, "\n", string(newSource(data).eol)))
				if !bytes.Contains(out, append(append([]byte(nil), b0...), append([]byte(newSource(data).eol), old...)...)) {
					t.Errorf("old feedback not kept in place:\n%q", out)
				}
			}
			if tt.crlf && bytes.Count(out, []byte("\n")) != bytes.Count(out, []byte("\r\n")) {
				t.Errorf("line endings not kept CRLF: %q", out)
			}
			f, err := Parse("x.md", out)
			if err != nil {
				t.Fatal(err)
			}
			if f.Feedback != tt.want {
				t.Errorf("feedback = %q, want %q", f.Feedback, tt.want)
			}
		})
	}
}

func TestAppendFeedbackWithoutBlock(t *testing.T) {
	for _, data := range []string{head + "\n\ntext", head + "\r\n\r\ntext\r\n"} {
		out, err := AppendFeedback("x.md", []byte(data), "Hello.")
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.HasPrefix(out, []byte(data)) {
			t.Errorf("existing bytes changed: %q", out)
		}
		if f, err := Parse("x.md", out); err != nil || f.Feedback != "Hello." {
			t.Errorf("feedback = %+v, %v", f, err)
		}
	}
}

func TestAppendFeedbackWithoutBlockAfterOpenFence(t *testing.T) {
	_, err := AppendFeedback("x.md", []byte(head+"\n```\ncode\n"), "Hello.")
	if err == nil || !strings.Contains(err.Error(), "x.md: the file has no feedback block") {
		t.Errorf("err = %v", err)
	}
}

func TestAppendFeedbackRefuses(t *testing.T) {
	data := renderSample(t, sampleView())
	for text, want := range map[string]string{
		"  \n\n":                     "x.md: the feedback is empty",
		"a\n" + feedbackClose + "\n": "x.md: the feedback has an rtgit marker on its line 2",
		"```\nopen fence":            "x.md: the feedback would not stay inside its block",
	} {
		if _, err := AppendFeedback("x.md", data, text); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("AppendFeedback(%q): err = %v, want %q", text, err, want)
		}
	}
}

// The resolved-questions block is added at the end, then replaced in
// place; answers and feedback keep every byte.
func TestSetResolvedKeepsWhatTheUserWrote(t *testing.T) {
	in := "<!-- rtgit:file step=01-02 depth=standard slug=x -->\r\n\r\n<!-- rtgit:answer id=users -->\r\nDana, *our* bookkeeper.  \r\n<!-- rtgit:end id=users -->\r\n\r\nSomething the user added.\r\n"
	out, err := SetResolved("a.md", []byte(in), "- **Q-001** Which users?\n  Resolved: Dana.")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(out), in) {
		t.Fatalf("the file before the block changed:\n%q", out)
	}
	f, err := Parse("a.md", out)
	if err != nil {
		t.Fatal(err)
	}
	if f.Resolved != "- **Q-001** Which users?\n  Resolved: Dana." || f.Answers[0].Text != "Dana, *our* bookkeeper.  " {
		t.Fatalf("read back: %+v", f)
	}
	again, err := SetResolved("a.md", out, "- **Q-001** Which users?\n  Resolved: Dana.\n- **Q-002** When?\n  Resolved: Now.")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Count(string(again), resolvedOpen) != 1 || !strings.HasPrefix(string(again), in) || !strings.Contains(string(again), "Q-002") {
		t.Fatalf("second write:\n%q", again)
	}
	if same, _ := SetResolved("a.md", again, "- **Q-001** Which users?\n  Resolved: Dana.\n- **Q-002** When?\n  Resolved: Now."); string(same) != string(again) {
		t.Errorf("writing the same block again changed the file")
	}
	if _, err := SetResolved("a.md", out, "<!-- rtgit:end resolved -->"); err == nil {
		t.Errorf("a marker line in the block was accepted")
	}
}
