package review

import (
	"strings"

	"github.com/rtgit/rtgit/signoff"
	"github.com/rtgit/rtgit/steps/meta"
)

// Verifier is a Machine whose sign-off can count only the approvals the
// caller verified (roundtable.Machine).
type Verifier interface {
	SetVerify(func([]meta.Acceptance) []meta.Acceptance)
}

// witnesses are the sign-off verdicts GitHub itself holds on the pull
// request, oldest first: each writer's Approve and Request changes
// reviews (a dismissed one is no longer either) and `/rtgit approve`
// comments, with their author as the API reports it. They, not the
// acceptance entries on the branch, which whoever can push the branch
// writes, say who approved what.
func (r *run) witnesses(comments []Comment) ([]signoff.Witness, error) {
	var out []signoff.Witness
	for _, c := range comments {
		w, ok := witness(c)
		if !ok || c.User.IsBot() || r.own(c) {
			continue
		}
		can, err := r.canWrite(c)
		if err != nil {
			return nil, err
		}
		if can {
			out = append(out, w)
		}
	}
	return out, nil
}

// witness reads the verdict a comment gives, if any.
func witness(c Comment) (signoff.Witness, bool) {
	w := signoff.Witness{By: "@" + c.User.Login}
	switch {
	case c.Verdict():
		w.Approve = c.State == ReviewApproved
		w.Areas = signoff.NamedAreas(c.Body)
		return w, true
	case c.Kind == KindIssueComment:
		line, _, _ := strings.Cut(strings.TrimSpace(c.Body), "\n")
		f := strings.Fields(line)
		if len(f) < 2 || !strings.EqualFold(f[0], "/rtgit") || !strings.EqualFold(f[1], "approve") {
			return w, false
		}
		areas, err := signoff.ParseAreas(f[2:])
		if err != nil {
			return w, false // refused when applied: approves nothing
		}
		w.Approve, w.Areas = true, areas
		return w, true
	}
	return w, false
}

// verifySignOff makes the machine count only what GitHub witnesses.
func (r *run) verifySignOff(comments []Comment) error {
	v, ok := r.Machine.(Verifier)
	if !ok {
		return nil
	}
	ws, err := r.witnesses(comments)
	if err != nil {
		return err
	}
	v.SetVerify(func(list []meta.Acceptance) []meta.Acceptance { return signoff.Verify(list, ws) })
	return nil
}
