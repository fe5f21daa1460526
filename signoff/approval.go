package signoff

import (
	"fmt"
	"strings"

	"github.com/rtgit/rtgit/steps/meta"
)

// NotReadyError refuses an approval of an area that is not complete.
type NotReadyError struct {
	Area string
	Open []string // the steps still open; none when the area has no steps
}

func (e *NotReadyError) Error() string {
	if len(e.Open) == 0 {
		return fmt.Sprintf("%s cannot be approved: no step of this analysis belongs to it", e.Area)
	}
	return fmt.Sprintf("%s cannot be approved yet: %s still open", e.Area, joinAnd(e.Open, "is", "are"))
}

// Verdict is what a reviewer says of an area.
type Verdict int

const (
	Approve Verdict = iota
	RequestChanges
)

// Record enters by's verdict on the area s describes, given on commit at
// time at, and returns the new list. An approval needs a complete area (a
// *NotReadyError otherwise); a request for changes does not, as a reviewer
// may object to an unfinished area. Each person has one entry per area:
// a new verdict replaces their earlier one, which is how a person's
// approval clears their own request for changes.
func Record(list []meta.Acceptance, s Scope, v Verdict, by, at, commit string) ([]meta.Acceptance, error) {
	if v == Approve && !s.Complete() {
		return list, &NotReadyError{Area: s.Area, Open: s.Open}
	}
	e := meta.Acceptance{Area: s.Area, By: by, At: at, Commit: commit, Digest: s.Digest(), State: meta.AcceptCurrent, Parts: s.PartDigests()}
	if v == RequestChanges {
		e.State = meta.AcceptChangesRequested
	}
	out := make([]meta.Acceptance, 0, len(list)+1)
	for _, a := range list {
		if a.Area != s.Area || !strings.EqualFold(a.By, by) {
			out = append(out, a)
		}
	}
	return append(out, e), nil
}

// Refresh records as stale every current approval whose area's answers no
// longer match what it covered, naming who changed them (when known) and
// in which steps. It reports whether anything changed. Nothing here makes
// a stale approval current again: only a new approval does.
func Refresh(list []meta.Acceptance, scopes []Scope, who string) bool {
	changed := false
	for i := range list {
		a := &list[i]
		s, ok := find(scopes, a.Area)
		if !ok || a.State != meta.AcceptCurrent || a.Digest == s.Digest() {
			continue
		}
		a.State = meta.AcceptStale
		a.ChangedBy = who
		a.ChangedIn = s.changedSince(a.Parts)
		changed = true
	}
	return changed
}

func find(scopes []Scope, area string) (Scope, bool) {
	for _, s := range scopes {
		if s.Area == area {
			return s, true
		}
	}
	return Scope{}, false
}

// Approval is one recorded verdict with its state as of now, the shape
// `rtgit check --json` lists under "acceptance".
type Approval struct {
	Area      string   `json:"area"`
	By        string   `json:"by"`
	At        string   `json:"at"`
	Commit    string   `json:"commit"`
	Digest    string   `json:"digest"`
	State     string   `json:"state"` // current, stale or changes_requested
	ChangedBy string   `json:"changed_by,omitempty"`
	ChangedIn []string `json:"changed_in,omitempty"`
	// Unverified says why the entry could not be shown to be its
	// person's where it was checked; such an approval counts toward no
	// policy (a request for changes still holds: it can only hold an
	// area back).
	Unverified string `json:"unverified,omitempty"`
	Text       string `json:"text"` // the line status and the dashboard show
}

// Area states, as AreaStatus.State reports them.
const (
	StateApproved         = "approved"          // enough current approvals, no open request for changes
	StatePartly           = "partly_approved"   // current approvals, fewer people than the policy asks
	StateStale            = "stale"             // approved once, changed since
	StateChangesRequested = "changes_requested" // someone asked for changes and has not approved since
	StateUnverified       = "unverified"        // complete, approved only in entries that could not be verified
	StateUnapproved       = "unapproved"        // complete, nobody has approved it
	StateOpen             = "open"              // some of its steps are not finished
	StateNone             = "none"              // the analysis has no step in it
)

// AreaStatus is one area's sign-off as it stands.
type AreaStatus struct {
	Area      string     `json:"area"`
	State     string     `json:"state"`
	Steps     []string   `json:"steps"`
	Open      []string   `json:"open"`
	Approvals []Approval `json:"approvals"`
	// Needs is how many approvers the policy asks, set with
	// StatePartly.
	Needs int `json:"needs,omitempty"`
}

