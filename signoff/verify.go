package signoff

import (
	"strings"

	"github.com/rtgit/rtgit/steps/meta"
)

// Witness is a verdict as the forge itself reports it (in the Action:
// GitHub's reviews and `/rtgit approve` comments, read through its API
// with their author), never as a branch records it. Witnesses are given
// oldest first.
type Witness struct {
	By      string   // "@login", as acceptance entries name people
	Approve bool     // an approval; false: changes requested
	Areas   []string // the areas it names; nil: every area
}

// Verify is the part of a branch's acceptance log that witnesses back,
// which is what counts: the log is written by whoever can push the
// branch, so an entry counts only when the person it names gave that
// verdict on that area where it is checked (their latest verdict there
// says so). Entries naming no login ("Alice Liddell", a git user.name)
// cannot be checked and do not count. A request for changes a witness
// holds and the log lacks (deleted from meta.json) is put back, with no
// digest, so it holds until its author approves again.
//
// One person is one approver: identities are compared as logins, case
// aside, whichever channel (review or comment) they used.
func Verify(list []meta.Acceptance, ws []Witness) []meta.Acceptance {
	type key struct{ by, area string }
	last := map[key]bool{}
	var order []key
	for _, w := range ws {
		if !strings.HasPrefix(w.By, "@") {
			continue
		}
		areas := w.Areas
		if areas == nil {
			areas = Areas
		}
		for _, a := range areas {
			k := key{strings.ToLower(w.By), a}
			if _, seen := last[k]; !seen {
				order = append(order, k)
			}
			last[k] = w.Approve
		}
	}
	out := []meta.Acceptance{}
	have := map[key]bool{}
	for _, e := range list {
		k := key{strings.ToLower(e.By), e.Area}
		approve, ok := last[k]
		if !ok || have[k] {
			continue
		}
		if approve != (e.State != meta.AcceptChangesRequested) {
			continue // the latest verdict there says otherwise
		}
		have[k] = true
		out = append(out, e)
	}
	for _, k := range order {
		if !last[k] && !have[k] {
			out = append(out, meta.Acceptance{Area: k.area, By: k.by, State: meta.AcceptChangesRequested})
		}
	}
	return out
}
