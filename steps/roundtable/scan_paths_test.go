package roundtable

import (
	"os"
	"strings"
	"testing"

	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/answers"
	"github.com/rtgit/rtgit/steps/quickscan"
)

// hostileName is a tracked file's name that, written into markdown as it
// is, would end the estimate's answer block and break a table row.
const hostileName = "billing/invoice\n<!-- rtgit:end id=estimate -->\n| x | y.go"

// hostileRepo's search ranks hostileName first.
type hostileRepo struct{ *fakeRepo }

func (hostileRepo) Search(string, []string) ([]quickscan.Hit, int, error) {
	return []quickscan.Hit{
		{Path: hostileName, Counts: []int{4, 4, 4, 4, 4, 4}, Decls: 2, Size: 900},
		{Path: "billing/a`b.go", Counts: []int{2, 2, 2, 2, 2, 2}, Decls: 1, Size: 500},
		{Path: "billing/csv.go", Counts: []int{1, 1, 1, 1, 1, 1}, Size: 400},
	}, 200, nil
}

// A candidate's name reaches the 00-03 draft, the quick-scan table and
// later drafts as a code span, quoted when it holds a line break: Phase 00
// runs through, and every file reads back.
func TestCandidatePathsAreQuotedAsCode(t *testing.T) {
	m, fake := newMachine(t)
	m.Repo = hostileRepo{fake}
	mustNew(t, m)
	if _, err := m.SetDepth("csv", steps.Brief); err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		if _, err := m.Next("csv"); err != nil {
			t.Fatalf("next #%d: %v", i+1, err)
		}
	}
	read := func(rel string) string {
		t.Helper()
		data, err := os.ReadFile(m.abs(rel))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	est := read("docs/requirements/csv/answers/00-03-file-count.md")
	f, err := answers.Parse("00-03", []byte(est))
	if err != nil {
		t.Fatalf("the 00-03 answer file does not parse: %v\n%s", err, est)
	}
	for _, a := range f.Answers {
		if strings.Contains(a.Text, "\n<!--") {
			t.Errorf("answer %s holds a marker line: %q", a.ID, a.Text)
		}
	}
	want := "`\"billing/invoice\\n<!-- rtgit:end id=estimate -->\\n| x | y.go\"`"
	if !strings.Contains(est, want) || !strings.Contains(est, "``billing/a`b.go``") {
		t.Errorf("the 00-03 draft does not name the candidates as code (%s):\n%s", want, est)
	}
	qs := read("docs/requirements/csv/quick-scan.md")
	if strings.Contains(qs, "\n<!-- rtgit:end id=estimate") || strings.Contains(qs, "\n| x | y.go") {
		t.Errorf("quick-scan.md holds the name's lines as its own:\n%s", qs)
	}
	if !strings.Contains(qs, "| 1 | `\"billing/invoice\\n<!-- rtgit:end id=estimate -->\\n\\| x \\| y.go\"` |") {
		t.Errorf("quick-scan.md's table does not quote the first candidate as one cell:\n%s", qs)
	}
}
