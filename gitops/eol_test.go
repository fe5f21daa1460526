package gitops

import (
	"strings"
	"testing"
)

// Under core.autocrlf=true a worktree holds CRLF, and git stores LF. A
// file rtgit commits must be stored as git add would store it, and git
// must then see the worktree as clean.
func TestCommitRespectsAutocrlf(t *testing.T) {
	dir, _ := newRepo(t, baseFiles)
	git(t, dir, "config", "core.autocrlf", "true")
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, dir, "docs/answer.md", "# Answer\r\n\r\nCustomers export CSV.\r\n")
	writeFile(t, dir, "docs/data.bin", "a\r\nb\x00\r\n") // binary: stored as it is
	if _, err := r.Commit([]string{"docs/answer.md", "docs/data.bin"}, "add answer"); err != nil {
		t.Fatal(err)
	}
	blob, err := r.ReadFileAt("HEAD", "docs/answer.md")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(blob), "\r") {
		t.Errorf("committed with CRLF under core.autocrlf=true: %q", blob)
	}
	if bin, _ := r.ReadFileAt("HEAD", "docs/data.bin"); string(bin) != "a\r\nb\x00\r\n" {
		t.Errorf("a binary file was converted: %q", bin)
	}
	equal(t, "status", git(t, dir, "status", "--porcelain"), "")
	fsck(t, dir)

	// Without the setting, bytes are stored as they are, as git does.
	dir2, r2 := newRepo(t, baseFiles)
	writeFile(t, dir2, "crlf.md", "a\r\n")
	if _, err := r2.Commit([]string{"crlf.md"}, "crlf"); err != nil {
		t.Fatal(err)
	}
	if b, _ := r2.ReadFileAt("HEAD", "crlf.md"); string(b) != "a\r\n" {
		t.Errorf("converted without core.autocrlf: %q", b)
	}
}
