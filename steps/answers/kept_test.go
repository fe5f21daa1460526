package answers

import (
	"strings"
	"testing"
)

// Answers to questions the depth does not ask are written after the
// questions in blocks of their own, and read back exactly; an empty one
// is nothing to keep.
func TestRenderKeptAnswersReadBack(t *testing.T) {
	v := sampleView()
	v.Depth = "brief"
	v.Kept = []Kept{
		{ID: "boundaries", Text: "Where does this change stop?", AskedAt: "standard and deep",
			Body: "The PDF invoices stay.\r\n\n```sh\necho <!-- rtgit:end id=boundaries -->\n```"},
		{ID: "empty", Text: "Nothing said.", Body: "  \n"},
		{ID: "renamed", Body: "An answer to a question the step no longer asks."},
	}
	out := renderSample(t, v)
	f, err := Parse("a.md", out)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, a := range f.Answers {
		ids = append(ids, a.ID)
	}
	if got, want := strings.Join(ids, " "), "users scope notes boundaries renamed"; got != want {
		t.Fatalf("answer blocks = %s, want %s", got, want)
	}
	if a, _ := f.Answer("boundaries"); a.Text != "The PDF invoices stay.\n\n```sh\necho <!-- rtgit:end id=boundaries -->\n```" {
		t.Errorf("kept answer reads back as %q", a.Text)
	}
	text := string(out)
	for _, want := range []string{"\n## Answered earlier\n", "These questions are not asked at brief depth.",
		"### `boundaries` (asked at standard and deep depth)\n\n> Where does this change stop?",
		"### `renamed`\n\n_This step no longer asks this question._"} {
		if !strings.Contains(text, want) {
			t.Errorf("rendered file lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "Nothing said.") {
		t.Errorf("an empty kept answer was written:\n%s", text)
	}
}

// A template that leaves the kept answers out would drop them: refused,
// naming the template and what it must write.
func TestRenderRefusesATemplateThatDropsKeptAnswers(t *testing.T) {
	good := readTemplate(t)
	i, j := strings.Index(good, "{{- with .Kept}}"), strings.Index(good, "{{- range .Contributors}}")
	if i < 0 || j < i {
		t.Fatal("the embedded template has no {{with .Kept}} block before the contributors")
	}
	v := sampleView()
	v.Kept = []Kept{{ID: "boundaries", Text: "Where does it stop?", Body: "Here."}}
	_, err := Render("tmpl.md", good[:i]+good[j:], v)
	if err == nil || !strings.Contains(err.Error(), `tmpl.md: rendering gives a broken answer file: the answer kept for "boundaries" is missing`) ||
		!strings.Contains(err.Error(), "{{range .Kept}}") {
		t.Errorf("err = %v", err)
	}
	v.Kept[0].ID = "users"
	if _, err := Render("tmpl.md", good, v); err == nil || !strings.Contains(err.Error(), `"users" is both asked and kept`) {
		t.Errorf("kept id that is also asked: err = %v", err)
	}
}

// A kept answer a model wrote (a suggestion someone ticked) keeps its
// provenance marker; a template that drops it is refused, as one that
// drops a drafted answer's marker is, rather than passing the model's
// text off as a person's.
func TestRenderKeptAnswerKeepsItsProvenance(t *testing.T) {
	v := sampleView()
	v.Depth = "brief"
	body := "The PDF invoices stay."
	mark := AIMark{ID: "boundaries", Model: "m1", Prompt: "abc123", Text: TextHash(body), Chosen: true}
	v.Kept = []Kept{{ID: "boundaries", Text: "Where does this change stop?", Body: body}}
	v.CarryAI = map[string]AIMark{"boundaries": mark}
	f, err := Parse("a.md", renderSample(t, v))
	if err != nil {
		t.Fatal(err)
	}
	if got, ok := f.Drafted("boundaries"); !ok || got != mark {
		t.Errorf("kept answer's provenance = %+v (%v), want %+v", got, ok, mark)
	}

	good := readTemplate(t)
	i := strings.Index(good, "{{- with .Kept}}")
	j := strings.Index(good[i:], "{{- with .Provenance}}")
	if i < 0 || j < 0 {
		t.Fatal("the embedded template writes no provenance for kept answers")
	}
	cut := good[:i+j] + strings.Replace(good[i+j:], "{{- with .Provenance}}\n\n{{.}}\n{{- end}}", "", 1)
	if cut == good {
		t.Fatal("could not take the kept provenance out of the template")
	}
	_, err = Render("tmpl.md", cut, v)
	if err == nil || !strings.Contains(err.Error(), `the answer kept for "boundaries" is a model's text, and the file does not say so`) {
		t.Errorf("err = %v", err)
	}
}
