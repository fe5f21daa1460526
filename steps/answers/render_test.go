package answers

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/renderer/html"
)

var update = flag.Bool("update", false, "rewrite golden files")

func TestRenderGolden(t *testing.T) {
	got := renderSample(t, sampleView())
	golden := filepath.Join("testdata", "render.golden")
	if *update {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("rendered file differs from %s (run go test -update if the change is intended):\n%s", golden, got)
	}
}

func TestRenderRoundTrip(t *testing.T) {
	tests := []struct {
		name     string
		edit     func(*View)
		answered map[string]string // id -> text; absent ids are unanswered
		feedback string
	}{
		{
			name:     "fresh",
			edit:     func(*View) {},
			answered: map[string]string{"scope": "Small: about 3 files, in `export/`."},
		},
		{
			name: "carry wins over prefill",
			edit: func(v *View) {
				v.Carry = map[string]string{"scope": "Medium, really.\n\n```go\nx := 1\n```", "users": "Ops.", "gone": "not asked"}
			},
			answered: map[string]string{"scope": "Medium, really.\n\n```go\nx := 1\n```", "users": "Ops."},
		},
		{
			name:     "empty carry falls back to prefill",
			edit:     func(v *View) { v.Carry = map[string]string{"scope": "  \n"} },
			answered: map[string]string{"scope": "Small: about 3 files, in `export/`."},
		},
		{
			name:     "feedback kept",
			edit:     func(v *View) { v.Feedback = "\nFirst point.\r\n\r\n- a list\n- of things\n\n" },
			answered: map[string]string{"scope": "Small: about 3 files, in `export/`."},
			feedback: "First point.\n\n- a list\n- of things",
		},
		{
			name: "brief, no menu",
			edit: func(v *View) {
				v.Depth, v.Menu = "brief", nil
				v.Questions = v.Questions[1:2]
			},
			answered: map[string]string{"scope": "Small: about 3 files, in `export/`."},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := sampleView()
			tt.edit(&v)
			out := renderSample(t, v)
			f, err := Parse("a.md", out)
			if err != nil {
				t.Fatal(err)
			}
			if f.StepID != v.StepID || f.Slug != v.Slug || f.Depth != v.Depth || f.Choice != "" {
				t.Errorf("file = %s/%s/%s choice %q", f.StepID, f.Slug, f.Depth, f.Choice)
			}
			if len(f.Answers) != len(v.Questions) {
				t.Fatalf("%d answers for %d questions", len(f.Answers), len(v.Questions))
			}
			for i, q := range v.Questions {
				a := f.Answers[i]
				want, answered := tt.answered[q.ID]
				if a.ID != q.ID || a.Answered != answered || a.Text != want {
					t.Errorf("answer %d = %+v, want id %s answered %v text %q", i, a, q.ID, answered, want)
				}
				if wantLine := lineOfText(t, out, answerOpen(q.ID)); a.Line != wantLine {
					t.Errorf("%s: Line = %d, want %d", q.ID, a.Line, wantLine)
				}
			}
			if f.Feedback != tt.feedback {
				t.Errorf("feedback = %q, want %q", f.Feedback, tt.feedback)
			}
		})
	}
}

