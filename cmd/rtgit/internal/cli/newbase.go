package cli

import (
	"errors"
	"fmt"

	"github.com/rtgit/rtgit/gitops"
)

// startPoint is the commit `rtgit new` branches from, and why.
type startPoint struct {
	name, sha string
	why       string // "the default branch", "--from", "HEAD"
}

func (p startPoint) describe() string {
	return fmt.Sprintf("%s at %s (%s)", p.name, gitops.ShortHash(p.sha), p.why)
}

// newBase picks where a new analysis starts: --from when given, else the
// default branch's tip, so an analysis never inherits the unmerged work of
// whatever branch happened to be checked out. A repository with no default
// branch (a fresh one on another name) starts at HEAD.
func newBase(ws *workspace, from string) (startPoint, error) {
	if from != "" {
		sha, err := ws.repo.ResolveCommit(from)
		if err != nil {
			return startPoint{}, usageErr("new: --from %s: no such commit, branch or tag", from)
		}
		return startPoint{name: from, sha: sha, why: "--from"}, nil
	}
	if name, err := ws.repo.DefaultBranch(); err == nil {
		sha, err := ws.repo.ResolveCommit(name)
		if err != nil {
			return startPoint{}, err
		}
		return startPoint{name: name, sha: sha, why: "the default branch; --from picks another start"}, nil
	} else if !errors.Is(err, gitops.ErrNoBranch) {
		return startPoint{}, err
	}
	head, err := ws.repo.HeadCommit()
	if err != nil {
		return startPoint{}, err
	}
	if head == "" {
		return startPoint{}, fmt.Errorf("the repository has no commits yet; make a first commit, then start the analysis")
	}
	name := "HEAD"
	if b, err := ws.repo.HeadBranch(); err == nil {
		name = b
	}
	return startPoint{name: name, sha: head, why: "no main, master or origin/HEAD; --from picks another start"}, nil
}

// checkedOutElsewhere is the sentence `rtgit new` adds when the commit a
// person had checked out is not where the analysis starts: most people
// check out what they mean to analyse, and would otherwise find out only
// when staleness counts the commits between the two. "" when they agree.
func checkedOutElsewhere(ws *workspace, base startPoint) string {
	head, err := ws.repo.HeadCommit()
	if err != nil || head == "" || head == base.sha {
		return ""
	}
	rev := "HEAD"
	if b, err := ws.repo.HeadBranch(); err == nil && b != "" {
		rev = b
	}
	return fmt.Sprintf("The checked-out commit, %s at %s, is not that start: staleness is measured from %s. To analyse %s instead: rtgit new --from %s.",
		rev, gitops.ShortHash(head), gitops.ShortHash(base.sha), rev, rev)
}
