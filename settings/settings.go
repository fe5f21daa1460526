// Package settings owns where rtgit's settings come from.
//
// Locally, .rtgit/config.yaml is read from the working tree: the person
// running rtgit chose what is checked out. In the Action, every setting
// that decides whom rtgit trusts or where it sends data (ai, github,
// critic, the sign-off policy, issue labels) is read with
// FromDefaultBranch from the default branch's commit in git, whatever the
// event and whatever the working tree holds. Only people who can change
// the default branch change those settings; a push to an analysis branch
// or a pull request's merge commit never does. The repository's
// overrides (step files, personas, templates) are read from the same
// commit, File.Commit.
//
// The file's sections are parsed by their owners (ai.ParseConfig,
// review.ParseConfig, critic.ParseConfig, ...) from File.Data; Section
// decodes one for a reader that has no parser of its own.
package settings

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/rtgit/rtgit/internal/repofs"
)

// Path is the repository's settings file.
const Path = ".rtgit/config.yaml"

// MaxBytes bounds the settings file; a real one is a few hundred bytes.
const MaxBytes = 1 << 20

// File is .rtgit/config.yaml as read from one place.
type File struct {
	// Data is the file's content; nil when there is no file, which means
	// every default.
	Data []byte
	// Source says where it was read, for messages: ".rtgit/config.yaml"
	// for the working tree, ".rtgit/config.yaml on main at 3f2a1c9e" for
	// a commit.
	Source string
	// Branch and Commit are the default branch and the tip it was read
	// at, by FromDefaultBranch; both "" for the working tree. Whatever
	// else policy allows only from that branch (a repository's step
	// files and templates) is read from the same commit.
	Branch, Commit string
}

// Where says where the file was read, for naming other files read from
// the same place: "on main at 3f2a1c9e", or "" for the working tree.
func (f File) Where() string {
	if f.Commit == "" {
		return ""
	}
	return fmt.Sprintf("on %s at %.8s", f.Branch, f.Commit)
}

// Absent reports whether there was no file: every setting is its default.
func (f File) Absent() bool { return f.Data == nil }

// Read returns the file's content, or an error wrapping fs.ErrNotExist
// when there is none, as reading it from disk would.
func (f File) Read() ([]byte, error) {
	if f.Data == nil {
		return nil, fmt.Errorf("%s: %w", Path, fs.ErrNotExist)
	}
	return f.Data, nil
}

// FromWorktree reads .rtgit/config.yaml from the working tree under root,
// for local commands. A missing file is an absent File, not an error.
func FromWorktree(root string) (File, error) {
	f := File{Source: Path}
	data, err := repofs.ReadFile(root, Path)
	if errors.Is(err, fs.ErrNotExist) {
		return f, nil
	}
	if err != nil {
		return f, fmt.Errorf("%s: %w", Path, err)
	}
	if len(data) > MaxBytes {
		return f, fmt.Errorf("%s: %d bytes; the limit is %d", Path, len(data), MaxBytes)
	}
	f.Data = data
	return f, nil
}

// Git is what FromDefaultBranch needs of a repository (gitops.Repo).
type Git interface {
	// Fetch brings branch from remote into its remote-tracking ref and
	// returns its tip.
	Fetch(ctx context.Context, remote, branch, token string) (string, error)
	// ReadFileAt is path's content at rev; an error wrapping
	// fs.ErrNotExist when rev has no such file.
	ReadFileAt(rev, path string) ([]byte, error)
}

// FromDefaultBranch is the trusted-settings loader of the Action. It
// fetches branch, the repository's default branch, from remote and reads
// .rtgit/config.yaml from its tip commit through git. The working tree is
// never read: on a push or a review event the workflow may have checked
// out the analysis branch or a pull request's merge commit, which anyone
// who can push an analysis branch controls. A default branch without the
// file is an absent File (every default).
func FromDefaultBranch(ctx context.Context, g Git, remote, branch, token string) (File, error) {
	if branch == "" {
		return File{}, errors.New("the default branch is unknown; settings are read only from it")
	}
	if strings.HasPrefix(branch, "rtgit/") {
		return File{}, fmt.Errorf("the default branch %q is an analysis branch; settings cannot come from one", branch)
	}
	tip, err := g.Fetch(ctx, remote, branch, token)
	if err != nil {
		return File{}, fmt.Errorf("settings: fetch the default branch %s: %w", branch, err)
	}
	return readAt(g, branch, tip)
}

// Reader is what FromBranch needs of a repository (gitops.Repo).
type Reader interface {
	ResolveCommit(rev string) (string, error)
	ReadFileAt(rev, path string) ([]byte, error)
}

// FromBranch reads .rtgit/config.yaml at branch's tip as this clone
// knows it (origin/main once fetched), through git, for the local
// commands that apply policy to an analysis (rtgit publish): they run
// with the analysis branch checked out, and whoever can push that branch
// must not relax the policy it is judged by, nor choose its labels. The
// working tree is never read.
func FromBranch(g Reader, branch string) (File, error) {
	if branch == "" || strings.HasPrefix(branch, "rtgit/") || strings.Contains(branch, "/rtgit/") {
		return File{}, fmt.Errorf("the default branch %q is unknown or an analysis branch; settings are read only from the default branch", branch)
	}
	tip, err := g.ResolveCommit(branch)
	if err != nil {
		return File{}, fmt.Errorf("settings: the default branch %s: %w", branch, err)
	}
	return readAt(g, branch, tip)
}

// readAt reads the file at tip of branch.
func readAt(g interface {
	ReadFileAt(rev, path string) ([]byte, error)
}, branch, tip string) (File, error) {
	f := File{Branch: branch, Commit: tip}
	f.Source = Path + " " + f.Where()
	data, err := g.ReadFileAt(tip, Path)
	if errors.Is(err, fs.ErrNotExist) {
		return f, nil
	}
	if err != nil {
		return f, fmt.Errorf("%s: %w", f.Source, err)
	}
	if len(data) > MaxBytes {
		return f, fmt.Errorf("%s: %d bytes; the limit is %d", f.Source, len(data), MaxBytes)
	}
	if data == nil {
		data = []byte{}
	}
	f.Data = data
	return f, nil
}

// Section decodes the value of the top-level key into v, rejecting fields
// v does not have. An absent file or key leaves v as it is.
func (f File) Section(key string, v any) error {
	if f.Data == nil {
		return nil
	}
	var whole map[string]yaml.Node
	if err := yaml.Unmarshal(f.Data, &whole); err != nil {
		return fmt.Errorf("%s: %w", f.Source, err)
	}
	node, ok := whole[key]
	if !ok {
		return nil
	}
	var buf bytes.Buffer
	if err := yaml.NewEncoder(&buf).Encode(&node); err != nil {
		return fmt.Errorf("%s: %s: %w", f.Source, key, err)
	}
	dec := yaml.NewDecoder(&buf)
	dec.KnownFields(true)
	if err := dec.Decode(v); err != nil && !errors.Is(err, io.EOF) {
		return fmt.Errorf("%s: %s: %w", f.Source, key, err)
	}
	return nil
}
