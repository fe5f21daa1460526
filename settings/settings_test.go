package settings

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fakeGit holds each branch's tip and each commit's files.
type fakeGit struct {
	tips    map[string]string
	files   map[string]map[string]string
	fetched []string
}

func (g *fakeGit) Fetch(_ context.Context, remote, branch, _ string) (string, error) {
	g.fetched = append(g.fetched, remote+"/"+branch)
	tip, ok := g.tips[branch]
	if !ok {
		return "", fmt.Errorf("%s on %s: no such branch", branch, remote)
	}
	return tip, nil
}

func (g *fakeGit) ReadFileAt(rev, path string) ([]byte, error) {
	data, ok := g.files[rev][path]
	if !ok {
		return nil, fmt.Errorf("%s:%s: %w", rev, path, fs.ErrNotExist)
	}
	return []byte(data), nil
}

const mainTip = "1111111111111111111111111111111111111111"

func TestFromDefaultBranchReadsTheFetchedTip(t *testing.T) {
	g := &fakeGit{tips: map[string]string{"main": mainTip, "rtgit/x": "2222222222222222222222222222222222222222"},
		files: map[string]map[string]string{
			mainTip: {Path: "ai:\n  model: trusted\n"},
			"2222222222222222222222222222222222222222": {Path: "ai:\n  model: evil\n"},
		}}
	f, err := FromDefaultBranch(context.Background(), g, "origin", "main", "tok")
	if err != nil {
		t.Fatal(err)
	}
	if string(f.Data) != "ai:\n  model: trusted\n" {
		t.Errorf("Data = %q", f.Data)
	}
	if f.Source != ".rtgit/config.yaml on main at 11111111" {
		t.Errorf("Source = %q", f.Source)
	}
	// The commit is kept, so other files are read from exactly it.
	if f.Commit != mainTip || f.Branch != "main" || f.Where() != "on main at 11111111" {
		t.Errorf("Commit, Branch, Where = %q, %q, %q; want the fetched tip of main", f.Commit, f.Branch, f.Where())
	}
	if strings.Join(g.fetched, ",") != "origin/main" {
		t.Errorf("fetched %v, want origin/main only", g.fetched)
	}
	var ai struct{ Model string }
	if err := f.Section("ai", &ai); err != nil || ai.Model != "trusted" {
		t.Errorf("Section(ai) = %+v, %v", ai, err)
	}
}

func TestFromDefaultBranchWithoutFileIsDefaults(t *testing.T) {
	g := &fakeGit{tips: map[string]string{"main": mainTip}, files: map[string]map[string]string{}}
	f, err := FromDefaultBranch(context.Background(), g, "origin", "main", "")
	if err != nil || !f.Absent() {
		t.Fatalf("FromDefaultBranch = %+v, %v; want an absent file", f, err)
	}
	// Without a settings file the commit still decides the other files.
	if f.Commit != mainTip {
		t.Errorf("Commit = %q; want the tip even without a settings file", f.Commit)
	}
	if _, err := f.Read(); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Read of an absent file = %v, want fs.ErrNotExist", err)
	}
}

func TestFromDefaultBranchRefuses(t *testing.T) {
	g := &fakeGit{tips: map[string]string{}, files: map[string]map[string]string{}}
	for branch, want := range map[string]string{
		"":        "default branch is unknown",
		"rtgit/x": "analysis branch",
		"main":    "fetch the default branch main",
	} {
		if _, err := FromDefaultBranch(context.Background(), g, "origin", branch, ""); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("branch %q: err = %v, want it to say %q", branch, err, want)
		}
	}
}

func TestSectionIsStrict(t *testing.T) {
	f := File{Data: []byte("signoff:\n  required: [tasks]\n  min_aprovers: 2\n"), Source: Path}
	var v struct {
		Required     []string `yaml:"required"`
		MinApprovers int      `yaml:"min_approvers"`
	}
	err := f.Section("signoff", &v)
	if err == nil || !strings.Contains(err.Error(), "min_aprovers") || !strings.Contains(err.Error(), Path) {
		t.Errorf("Section with a misspelt key = %v, want an error naming it and the file", err)
	}
	if err := (File{}).Section("signoff", &v); err != nil {
		t.Errorf("Section of an absent file = %v", err)
	}
}

func TestFromWorktree(t *testing.T) {
	root := t.TempDir()
	if f, err := FromWorktree(root); err != nil || !f.Absent() {
		t.Fatalf("no file: %+v, %v", f, err)
	}
	if err := os.MkdirAll(filepath.Join(root, ".rtgit"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, ".rtgit", "config.yaml"), []byte("github:\n  reactions: false\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := FromWorktree(root)
	if err != nil || string(f.Data) != "github:\n  reactions: false\n" || f.Source != Path || f.Where() != "" {
		t.Fatalf("FromWorktree = %+v, %v", f, err)
	}
}
