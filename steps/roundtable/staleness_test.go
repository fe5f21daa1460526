package roundtable

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// trackedRepo is the fake repository with a hand-written Tracker: the base
// tip and what changed are set by the test.
type trackedRepo struct {
	*fakeRepo
	tip     string
	tipErr  error
	drift   *Drift
	asked   []string // the paths Drift was asked about
	unknown string   // a commit ResolveCommit does not know
	tips    int      // BaseTip calls
}

func (r *trackedRepo) BaseTip() (string, string, error) {
	r.tips++
	return "main", r.tip, r.tipErr
}

func (r *trackedRepo) ResolveCommit(rev string) (string, error) {
	if rev == r.unknown {
		return "", errors.New("not found")
	}
	return rev, nil
}

func (r *trackedRepo) Drift(from, to string, paths []string) (*Drift, error) {
	r.asked = paths
	return r.drift, nil
}

func TestStalenessLevels(t *testing.T) {
	m, repo := newMachine(t)
	mustNew(t, m)
	tr := &trackedRepo{fakeRepo: repo}
	m.Repo = tr
	base := repo.branches["main"].id
	impact := filepath.Join(repo.root, "docs", "requirements", "csv", "impact-analysis.md")
	check := func(want, msg string) *Staleness {
		t.Helper()
		s, err := m.Staleness("csv")
		if err != nil {
			t.Fatal(err)
		}
		if s.Level != want || !strings.Contains(s.Message, msg) {
			t.Fatalf("level %s (%s), want %s with %q", s.Level, s.Message, want, msg)
		}
		return s
	}

	tr.tip = base
	check(StaleNone, "has not moved")

	tr.tip = "d00d000000000000000000000000000000000000"
	tr.drift = &Drift{Commits: -1, Paths: []string{"src/a.go", "src/b.go", "src/c.go"}}
	check(StaleUnknown, "names no files, so only the commits can be compared")

	// Merging analyses moves the base branch, not its code.
	tr.drift = &Drift{Commits: -1, Paths: []string{"docs/requirements/csv/meta.json", "docs/requirements/other/meta.json"}}
	if s := check(StaleNone, "changing only analysis documents under docs/requirements/"); s.ChangedFiles != 0 {
		t.Errorf("changed files %d, want 0: analysis documents are not code", s.ChangedFiles)
	}
	tr.drift = &Drift{Commits: -1, Paths: []string{"docs/requirements/csv/meta.json", "src/a.go", "docs/guide.md"}}
	if s := check(StaleUnknown, "changing 2 files; the impact analysis names no files"); s.ChangedFiles != 2 {
		t.Errorf("changed files %d, want 2", s.ChangedFiles)
	}

	table := "# Impact\n\n## 2. Directly Affected Files\n\n| File | Module | Impact | Change type |\n| --- | --- | --- | --- |\n| `src/a.go` | src | named in 02-01 radius | modify |\n| `src/b.go` | src | named in 02-01 radius | modify |\n"
	if err := os.WriteFile(impact, []byte(table), 0o644); err != nil {
		t.Fatal(err)
	}
	check(StaleInfo, "none of the 2 files the impact analysis names changed")
	if strings.Join(tr.asked, " ") != "src/a.go src/b.go" {
		t.Errorf("Drift was asked about %q", tr.asked)
	}

	tr.drift = &Drift{Commits: 4, Paths: []string{"src/a.go", "src/b.go", "src/c.go"}, Files: []StaleFile{{Path: "src/b.go", Change: "deleted", Commits: []StaleCommit{{Hash: "abcdef0123", Subject: "drop b"}}}}}
	s := check(StaleWarning, "1 of the 2 files")
	if !s.Stale() || !strings.Contains(strings.Join(s.Lines(), "\n"), "src/b.go (deleted)\n    abcdef0 drop b") {
		t.Errorf("lines:\n%s", strings.Join(s.Lines(), "\n"))
	}

	tr.drift = &Drift{Commits: 0, Paths: []string{"src/a.go", "src/b.go", "src/c.go"}}
	check(StaleNone, "no commits the analysis")

	tr.tipErr = errors.New("no default branch")
	check(StaleUnknown, "no base branch to compare with")
	tr.tipErr = nil

	tr.unknown = base
	check(StaleUnknown, "is not in this repository")
}

// A repository that cannot be compared is reported, never an error.
func TestStalenessWithoutTracker(t *testing.T) {
	m, _ := newMachine(t)
	mustNew(t, m)
	s, err := m.Staleness("csv")
	if err != nil || s.Level != StaleUnknown || s.Stale() {
		t.Fatalf("%+v %v", s, err)
	}
	if _, err := m.Refresh("csv"); err == nil {
		t.Error("refresh without a tracker must fail")
	}
}

// The list resolves the base tip as often for three analyses as for one:
// each lookup can read the whole packed-refs file, and the base cannot
// move while the list is read.
func TestListResolvesTheBaseTipOnce(t *testing.T) {
	m, repo := newMachine(t)
	mustNew(t, m)
	tr := &trackedRepo{fakeRepo: repo, tip: repo.branches["main"].id, drift: &Drift{}}
	m.Repo = tr
	list := func() int {
		t.Helper()
		tr.tips = 0
		rows, err := m.List()
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rows {
			if r.Err != nil || r.Staleness != StaleNone {
				t.Fatalf("%s: staleness %q, %v", r.Slug, r.Staleness, r.Err)
			}
		}
		return tr.tips
	}
	one := list()
	for _, slug := range []string{"reminders", "refunds"} {
		if _, err := m.New(NewOptions{Description: "Handle " + slug, Slug: slug}); err != nil {
			t.Fatal(err)
		}
	}
	if three := list(); one == 0 || three != one {
		t.Errorf("BaseTip called %d times for one analysis, %d for three", one, three)
	}
}

// Refresh counts the files that moved as the staleness check does:
// analysis documents merged meanwhile are not code that changed.
func TestRefreshCountsCodeNotAnalysisDocuments(t *testing.T) {
	m, repo := newMachine(t)
	mustNew(t, m)
	tr := &trackedRepo{fakeRepo: repo, tip: "d00d000000000000000000000000000000000000"}
	tr.drift = &Drift{Commits: 2, Paths: []string{"docs/requirements/other/meta.json", "src/a.go"}}
	m.Repo = tr
	r, err := m.Refresh("csv")
	if err != nil {
		t.Fatal(err)
	}
	var said []string
	for _, l := range r.Lines {
		said = append(said, l.Text)
	}
	if text := strings.Join(said, "\n"); !strings.Contains(text, ": 2 commits, 1 file changed.") {
		t.Errorf("refresh reply:\n%s", text)
	}
}
