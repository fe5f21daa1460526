package templates

import (
	"errors"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"
)

func TestSetPrefersTheOverrideAndSaysWhereItIs(t *testing.T) {
	repo := fstest.MapFS{OverrideDir + "/answer-file.md.tmpl": {Data: []byte("mine\n")}}
	for _, tc := range []struct {
		where, want string
	}{
		{"", ".rtgit/templates/answer-file.md.tmpl"},
		{"on main at 1a2b3c4d", ".rtgit/templates/answer-file.md.tmpl on main at 1a2b3c4d"},
	} {
		data, source, err := Set{Repo: repo, Where: tc.where}.Read("answer-file.md.tmpl")
		if err != nil || string(data) != "mine\n" || source != tc.want {
			t.Errorf("Where %q: Read = %q, %q, %v; want the override from %q", tc.where, data, source, err, tc.want)
		}
	}
	data, source, err := Set{Repo: repo, Where: "on main at 1a2b3c4d"}.Read("ai/system.tmpl")
	if err != nil || len(data) == 0 || source != "embedded:templates/ai/system.tmpl" {
		t.Errorf("no override: Read = %d bytes, %q, %v; want the embedded default", len(data), source, err)
	}
}

// brokenFS fails every read the way a refused symlink does.
type brokenFS struct{}

var errRefused = errors.New("a symlink")

func (brokenFS) Open(name string) (fs.File, error) {
	return nil, &fs.PathError{Op: "open", Path: name, Err: errRefused}
}

func TestSetBrokenOverrideIsAnErrorNamingItsFile(t *testing.T) {
	_, _, err := Set{Repo: brokenFS{}, Where: "on main at 1a2b3c4d"}.Read("answer-file.md.tmpl")
	if !errors.Is(err, errRefused) || !strings.HasPrefix(err.Error(), ".rtgit/templates/answer-file.md.tmpl on main at 1a2b3c4d: ") {
		t.Fatalf("Read of a broken override = %v; want an error naming the file and where it is, not the default", err)
	}
}