// TestRenderOnGitHub renders the file as GitHub would (GFM, raw HTML
// kept) to check that the markers stay hidden and the menu is a task list.
func TestRenderOnGitHub(t *testing.T) {
	v := sampleView()
	v.Feedback = "Looks fine."
	src := renderSample(t, v)
	md := goldmark.New(goldmark.WithExtensions(extension.GFM), goldmark.WithRendererOptions(html.WithUnsafe()))
	var buf bytes.Buffer
	if err := md.Convert(src, &buf); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, m := range []string{fileMarker("01-02", "standard", "csv-export"), answerOpen("users"), answerClose("notes"),
		menuOpen, menuClose, feedbackOpen, feedbackClose} {
		// Passed through verbatim at the start of a line, it is an HTML
		// block, which browsers do not display.
		if !strings.Contains("\n"+out, "\n"+m+"\n") {
			t.Errorf("marker %s is not an HTML block of its own in:\n%s", m, out)
		}
	}
	visible := regexp.MustCompile(`(?s)<!--.*?-->|<[^>]*>`).ReplaceAllString(out, "")
	if strings.Contains(visible, "rtgit:") {
		t.Errorf("marker text is visible:\n%s", visible)
	}
	for _, s := range []string{"Maya Chen (Business Analyst) -- Step 01-02: User Needs Discovery",
		"Who will use this day to day", "Write your answer here, replacing this line.", "Looks fine.",
		"Continue -- move to the next step", "rtgit next csv-export", "/rtgit answer &lt;id&gt;"} {
		if !strings.Contains(visible, s) {
			t.Errorf("visible text lacks %q:\n%s", s, visible)
		}
	}
	boxes := regexp.MustCompile(`<li><input disabled="" type="checkbox"> ?<strong>\[([CES])\]</strong>`).FindAllStringSubmatch(out, -1)
	if len(boxes) != 3 || boxes[0][1] != "E" || boxes[1][1] != "C" || boxes[2][1] != "S" {
		t.Errorf("menu checkboxes = %v in:\n%s", boxes, out)
	}
}

func TestRenderErrors(t *testing.T) {
	good := readTemplate(t)
	tests := []struct {
		name, tmpl string
		edit       func(*View)
		want       string
	}{
		{"template syntax", "{{fileMarker", nil, "tmpl.md:1:"},
		{"unknown field", "{{.Nope}}", nil, "tmpl.md:1: {{.Nope}}: there is no field Nope here; the fields here are .Contributors, .Criteria, .Depth, .DepthWhy, .Feedback, .Header, .Intro, .Kept, .Menu, .Prose, .Questions, .Slug, .StepID, .Withheld"},
		{"unknown field of a question", "{{fileMarker}}\n{{range .Questions}}\n{{.Title}}{{end}}", nil, "tmpl.md:3: {{.Title}}: there is no field Title here; the fields here are .Body, .Drafted, .DraftedAt, .DraftedBy, .ID, .Optional, .Provenance, .Suggestion, .Text, .Unfinished"},
		{"no file marker", "# hi\n", nil, "tmpl.md: rendering gives a broken answer file: output:1: no file marker"},
		{"answer missing", strings.Replace(good, "{{answerOpen .ID}}", "", 1), nil, "tmpl.md: rendering gives a broken answer file: output:"},
		{"no answer blocks", "{{fileMarker}}\n", nil, `answer block "users" is missing`},
		{"body changed", strings.Replace(good, "{{.Body}}", "x{{.Body}}", 1), nil, `answer "users" does not read back`},
		{"feedback dropped", strings.Replace(good, "{{.}}\n{{- end}}\n\n{{feedbackClose}}", "{{- end}}\n\n{{feedbackClose}}", 1),
			func(v *View) { v.Feedback = "keep me" }, "the feedback does not read back"},
		{"prefill with unclosed fence", good, func(v *View) { v.Questions[1].Prefill = "```\ncode" }, `answer block "scope" has no closing marker`},
		{"bad depth", good, func(v *View) { v.Depth = "medium" }, `tmpl.md: depth "medium"`},
		{"bad slug", good, func(v *View) { v.Slug = "two words" }, `slug "two words"`},
		{"bad id", good, func(v *View) { v.Questions[0].ID = "a b" }, `question id "a b"`},
		{"duplicate id", good, func(v *View) { v.Questions[1].ID = "users" }, `"users" is asked twice`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := sampleView()
			if tt.edit != nil {
				tt.edit(&v)
			}
			_, err := Render("tmpl.md", tt.tmpl, v)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err = %v, want it to contain %q", err, tt.want)
			}
			if err != nil && strings.Contains(err.Error(), "answers.") {
				t.Errorf("err = %v names a Go type", err)
			}
		})
	}
}

func TestQuote(t *testing.T) {
	for in, want := range map[string]string{
		"one line":           "> one line",
		"two\nlines\n":       "> two\n> lines",
		"para\n\nother para": "> para\n>\n> other para",
	} {
		if got := quote(in); got != want {
			t.Errorf("quote(%q) = %q, want %q", in, got, want)
		}
	}
}
