package library

import (
	"io/fs"
	"os"
	"path"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/rtgit/rtgit/steps"
)

// seedFixtures are step files written in the seed's prose dialect (the
// step-file parser's fixtures), one or more per phase.
var seedFixtures = os.DirFS("../stepfile/testdata/seed")

func fixtureFiles(t *testing.T) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	err := fs.WalkDir(seedFixtures, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || path.Ext(p) != ".md" {
			return err
		}
		data, err := fs.ReadFile(seedFixtures, p)
		out[p] = data
		return err
	})
	if err != nil || len(out) == 0 {
		t.Fatalf("fixtures: %v (%d files)", err, len(out))
	}
	return out
}

func TestSeedFixturesLintClean(t *testing.T) {
	repo := fstest.MapFS{}
	for p, data := range fixtureFiles(t) {
		repo[RepoStepsDir+"/"+p] = &fstest.MapFile{Data: data}
	}
	p, err := Load(defaults, repo)
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for _, pr := range Lint(p) {
		if pr.Severity == steps.Error {
			t.Errorf("lint: %s", pr)
		}
		if strings.Contains(pr.Msg, "seed dialect: ") {
			seen++
		}
	}
	if want := len(fixtureFiles(t)); seen != want {
		t.Errorf("lint named the dialect of %d files, want %d", seen, want)
	}
	if s, _ := p.Step("01-02"); s == nil || s.Persona != "business-analyst" || s.Dialect != steps.DialectSeed {
		t.Errorf("01-02 = %+v", s)
	}
	if s, _ := p.Step("04-06"); s == nil || s.Persona != "system-designer" || s.Depth != steps.Brief {
		t.Errorf("04-06 = %+v", s)
	}
}