// ApplyMin marks partly approved every approved area that fewer people
// than min approved: "approved" says the policy is met, and one approval
// of two is not.
func (p Policy) ApplyMin(areas []AreaStatus) {
	min := max(p.MinApprovers, 1)
	for i := range areas {
		a := &areas[i]
		if a.State == StateApproved && len(p.people(a.Current())) < min {
			a.State, a.Needs = StatePartly, min
		}
	}
}

// Current lists the people whose approval of the area is current and
// verified: an unverified one counts for nothing.
func (a AreaStatus) Current() []string {
	var out []string
	for _, ap := range a.Approvals {
		if ap.State == meta.AcceptCurrent && ap.Unverified == "" {
			out = append(out, ap.By)
		}
	}
	return out
}

// Evaluate states every area of scopes against the recorded verdicts. An
// approval recorded as current whose answers changed since is reported
// stale even before Refresh has recorded it so (an edit not yet applied).
func Evaluate(scopes []Scope, list []meta.Acceptance) []AreaStatus {
	out := make([]AreaStatus, 0, len(scopes))
	for _, s := range scopes {
		st := AreaStatus{Area: s.Area, Steps: orEmpty(s.Steps), Open: orEmpty(s.Open), Approvals: []Approval{}}
		current, stale, objections, unverified := 0, 0, 0, 0
		for _, a := range list {
			if a.Area != s.Area {
				continue
			}
			ap := Approval{Area: a.Area, By: a.By, At: a.At, Commit: a.Commit, Digest: a.Digest, State: a.State,
				ChangedBy: a.ChangedBy, ChangedIn: a.ChangedIn, Unverified: a.Unverified}
			if ap.State == meta.AcceptCurrent && a.Digest != s.Digest() {
				ap.State = meta.AcceptStale
				ap.ChangedIn = s.changedSince(a.Parts)
			}
			switch {
			case ap.State == meta.AcceptCurrent && ap.Unverified != "":
				unverified++
			case ap.State == meta.AcceptCurrent:
				current++
			case ap.State == meta.AcceptStale:
				stale++
			default:
				objections++
			}
			ap.Text = describe(ap)
			st.Approvals = append(st.Approvals, ap)
		}
		switch {
		case s.Empty():
			st.State = StateNone
		case objections > 0:
			st.State = StateChangesRequested
		case current > 0 && len(s.Open) == 0:
			st.State = StateApproved
		case stale > 0:
			st.State = StateStale
		case unverified > 0 && len(s.Open) == 0:
			st.State = StateUnverified
		case len(s.Open) > 0:
			st.State = StateOpen
		default:
			st.State = StateUnapproved
		}
		out = append(out, st)
	}
	return out
}

// describe is an approval in one line, for example "requirements: approved
// by @maya at 3f2c1ab, changed since by @alex in 01-06".
func describe(a Approval) string {
	var b strings.Builder
	b.WriteString(a.Area + ": ")
	if a.State == meta.AcceptChangesRequested {
		b.WriteString("changes requested by " + a.By)
	} else {
		b.WriteString("approved by " + a.By)
	}
	if a.Commit != "" {
		b.WriteString(" at " + Short(a.Commit))
	}
	if a.State == meta.AcceptStale {
		b.WriteString(", changed since")
		if a.ChangedBy != "" {
			b.WriteString(" by " + a.ChangedBy)
		}
		if len(a.ChangedIn) > 0 {
			b.WriteString(" in " + strings.Join(a.ChangedIn, ", "))
		}
	}
	if a.Unverified != "" {
		b.WriteString(", unverified: " + a.Unverified)
	}
	return b.String()
}

// Line is the area in one line, as `rtgit status` prints it.
func (a AreaStatus) Line() string {
	switch a.State {
	case StateNone:
		return a.Area + ": no step of this analysis belongs to it"
	case StateOpen:
		return fmt.Sprintf("%s: not complete (%s open)", a.Area, strings.Join(a.Open, ", "))
	case StateUnapproved:
		return a.Area + ": complete, not approved"
	}
	var texts []string
	for _, ap := range a.Approvals {
		texts = append(texts, strings.TrimPrefix(ap.Text, a.Area+": "))
	}
	line := a.Area + ": " + strings.Join(texts, "; ")
	if a.State == StatePartly {
		line += fmt.Sprintf(" (%d of the %d approvers the policy asks)", len(a.Current()), a.Needs)
	}
	return line
}

// Short is a commit as people quote it.
func Short(sha string) string {
	if len(sha) > 7 {
		return sha[:7]
	}
	return sha
}

func orEmpty(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// joinAnd lists items as a sentence: "a", "a and b", "a, b and c", with
// the verb that agrees.
func joinAnd(items []string, one, many string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0] + " " + one
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1] + " " + many
}
