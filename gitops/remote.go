package gitops

import (
	"context"
	"errors"
	"fmt"
	"strings"

	gogit "github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/config"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/transport"
	"github.com/go-git/go-git/v5/plumbing/transport/http"
)

// ErrPushRejected means the remote branch was not where the push expected
// it: someone else pushed first. Fetch, rebuild on the new tip, push again.
var ErrPushRejected = errors.New("push rejected: the remote branch moved")

// TokenUser is the basic-auth user GitHub expects with an installation or
// Actions token; it refuses bearer tokens over git's https transport.
const TokenUser = "x-access-token"

// RemoteURL is the fetch URL of the named remote.
func (r *Repo) RemoteURL(name string) (string, error) {
	rem, err := r.repo.Remote(name)
	if err != nil {
		return "", fmt.Errorf("remote %q: %w", name, err)
	}
	urls := rem.Config().URLs
	if len(urls) == 0 {
		return "", fmt.Errorf("remote %q has no URL", name)
	}
	return urls[0], nil
}

// auth picks credentials for the remote's URL: the token as basic auth over
// http(s), nothing for a local path, where none is needed.
func (r *Repo) auth(remote, token string) (transport.AuthMethod, error) {
	if strings.ContainsAny(token, "\r\n\x00 ") {
		return nil, errors.New("the token contains whitespace or control characters")
	}
	url, err := r.RemoteURL(remote)
	if err != nil {
		return nil, err
	}
	ep, err := transport.NewEndpoint(url)
	if err != nil {
		return nil, fmt.Errorf("remote %q: %w", remote, err)
	}
	if token == "" || (ep.Protocol != "http" && ep.Protocol != "https") {
		return nil, nil
	}
	return &http.BasicAuth{Username: TokenUser, Password: token}, nil
}

// remoteRef is where a fetched branch is kept: refs/remotes/<remote>/<branch>.
func remoteRef(remote, branch string) plumbing.ReferenceName {
	return plumbing.NewRemoteReferenceName(remote, branch)
}

// Fetch brings branch from remote into refs/remotes/<remote>/<branch> and
// returns its tip. A branch the remote does not have is ErrNoBranch. In a
// shallow clone only the tip comes (see fetchOptions); DeepenUntil brings
// more when something needs it.
func (r *Repo) Fetch(ctx context.Context, remote, branch, token string) (string, error) {
	return r.fetchDepth(ctx, remote, branch, token, 0)
}

// fetchDepth is Fetch with a depth counted from the tip; 0 is the whole
// history in a full clone and the tip alone in a shallow one.
func (r *Repo) fetchDepth(ctx context.Context, remote, branch, token string, depth int) (string, error) {
	opts, err := r.fetchOptions(remote, branch, depth)
	if err != nil {
		return "", err
	}
	if opts.Auth, err = r.auth(remote, token); err != nil {
		return "", err
	}
	err = r.repo.FetchContext(ctx, opts)
	if err != nil && !errors.Is(err, gogit.NoErrAlreadyUpToDate) {
		if isMissingRef(err) {
			return "", fmt.Errorf("%s on %s: %w", branch, remote, ErrNoBranch)
		}
		return "", fmt.Errorf("fetch %s from %s: %w", branch, remote, err)
	}
	if opts.Depth > 0 {
		if err := r.unshallow(); err != nil {
			return "", err
		}
	}
	tip, err := r.st.Reference(remoteRef(remote, branch))
	if err != nil {
		return "", fmt.Errorf("%s on %s: %w", branch, remote, ErrNoBranch)
	}
	return tip.Hash().String(), nil
}

func isMissingRef(err error) bool {
	var nm gogit.NoMatchingRefSpecError
	return errors.As(err, &nm) || strings.Contains(err.Error(), "couldn't find remote ref")
}

// Push sends the local branch to remote only if the remote branch is still
// at expect (a full SHA, or "" for a branch that must not exist yet). The
// check is made against the remote's advertised refs, and the update
// itself carries the old value, so the remote refuses it if another push
// lands in between. Either way the result is ErrPushRejected.
func (r *Repo) Push(ctx context.Context, remote, branch, expect, token string) error {
	ref, err := branchRef(branch)
	if err != nil {
		return err
	}
	auth, err := r.auth(remote, token)
	if err != nil {
		return err
	}
	if expect != "" && !plumbing.IsHash(expect) {
		return fmt.Errorf("push %s: %q is not a full commit SHA", branch, expect)
	}
	local, err := r.st.Reference(ref)
	if err != nil {
		return fmt.Errorf("push %s: %w", branch, ErrNoBranch)
	}
	if err := r.reach("pushing"); err != nil {
		return err
	}
	err = errSlowPath
	if expect != "" && local.Hash().String() != expect {
		url, uerr := r.RemoteURL(remote)
		if uerr != nil {
			return uerr
		}
		err = r.pushAhead(ctx, url, auth, ref, plumbing.NewHash(expect), local.Hash())
	}
	if errors.Is(err, errSlowPath) {
		err = r.pushAll(ctx, remote, ref, expect, auth)
	}
	switch {
	case err == nil, errors.Is(err, gogit.NoErrAlreadyUpToDate):
	case errors.Is(err, gogit.ErrForceNeeded), rejected(err):
		if errors.Is(err, ErrPushRejected) {
			return err
		}
		return fmt.Errorf("%s: %w (%v)", branch, ErrPushRejected, err)
	default:
		return fmt.Errorf("push %s to %s: %w", branch, remote, err)
	}
	if err := r.reach("pushed"); err != nil {
		return err
	}
	// Keep the remote-tracking ref in step, as git push does, so the next
	// compare-and-swap starts from what we just pushed.
	return r.st.SetReference(plumbing.NewHashReference(remoteRef(remote, branch), local.Hash()))
}

// pushAll is go-git's general push, for what pushAhead does not cover: a
// new branch, or a local branch that is not a short single-parent line
// above the remote one.
func (r *Repo) pushAll(ctx context.Context, remote string, ref plumbing.ReferenceName, expect string, auth transport.AuthMethod) error {
	opts := &gogit.PushOptions{
		RemoteName: remote,
		RefSpecs:   []config.RefSpec{config.RefSpec(ref.String() + ":" + ref.String())},
		Auth:       auth,
	}
	if expect != "" {
		opts.RequireRemoteRefs = []config.RefSpec{config.RefSpec(expect + ":" + ref.String())}
	}
	return r.repo.PushContext(ctx, opts)
}
