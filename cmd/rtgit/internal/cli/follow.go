package cli

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/rtgit/rtgit/follow"
	"github.com/rtgit/rtgit/gitops"
)

// followRepo adapts gitops to follow.Repo.
type followRepo struct{ *gitops.Repo }

func (f followRepo) FirstCommit(rev, path string) (string, error) {
	o, err := f.Repo.FirstCommit(rev, path)
	return o.Hash, err
}

func (f followRepo) Mainline(from, to string, paths []string) ([]follow.Change, error) {
	list, err := f.Repo.Mainline(from, to, paths)
	if err != nil {
		return nil, err
	}
	out := make([]follow.Change, len(list))
	for i, c := range list {
		out[i] = follow.Change{Hash: c.Hash, Subject: c.Subject, Message: c.Message, Touched: c.Touched}
	}
	return out, nil
}

func (f followRepo) Drift(from, to string, paths []string) ([]follow.File, error) {
	d, err := f.Repo.Drift(from, to, paths)
	if err != nil {
		return nil, err
	}
	var out []follow.File
	for _, df := range d.Files {
		ff := follow.File{Path: df.Path, Change: df.Change, RenamedTo: df.RenamedTo, Commits: []follow.Commit{}}
		for _, c := range df.Commits {
			ff.Commits = append(ff.Commits, follow.Commit{Hash: c.Hash, Subject: c.Subject})
		}
		out = append(out, ff)
	}
	return out, nil
}

// baseTip resolves the branch a merged analysis is read on: base, else
// the default branch.
func baseTip(repo *gitops.Repo, base string) (name, sha string, err error) {
	if base == "" {
		if base, err = repo.DefaultBranch(); err != nil {
			return "", "", err
		}
	}
	sha, err = repo.ResolveCommit(base)
	return base, sha, err
}

// grepTests finds the tests that name a criterion: a file whose path
// reads as a test's (a _test, test_, .test. or .spec. name, or a test/ or
// tests/ folder) holding the AC-NNN-NN id as a word. It stands in for
// verify's scan until the command line has one.
type grepTests struct{ repo *gitops.Repo }

func (g grepTests) Named(rev string, ids []string) (map[string][]string, error) {
	res, err := g.repo.Grep(gitops.GrepOptions{Rev: rev, Terms: ids, Words: true, Exclude: []string{follow.RequirementsDir + "/"}})
	if err != nil {
		return nil, err
	}
	out := map[string][]string{}
	for _, f := range res.Files {
		if !testPath(f.Path) {
			continue
		}
		data, err := g.repo.ReadFileAt(res.Commit, f.Path)
		if err != nil {
			return nil, err
		}
		for n, line := range strings.Split(string(data), "\n") {
			for _, id := range ids {
				if criterionWord(id).MatchString(line) {
					out[id] = append(out[id], fmt.Sprintf("%s:%d", f.Path, n+1))
				}
			}
		}
	}
	return out, nil
}

func (grepTests) Result(string) (bool, bool) { return false, false }

func criterionWord(id string) *regexp.Regexp {
	return regexp.MustCompile(`(^|[^A-Za-z0-9-])` + regexp.QuoteMeta(id) + `($|[^A-Za-z0-9-])`)
}

func testPath(p string) bool {
	base := p[strings.LastIndex(p, "/")+1:]
	dirs := strings.Split(p, "/")
	return strings.Contains(base, "_test.") || strings.HasPrefix(base, "test_") || strings.Contains(base, ".test.") ||
		strings.Contains(base, ".spec.") || slices.ContainsFunc(dirs[:len(dirs)-1], func(d string) bool { return d == "test" || d == "tests" })
}
