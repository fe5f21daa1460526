package roundtable

import (
	"regexp"
	"strings"
	"testing"

	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/library"
	"github.com/rtgit/rtgit/steps/quickscan"
	"github.com/rtgit/rtgit/templates"
)

// TestQuickScanLabelsSayWhoSaidWhat: a quick-scan value is "confirmed by
// the user" only where the person's answer states it; a figure they
// corrected, written out in words as people do, is theirs, with the
// scan's beside it; a confidence nobody was asked about is the scan's.
func TestQuickScanLabelsSayWhoSaidWhat(t *testing.T) {
	r := &quickscan.Result{Estimate: quickscan.Estimate{Scope: quickscan.Small, Complexity: quickscan.Low, FileCount: 2, Confidence: quickscan.Low}}
	qs, corrected, stated := settle(r, map[string]string{"estimate": "Scope: medium, about six files, complexity low."})
	if qs.EstimatedFiles != 6 || qs.Scope != quickscan.Medium {
		t.Errorf("settled %d files, scope %s; want the person's 6 and medium", qs.EstimatedFiles, qs.Scope)
	}
	for _, c := range []struct{ field, scan, want string }{
		{"file_count", "2", " (corrected by the user; the scan suggested 2)"},
		{"scope", "small", " (corrected by the user; the scan suggested small)"},
		{"complexity", "low", " (confirmed by the user)"},
		{"confidence", "low", " (suggested by the scan)"},
	} {
		if got := scanLabel(c.field, c.scan, corrected, stated); got != c.want {
			t.Errorf("%s is labelled %q, want %q", c.field, got, c.want)
		}
	}
	// An estimate left as the scan drafted it, with no confidence in it,
	// confirms what it states and nothing else.
	_, corrected, stated = settle(r, map[string]string{"estimate": "Scope: small, about 2 files, complexity low."})
	if got := scanLabel("confidence", "low", corrected, stated); got != " (suggested by the scan)" {
		t.Errorf("confidence is labelled %q though nobody stated one", got)
	}
}

// TestNoVerdictIsDrafted: the approval questions of the architecture and
// design reviews are never pre-filled with a verdict, at any depth, so
// approving takes a person writing it; and no step's prose promises
// something the file then does not show.
func TestNoVerdictIsDrafted(t *testing.T) {
	route, err := library.Load(templates.FS, nil)
	if err != nil {
		t.Fatal(err)
	}
	verdict := regexp.MustCompile(`(?i)^\W*(approved|lgtm|accepted|rejected)\b`)
	for _, c := range []struct{ step, question string }{{"03-04", "review"}, {"04-05", "approval"}} {
		s, _ := route.Step(c.step)
		if s == nil {
			t.Fatalf("no step %s", c.step)
		}
		for _, d := range steps.Depths {
			for _, q := range s.Questions(d) {
				if q.ID == c.question && verdict.MatchString(q.Draft) {
					t.Errorf("%s.%s at %s depth is drafted with a verdict: %q", c.step, q.ID, d, q.Draft)
				}
			}
		}
	}
	for _, s := range route.Steps() {
		for _, d := range steps.Depths {
			for _, p := range s.Prose(d) {
				if strings.Contains(p, "if I had to guess") {
					t.Errorf("step %s promises a guess it does not show: %q", s.ID, p)
				}
			}
		}
	}
}
