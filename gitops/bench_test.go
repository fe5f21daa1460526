package gitops

import (
	"fmt"
	"path/filepath"
	"testing"
)

// benchRepo is a repository the size of a modest service: 2000 files in 40
// directories, all committed.
func benchRepo(b *testing.B) string {
	b.Helper()
	files := make(map[string]string, 2000)
	for i := range 2000 {
		files[fmt.Sprintf("pkg%02d/sub/file%04d.go", i%40, i)] = fmt.Sprintf("package pkg\n\n// file %d\n", i)
	}
	dir, _ := newRepo(b, files)
	return dir
}

var benchPaths = []string{
	"docs/requirements/bench/meta.json",
	"docs/requirements/bench/answers/00-01-scope.md",
	"docs/requirements/bench/requirements.md",
}

// writeBenchFiles changes the three rtgit files so every commit has work.
func writeBenchFiles(b *testing.B, dir string, n int) {
	for _, p := range benchPaths {
		writeFile(b, dir, p, fmt.Sprintf("%s revision %d\n", filepath.Base(p), n))
	}
}

func BenchmarkCommit(b *testing.B) {
	dir := benchRepo(b)
	r, err := Open(dir)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := range b.N {
		b.StopTimer()
		writeBenchFiles(b, dir, i)
		b.StartTimer()
		if _, err := r.Commit(benchPaths, fmt.Sprintf("rtgit: step %d", i)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGitAddCommit is the same work done with the git CLI, for scale.
func BenchmarkGitAddCommit(b *testing.B) {
	dir := benchRepo(b)
	b.ResetTimer()
	for i := range b.N {
		b.StopTimer()
		writeBenchFiles(b, dir, i)
		b.StartTimer()
		git(b, dir, append([]string{"add", "--"}, benchPaths...)...)
		git(b, dir, "commit", "-q", "-m", fmt.Sprintf("git: step %d", i))
	}
}
