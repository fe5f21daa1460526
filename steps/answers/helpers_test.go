package answers

import (
	"os"
	"strings"
	"testing"
)

const templatePath = "../../templates/answer-file.md.tmpl"

func readTemplate(t testing.TB) string {
	t.Helper()
	b, err := os.ReadFile(templatePath)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// sampleView is a realistic step: a required question, a drafted one, an
// optional one, and the full mid-phase menu.
func sampleView() View {
	return View{
		StepID: "01-02", Slug: "csv-export", Depth: "standard",
		Header: "Maya Chen (Business Analyst) -- Step 01-02: User Needs Discovery",
		Intro:  []string{"Hi, I'm Maya, your Business Analyst. I'll be guiding you through requirements. Let's get started."},
		Prose: []string{
			"Let's talk about who this is for.",
			"Think about the people who *feel* it when it breaks, not only the ones who click the button.",
		},
		Questions: []Question{
			{ID: "users", Text: "Who will use this day to day, and who else feels it when it goes wrong?"},
			{ID: "scope", Text: "Is this the right scope?", Prefill: "Small: about 3 files, in `export/`."},
			{ID: "notes", Text: "Anything we should not change?", Optional: true},
		},
		Menu: []MenuItem{
			{Key: "E", Label: "Elaboration Mode -- bring all perspectives to discuss this topic"},
			{Key: "C", Label: "Continue -- move to the next step"},
			{Key: "S", Label: "Skip remaining steps in this phase"},
		},
	}
}

func renderSample(t testing.TB, v View) []byte {
	t.Helper()
	out, err := Render("embedded:templates/answer-file.md.tmpl", readTemplate(t), v)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// lineOfText is the 1-based line of the first line equal to s.
func lineOfText(t testing.TB, data []byte, s string) int {
	t.Helper()
	for i, l := range strings.Split(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n") {
		if l == s {
			return i + 1
		}
	}
	t.Fatalf("no line %q in\n%s", s, data)
	return 0
}

func lines(ls ...string) string { return strings.Join(ls, "\n") + "\n" }
