package cli

import (
	"io"
	"io/fs"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/roundtable"
	"github.com/rtgit/rtgit/templates"
)

// TestBriefDraftsPassCheck walks a brief analysis of the demo repository,
// confirming every draft rtgit offers as it is and answering only the
// questions it asks without one (with the demo's answers). A review's
// verdict is never drafted, so the walk writes it, as a person must. Every
// other draft must pass validation and the critic, and `rtgit check` must then pass or list
// open questions: never a NEEDS CLARIFICATION marker rtgit wrote itself.
// verdictQuestion names the question of each review step that rtgit
// leaves for a person's verdict.
var verdictQuestion = map[string]string{"03-04": "review", "04-05": "approval"}

func TestBriefDraftsPassCheck(t *testing.T) {
	raw, err := fs.ReadFile(templates.FS, "demo/answers.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var script demoScript
	if err := yaml.Unmarshal(raw, &script); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := seedDemoRepo(dir); err != nil {
		t.Fatal(err)
	}
	m, err := machine(dir, Streams{Out: io.Discard, Err: io.Discard})
	if err != nil {
		t.Fatal(err)
	}
	r, err := m.New(roundtable.NewOptions{Description: script.Description, Slug: script.Slug})
	if err != nil {
		t.Fatal(err)
	}
	drafted, asked := 0, 0
	phase := ""
	for n := 0; r.Step != nil && !r.Done; n++ {
		if n > 40 {
			t.Fatal("the analysis does not end")
		}
		if r.Step.Phase.Key != phase {
			phase = r.Step.Phase.Key
			if r, err = m.SetDepth(script.Slug, steps.Brief); err != nil {
				t.Fatal(err)
			}
		}
		for _, q := range r.Step.Questions {
			if q.Answered {
				drafted++
				continue
			}
			asked++
			text, ok := script.Answers[r.Step.ID][q.ID]
			if !ok {
				t.Fatalf("%s asks %s without a draft, and the demo has no answer for it", r.Step.ID, q.ID)
			}
			if _, err := m.Answer(script.Slug, q.ID, text); err != nil {
				t.Fatal(err)
			}
		}
		id := r.Step.ID
		if q, ok := verdictQuestion[id]; ok {
			if _, err := m.Answer(script.Slug, q, script.Answers[id][q]); err != nil {
				t.Fatal(err)
			}
		}
		if r, err = m.Next(script.Slug); err != nil {
			t.Fatalf("next on %s with its drafts confirmed: %v\n%s", id, err, strings.Join(r.Problems, "\n"))
		}
	}
	if drafted == 0 || asked == 0 {
		t.Fatalf("drafted %d, asked %d: the walk proves nothing", drafted, asked)
	}
	t.Logf("%d drafts confirmed, %d questions asked without a draft", drafted, asked)
	rd, err := m.Check(script.Slug)
	if err != nil {
		t.Fatal(err)
	}
	if len(rd.Clarifications) > 0 || len(rd.Missing) > 0 {
		t.Errorf("check found markers or gaps rtgit left:\n%s\n%s", strings.Join(rd.Clarifications, "\n"), strings.Join(rd.Missing, "\n"))
	}
	t.Logf("ready %v, %d open questions, %d review notes", rd.Ready, len(rd.OpenQuestions), len(rd.Review))
	for _, n := range rd.Review {
		t.Logf("review: %s", n.Text)
		if n.Severity == "error" {
			t.Errorf("critic error: %s", n.Text)
		}
	}
	if !rd.Ready && len(rd.OpenQuestions) == 0 {
		t.Errorf("not ready, and no open question says why: %+v", rd)
	}
}
