package answers

import (
	"fmt"
	"strings"
	"testing"
)

// fileWith is an answer file whose answer "users" holds body, which starts
// on line 4.
func fileWith(body string) []byte {
	return []byte(lines(head, "", answerOpen("users"), body, answerClose("users")))
}

func TestParseRefusesDeepNesting(t *testing.T) {
	deep := map[string]string{
		"quotes":           strings.Repeat(">", 65000),
		"spaced quotes":    strings.Repeat("> ", 101) + "x",
		"bullets":          strings.Repeat("- ", 101) + "x",
		"stars and pluses": strings.Repeat("* + ", 51),
		"numbers":          strings.Repeat("1. ", 50) + strings.Repeat("2) ", 51),
		"mixed":            "  " + strings.Repeat("* > - > ", 26),
		"tabs":             strings.Repeat("-\t>", 51),
	}
	for name, line := range deep {
		t.Run(name, func(t *testing.T) {
			_, err := Parse("x.md", fileWith("ok\n\n"+line))
			want := "x.md:6: this line starts with more than 100 nested quote or list markers"
			if err == nil || !strings.HasPrefix(err.Error(), want) {
				t.Fatalf("err = %v, want %q", err, want)
			}
		})
	}
}

func TestParseKeepsShallowOrNonNestingLines(t *testing.T) {
	ok := map[string]string{
		"100 quotes":            strings.Repeat(">", 100) + " deep but allowed",
		"100 bullets":           strings.Repeat("- ", 100) + "x",
		"thematic break dashes": strings.Repeat("- ", 2000),
		"thematic break stars":  "> " + strings.Repeat("*", 5000),
		"quote of a break":      strings.Repeat("> ", 50) + strings.Repeat("- ", 500),
		"dashes without spaces": strings.Repeat("-", 5000) + "x",
		"escaped quotes":        `\` + strings.Repeat(">", 5000),
		"numbers without dots":  strings.Repeat("1 ", 500),
		"long code line":        "    " + strings.Repeat("x>", 5000),
		"a run of brackets":     strings.Repeat("[a](", 16000),
		"emphasis runs":         strings.Repeat("*a_", 20000),
	}
	for name, body := range ok {
		t.Run(name, func(t *testing.T) {
			f, err := Parse("x.md", fileWith(body))
			if err != nil {
				t.Fatal(err)
			}
			if a, _ := f.Answer("users"); a.Text != body {
				t.Fatalf("answer does not read back as written")
			}
		})
	}
}

func TestParseRefusesLongAnswer(t *testing.T) {
	// The limit counts characters, as GitHub's does, not bytes.
	at := strings.Repeat("é", MaxAnswerChars)
	if _, err := Parse("x.md", fileWith(at)); err != nil {
		t.Fatalf("an answer of exactly %d characters: %v", MaxAnswerChars, err)
	}
	_, err := Parse("x.md", fileWith(at+"e"))
	want := `x.md:3: the answer to "users" is 65,537 characters long; it may hold at most 65,536`
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Fatalf("err = %v, want %q", err, want)
	}
}

func TestParseRefusesHugeFile(t *testing.T) {
	// Text outside the answers is the template's and the user's alike;
	// only the whole file's size bounds it.
	data := []byte(lines(head, strings.Repeat("Some prose outside any answer.\n", MaxFileBytes/31+1)))
	_, err := Parse("x.md", data)
	want := fmt.Sprintf("x.md:1: the file is %s bytes; an answer file may be at most 2,097,152", thousands(len(data)))
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Fatalf("err = %v, want %q", err, want)
	}
}

func TestEditsRefuseTextPastTheLimits(t *testing.T) {
	data := renderSample(t, sampleView())
	usersLine := lineOfText(t, data, answerOpen("users"))
	feedbackLine := lineOfText(t, data, feedbackOpen)
	long := strings.Repeat("a", MaxAnswerChars+1)
	deep := "fine\n" + strings.Repeat(">", 65000)
	tests := []struct {
		name string
		edit func() ([]byte, error)
		want string
	}{
		{"long answer", func() ([]byte, error) { return SetAnswer("x.md", data, "users", long) },
			fmt.Sprintf(`x.md:%d: the answer to "users" is 65,537 characters long`, usersLine)},
		{"deep answer", func() ([]byte, error) { return SetAnswer("x.md", data, "users", deep) },
			fmt.Sprintf(`x.md:%d: line 2 of the answer to "users" starts with more than 100 nested`, usersLine)},
		{"long feedback", func() ([]byte, error) { return AppendFeedback("x.md", data, long) },
			fmt.Sprintf(`x.md:%d: the feedback is 65,537 characters long`, feedbackLine)},
		{"deep feedback", func() ([]byte, error) { return AppendFeedback("x.md", data, deep) },
			fmt.Sprintf(`x.md:%d: line 2 of the feedback starts with more than 100 nested`, feedbackLine)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := tt.edit()
			if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
				t.Fatalf("err = %v, want %q", err, tt.want)
			}
			if out != nil {
				t.Fatal("a refused edit returned a file")
			}
		})
	}
}

func TestAppendFeedbackRefusesToOutgrowTheFile(t *testing.T) {
	data := renderSample(t, sampleView())
	piece := strings.Repeat("Feedback that goes on. ", MaxAnswerChars/24)
	var err error
	for i := 0; i < MaxFileBytes/len(piece)+2 && err == nil; i++ {
		var out []byte
		if out, err = AppendFeedback("x.md", data, piece); err == nil {
			data = out
		}
	}
	if err == nil || !strings.Contains(err.Error(), "the feedback would make the file") {
		t.Fatalf("err = %v", err)
	}
	if _, err := Parse("x.md", data); err != nil {
		t.Fatalf("the last file written no longer reads: %v", err)
	}
}

// A draft made from someone else's text, such as an issue's body, is
// fitted to the limits instead of making the file it is drafted into
// unreadable.
func TestRenderFitsADraftToTheLimits(t *testing.T) {
	tests := []struct {
		name, prefill, want string
	}{
		{"deep quotes", "Intro.\n" + strings.Repeat(">", 65000), "Intro.\n\\" + strings.Repeat(">", 65000)},
		{"deep numbers", "  " + strings.Repeat("1. ", 101) + "x", "  1\\. " + strings.Repeat("1. ", 100) + "x"},
		{"long", strings.Repeat("A line of the issue.\n", 5000), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := sampleView()
			v.Questions[0].Prefill = tt.prefill
			f, err := Parse("x.md", renderSample(t, v))
			if err != nil {
				t.Fatal(err)
			}
			got := f.Answers[0].Text
			if tt.want != "" && got != tt.want {
				t.Fatalf("draft = %.200q..., want %.200q...", got, tt.want)
			}
			if n := len([]rune(got)); n > MaxAnswerChars {
				t.Fatalf("draft is %d characters", n)
			}
			if tt.want == "" && (!strings.HasSuffix(got, "A line of the issue.\n\n"+draftCut) || len(got) < MaxAnswerChars-100) {
				t.Fatalf("cut draft ends %q (%d bytes)", got[len(got)-200:], len(got))
			}
		})
	}
}
