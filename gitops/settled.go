package gitops

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/object"
)

// maxSettledWalk bounds how far LastChanged walks back.
const maxSettledWalk = 500

// LastChanged is the commit at which dir's content, as rev holds it, was
// last changed: the oldest commit in the run of first-parent ancestors of
// rev (rev included) whose dir holds the same files with the same
// content, the entries named in ignore (directly inside dir) apart. A
// link to a file at that commit stays the same while only the ignored
// files change (an analysis's meta.json, which publishing and sign-off
// rewrite), so publishing twice links to the same place.
//
// The walk stops at a root, at a commit whose parent is missing (a
// shallow clone's boundary) and after maxSettledWalk commits.
func (r *Repo) LastChanged(rev, dir string, ignore ...string) (string, error) {
	c, err := r.commitAt(rev)
	if err != nil {
		return "", err
	}
	key, err := dirKey(c, dir, ignore)
	if err != nil {
		return "", err
	}
	for i := 0; i < maxSettledWalk && c.NumParents() > 0; i++ {
		p, err := c.Parent(0)
		if err != nil {
			break // a shallow boundary: the history ends here
		}
		k, err := dirKey(p, dir, ignore)
		if err != nil || k != key {
			break
		}
		c = p
	}
	return c.Hash.String(), nil
}

// dirKey names dir's content at c, the ignored entries apart: equal keys
// are equal trees.
func dirKey(c *object.Commit, dir string, ignore []string) (string, error) {
	t, err := c.Tree()
	if err != nil {
		return "", fmt.Errorf("%s: %w", c.Hash, err)
	}
	if dir = strings.Trim(dir, "/"); dir != "" {
		sub, err := t.Tree(dir)
		if errors.Is(err, object.ErrDirectoryNotFound) || errors.Is(err, plumbing.ErrObjectNotFound) {
			return "", nil
		}
		if err != nil {
			return "", fmt.Errorf("%s:%s: %w", c.Hash, dir, err)
		}
		t = sub
	}
	var b strings.Builder
	for _, e := range t.Entries {
		if slices.Contains(ignore, e.Name) {
			continue
		}
		fmt.Fprintf(&b, "%o %s %s\n", e.Mode, e.Hash, e.Name)
	}
	return b.String(), nil
}
