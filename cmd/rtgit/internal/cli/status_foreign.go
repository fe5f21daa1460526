package cli

import (
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/rtgit/rtgit/internal/repofs"
	"github.com/rtgit/rtgit/steps"
)

// foreignAnalyses lists the folders under dir (the analyses' folder) in the
// worktree that hold a meta.json: analyses kept before rtgit, or by
// another tool, which have no rtgit/<slug> branch. status names them so
// "No analyses yet" is not said of a repository full of them; rtgit
// neither lists nor changes them. Reads stay inside the repository.
func foreignAnalyses(root, dir string) []string {
	fsys := repofs.FS(root)
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		if st, err := fs.Stat(fsys, path.Join(dir, e.Name(), "meta.json")); err == nil && st.Mode().IsRegular() {
			out = append(out, e.Name())
		}
	}
	slices.SortFunc(out, func(a, b string) int { return strings.Compare(strings.ToLower(a), strings.ToLower(b)) })
	return out
}

// listSome names the first n names and says how many more there are.
func listSome(names []string, n int) string {
	if len(names) <= n {
		return steps.JoinAnd(names)
	}
	return steps.JoinAnd(append(names[:n:n], steps.Count(len(names)-n, "more", "more")))
}
