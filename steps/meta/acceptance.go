package meta

import (
	"encoding/json"
	"slices"

	"github.com/rtgit/rtgit/internal/lazyre"
)

// Values of an acceptance entry's state. A recorded approval is current
// until the answers it covered change; rtgit then records it as stale, and
// only a new approval by the same person replaces it.
const (
	AcceptCurrent          = "current"
	AcceptStale            = "stale"
	AcceptChangesRequested = "changes_requested"
)

// AcceptStates are the states an acceptance entry may hold.
var AcceptStates = []string{AcceptCurrent, AcceptStale, AcceptChangesRequested}

// Acceptance is one person's verdict on one area of the analysis
// (requirements, architecture, design, tasks): who gave it, when, on which
// commit, and the digest of the answers it covered. Package signoff
// decides what the entries mean; this type only keeps them.
type Acceptance struct {
	Area   string `json:"area"`
	By     string `json:"by"`     // "@login" on GitHub, the git user's name locally
	At     string `json:"at"`     // RFC 3339, UTC
	Commit string `json:"commit"` // the commit whose answers were approved
	Digest string `json:"digest"` // of the area's answers at that commit
	State  string `json:"state"`  // one of AcceptStates
	// Parts are the digests of each step's share of the area when it was
	// approved, so that a stale approval can say which step changed.
	Parts map[string]string `json:"parts,omitempty"`
	// ChangedBy and ChangedIn say, once the approval went stale, who
	// changed the answers and in which steps.
	ChangedBy string   `json:"changed_by,omitempty"`
	ChangedIn []string `json:"changed_in,omitempty"`

	// Unverified, when set, says why where the log is checked the entry
	// could not be shown to be its person's (locally: no commit signed by
	// a key the default branch lists for them recorded it). It is never
	// written: whether an entry is verified is decided each time it is
	// read, not by the branch.
	Unverified string `json:"-"`

	extra map[string]json.RawMessage
}

var acceptKeys = []string{"area", "by", "at", "commit", "digest", "state", "parts", "changed_by", "changed_in"}

// areaRe bounds an area's name: a lowercase word, as library files name
// areas.
var areaRe = lazyre.New(`^[a-z][a-z0-9-]{0,39}$`)

// ValidArea reports whether s can name an area.
func ValidArea(s string) bool { return areaRe.MatchString(s) }

func (p *parser) acceptance(v value, path string) ([]Acceptance, error) {
	return arrayOf(p, v, path, func(a *Acceptance, mb member) (err error) {
		if mb.isNull() && slices.Contains(acceptKeys, mb.key) {
			return nil
		}
		switch mb.key {
		case "area":
			if a.Area, err = p.str(mb.value, mb.path); err == nil && !ValidArea(a.Area) {
				err = p.errAt(mb.off, "%s: %q is not an area; want a lowercase name such as requirements", mb.path, a.Area)
			}
		case "by":
			a.By, err = p.str(mb.value, mb.path)
		case "at":
			a.At, err = p.str(mb.value, mb.path)
		case "commit":
			a.Commit, err = p.str(mb.value, mb.path)
		case "digest":
			a.Digest, err = p.str(mb.value, mb.path)
		case "state":
			if a.State, err = p.str(mb.value, mb.path); err == nil && !slices.Contains(AcceptStates, a.State) {
				err = p.errAt(mb.off, "%s: %q is not a state; want current, stale or changes_requested", mb.path, a.State)
			}
		case "parts":
			a.Parts, err = p.strMap(mb.value, mb.path, nil)
		case "changed_by":
			a.ChangedBy, err = p.str(mb.value, mb.path)
		case "changed_in":
			a.ChangedIn, err = p.strs(mb.value, mb.path)
		default:
			a.extra = keep(a.extra, mb)
		}
		return err
	})
}

// acceptanceJSON writes the entries, refusing any Parse would reject.
func acceptanceJSON(list []Acceptance, parent *object) []byte {
	buf := []byte{'['}
	for i, a := range list {
		if !ValidArea(a.Area) {
			parent.fail("acceptance[%d].area: %q is not an area", i, a.Area)
		}
		if !slices.Contains(AcceptStates, a.State) {
			parent.fail("acceptance[%d].state: %q is not a state", i, a.State)
		}
		var o object
		o.add("area", a.Area)
		o.add("by", a.By)
		o.add("at", a.At)
		o.add("commit", a.Commit)
		o.add("digest", a.Digest)
		o.add("state", a.State)
		if len(a.Parts) > 0 {
			o.add("parts", a.Parts)
		}
		if a.ChangedBy != "" {
			o.add("changed_by", a.ChangedBy)
		}
		if len(a.ChangedIn) > 0 {
			o.add("changed_in", a.ChangedIn)
		}
		o.extras(a.extra, acceptKeys, index("acceptance", i)+".")
		if i > 0 {
			buf = append(buf, ',')
		}
		buf = append(buf, parent.take(&o)...)
	}
	return append(buf, ']')
}

// SetAnsweredBy records that who answered step id, revised its answers
// or skipped it: everyone so recorded is the step's author for sign-off
// (see signoff.Policy's DistinctFromAuthor), each once, in the order they
// came. An unknown name records nothing.
func (m *Meta) SetAnsweredBy(id, who string) {
	if who == "" {
		return
	}
	if m.AnsweredBy == nil {
		m.AnsweredBy = map[string][]string{}
	}
	if !slices.Contains(m.AnsweredBy[id], who) {
		m.AnsweredBy[id] = append(m.AnsweredBy[id], who)
	}
}

// answeredBy reads answered_by: each step to the list of who answered,
// revised or skipped it. Files written before it was a list hold one name
// per step, the last person; that name is read as a list of one.
func (p *parser) answeredBy(v value, path string) (map[string][]string, error) {
	members, err := p.object(v, path)
	if err != nil {
		return nil, err
	}
	out := make(map[string][]string, len(members))
	for _, mb := range members {
		var who []string
		if len(mb.raw) > 0 && mb.raw[0] == '"' {
			s, err := p.str(mb.value, mb.path)
			if err != nil {
				return nil, err
			}
			who = []string{s}
		} else if who, err = p.strs(mb.value, mb.path); err != nil {
			return nil, err
		}
		out[mb.key] = who
	}
	return out, nil
}
