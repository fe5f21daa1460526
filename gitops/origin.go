package gitops

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	gogit "github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/config"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"
)

// Origin is the commit a file's current run of history started at.
type Origin struct {
	Hash   string
	Author string
	Time   time.Time
}

// FirstCommit walks rev's first-parent history back while path exists and
// returns the oldest commit of that run: on an analysis branch, the commit
// that started the analysis; on the base branch, the commit that merged
// it (a merge, a squash, or the branch's own commits after a
// fast-forward). The walk stops at the edge of a shallow clone, where the
// oldest commit it can see is the best answer there is.
func (r *Repo) FirstCommit(rev, path string) (Origin, error) {
	c, err := r.commitAt(rev)
	if err != nil {
		return Origin{}, err
	}
	if ok, err := hasFile(c, path); err != nil || !ok {
		if err == nil {
			err = fmt.Errorf("%s:%s: %w", rev, path, os.ErrNotExist)
		}
		return Origin{}, err
	}
	for len(c.ParentHashes) > 0 {
		p, err := object.GetCommit(r.st, c.ParentHashes[0])
		if errors.Is(err, plumbing.ErrObjectNotFound) {
			break // shallow
		}
		if err != nil {
			return Origin{}, err
		}
		ok, err := hasFile(p, path)
		if err != nil {
			return Origin{}, err
		}
		if !ok {
			break
		}
		c = p
	}
	return Origin{Hash: c.Hash.String(), Author: c.Author.Name, Time: c.Author.When}, nil
}

func hasFile(c *object.Commit, path string) (bool, error) {
	t, err := c.Tree()
	if err != nil {
		return false, err
	}
	e, err := t.FindEntry(path)
	if errors.Is(err, object.ErrEntryNotFound) || errors.Is(err, object.ErrDirectoryNotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return e.Mode != filemode.Dir, nil
}

// ListDirs returns the names of the folders directly inside dir at rev, in
// git's order. A directory absent at rev gives an error wrapping
// os.ErrNotExist.
func (r *Repo) ListDirs(rev, dir string) ([]string, error) {
	return r.listEntries(rev, dir, func(m filemode.FileMode) bool { return m == filemode.Dir })
}

// FetchPrefix brings every branch of remote whose name starts with prefix
// into refs/remotes/<remote>/, pruning those the remote no longer has. In a
// shallow clone only their tips come: enough to read the files at each
// tip, which is all a look across analyses needs.
func (r *Repo) FetchPrefix(ctx context.Context, remote, prefix, token string) error {
	if strings.ContainsAny(prefix, "*: \t\n^~?[\\") || strings.Contains(prefix, "..") {
		return fmt.Errorf("fetch: %q is not a branch prefix", prefix)
	}
	spec := config.RefSpec("+refs/heads/" + prefix + "*:refs/remotes/" + remote + "/" + prefix + "*")
	o := &gogit.FetchOptions{RemoteName: remote, RefSpecs: []config.RefSpec{spec}, Tags: gogit.NoTags, Prune: true}
	shallow, err := r.Shallow()
	if err != nil {
		return err
	}
	if shallow {
		o.Depth = 1
	}
	if o.Auth, err = r.auth(remote, token); err != nil {
		return err
	}
	err = r.repo.FetchContext(ctx, o)
	if err != nil && !errors.Is(err, gogit.NoErrAlreadyUpToDate) && !isMissingRef(err) {
		return fmt.Errorf("fetch %s* from %s: %w", prefix, remote, err)
	}
	if o.Depth > 0 {
		return r.unshallow()
	}
	return nil
}
