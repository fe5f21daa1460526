package gitops

import (
	"errors"
	"fmt"

	"github.com/go-git/go-git/v5/plumbing"
)

// MainlineCommit is one commit of a branch's first-parent history: one
// change as the branch took it (a pull request's merge or squash, or a
// commit pushed straight to it).
type MainlineCommit struct {
	Hash    string // full SHA
	Subject string
	// Message is the commit's whole message and, for a merge, the
	// messages of the commits it brought in, which is where the names a
	// pull request's commits carry are found after a merge.
	Message string
	// Touched are the paths asked about whose entry differs from the
	// first parent's tree, in the order asked.
	Touched []string
}

// ErrNotMainline means a commit is not on the first-parent history of
// the branch it was looked for on.
var ErrNotMainline = errors.New("not on the branch's first-parent history")

// Mainline lists the first-parent history of to after from, oldest
// first, with which of paths each commit changed. from must be on that
// history (ErrNotMainline otherwise); "" lists it to the root. Each
// commit costs the root trees of it and its first parent, and the trees
// along each asked path only where they differ.
func (r *Repo) Mainline(from, to string, paths []string) ([]MainlineCommit, error) {
	out, err := r.mainline(from, to, paths)
	if errors.Is(err, plumbing.ErrObjectNotFound) {
		return nil, fmt.Errorf("%w: %v", ErrMissingHistory, err)
	}
	return out, err
}

func (r *Repo) mainline(from, to string, paths []string) ([]MainlineCommit, error) {
	var stop plumbing.Hash
	if from != "" {
		h, err := r.resolveHash(from)
		if err != nil {
			return nil, err
		}
		stop = h
	}
	tip, err := r.resolveHash(to)
	if err != nil {
		return nil, err
	}
	trees, done, err := r.newTreeCache()
	if err != nil {
		return nil, err
	}
	defer done()
	var out []MainlineCommit
	for h := tip; h != stop; {
		c, err := trees.commit(h)
		if err != nil {
			return nil, err
		}
		mc := MainlineCommit{Hash: h.String(), Subject: c.Subject, Message: c.Message}
		var parent plumbing.Hash
		if len(c.Parents) > 0 {
			p, err := trees.commit(c.Parents[0])
			if err != nil {
				return nil, err
			}
			parent = p.Tree
		}
		for _, p := range paths {
			same, err := trees.same(parent, c.Tree, p)
			if err != nil {
				return nil, err
			}
			if !same {
				mc.Touched = append(mc.Touched, p)
			}
		}
		for _, side := range c.Parents[min(1, len(c.Parents)):] {
			if _, err := trees.walkRange(c.Parents[0], side, func(b *walkCommit) error {
				mc.Message += "\n" + b.Message
				return nil
			}); err != nil {
				return nil, err
			}
		}
		out = append(out, mc)
		if len(c.Parents) == 0 {
			if !stop.IsZero() {
				return nil, fmt.Errorf("%s: %w", ShortHash(stop.String()), ErrNotMainline)
			}
			break
		}
		h = c.Parents[0]
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out, nil
}
