package signoff

import (
	"reflect"
	"strings"
	"testing"

	"github.com/rtgit/rtgit/steps/meta"
)

func requirements(answer string) Scope {
	return Scope{Area: Requirements, Steps: []string{"01-01", "01-06"}, Parts: []Part{
		{Step: "01-01", Depth: "standard", Answers: []Answer{{"business_problem", "Invoices are exported by hand."}}},
		{Step: "01-06", Depth: "standard", Answers: []Answer{{"features", answer}}},
	}}
}

func TestApprovalGoesStaleWhenAnAnswerChanges(t *testing.T) {
	list, err := Record(nil, requirements("CSV export"), Approve, "@maya", "2026-01-02T03:04:05Z", "3f2c1ab9d0e")
	if err != nil {
		t.Fatal(err)
	}
	// Whitespace around an answer is not a change.
	same := requirements("  CSV export\n")
	if Refresh(list, []Scope{same}, "@alex") {
		t.Fatalf("whitespace made the approval stale: %+v", list)
	}
	if got := Evaluate([]Scope{same}, list)[0]; got.State != StateApproved {
		t.Fatalf("state %s, want approved", got.State)
	}
	changed := requirements("CSV and PDF export")
	// Before the change is recorded, it is already reported.
	if got := Evaluate([]Scope{changed}, list)[0]; got.State != StateStale || got.Approvals[0].Text != "requirements: approved by @maya at 3f2c1ab, changed since in 01-06" {
		t.Fatalf("unrecorded change: %+v", got)
	}
	if !Refresh(list, []Scope{changed}, "@alex") {
		t.Fatal("Refresh saw no change")
	}
	got := Evaluate([]Scope{changed}, list)[0]
	if want := "requirements: approved by @maya at 3f2c1ab, changed since by @alex in 01-06"; got.Approvals[0].Text != want {
		t.Errorf("text %q, want %q", got.Approvals[0].Text, want)
	}
	// Changing the answer back does not clear it; approving again does.
	if got := Evaluate([]Scope{requirements("CSV export")}, list)[0]; got.State != StateStale {
		t.Errorf("reverting the answer cleared the approval: %s", got.State)
	}
	list, _ = Record(list, changed, Approve, "@maya", "2026-01-03T00:00:00Z", "4a4a4a4")
	if got := Evaluate([]Scope{changed}, list)[0]; got.State != StateApproved || len(got.Approvals) != 1 {
		t.Errorf("after re-approval: %+v", got)
	}
}

func TestApprovingAnOpenAreaIsRefused(t *testing.T) {
	s := Scope{Area: Design, Steps: []string{"04-01", "04-02", "04-03"}, Open: []string{"04-02", "04-03"}}
	_, err := Record(nil, s, Approve, "@jordan", "", "")
	if err == nil || err.Error() != "design cannot be approved yet: 04-02 and 04-03 are still open" {
		t.Errorf("err = %v", err)
	}
	_, err = Record(nil, Scope{Area: Tasks}, Approve, "@jordan", "", "")
	if err == nil || !strings.Contains(err.Error(), "no step of this analysis belongs to it") {
		t.Errorf("empty area: %v", err)
	}
	// A request for changes needs no complete area.
	list, err := Record(nil, s, RequestChanges, "@jordan", "", "")
	if err != nil || list[0].State != meta.AcceptChangesRequested {
		t.Errorf("changes requested: %v %+v", err, list)
	}
}

func TestChangesRequestedHoldsUntilTheSamePersonApproves(t *testing.T) {
	s := requirements("CSV")
	list, _ := Record(nil, s, RequestChanges, "@ana", "t1", "c1")
	list, _ = Record(list, s, Approve, "@bob", "t2", "c1")
	p := Policy{Required: []string{Requirements}, MinApprovers: 1}
	miss := p.Gate(Evaluate([]Scope{s}, list), nil)
	if len(miss) != 1 || !strings.Contains(miss[0].String(), "changes requested by @ana") {
		t.Fatalf("gate: %v", miss)
	}
	list, _ = Record(list, s, Approve, "@ana", "t3", "c1")
	if miss := p.Gate(Evaluate([]Scope{s}, list), nil); len(miss) != 0 {
		t.Errorf("gate after @ana approved: %v", miss)
	}
}

func TestGate(t *testing.T) {
	s := requirements("CSV")
	one, _ := Record(nil, s, Approve, "@maya", "t", "c")
	for _, tc := range []struct {
		name    string
		p       Policy
		list    []meta.Acceptance
		authors map[string][]string
		want    string
	}{
		{"no approval", Policy{Required: []string{Requirements}, MinApprovers: 1}, nil, nil, "requirements: needs 1 current approval, has 0"},
		{"enough", Policy{Required: []string{Requirements}, MinApprovers: 1}, one, nil, ""},
		{"two needed", Policy{Required: []string{Requirements}, MinApprovers: 2}, one, nil, "needs 2 current approvals, has 1"},
		{"author alone", Policy{Required: []string{Requirements}, MinApprovers: 1, DistinctFromAuthor: true}, one, map[string][]string{Requirements: {"@maya"}}, "approved only by @maya"},
		{"author and another", Policy{Required: []string{Requirements}, MinApprovers: 1, DistinctFromAuthor: true}, one, map[string][]string{Requirements: {"@alex"}}, ""},
		// A git name is not a login: the author could be maya.
		{"author by git name", Policy{Required: []string{Requirements}, MinApprovers: 1, DistinctFromAuthor: true}, one, map[string][]string{Requirements: {"Maya Chen"}}, "who wrote it cannot be verified"},
		{"author mapped", Policy{Required: []string{Requirements}, MinApprovers: 1, DistinctFromAuthor: true, Logins: map[string]string{"Maya Chen": "maya"}}, one, map[string][]string{Requirements: {"Maya Chen"}}, "approved only by @maya"},
		// A skipped step records no author: it could be anyone's.
		{"a step skipped", Policy{Required: []string{Requirements}, MinApprovers: 1, DistinctFromAuthor: true}, one, map[string][]string{Requirements: {"@alex", ""}}, "who wrote it cannot be verified"},
		{"no author", Policy{Required: []string{Requirements}, MinApprovers: 1, DistinctFromAuthor: true}, one, nil, "nobody is recorded as its author"},
		// Every author counts, not only the one who answered most.
		{"a second author", Policy{Required: []string{Requirements}, MinApprovers: 1, DistinctFromAuthor: true}, one, map[string][]string{Requirements: {"@alex", "@maya"}}, "approved only by @maya"},
		{"not in plan", Policy{Required: []string{Tasks}, MinApprovers: 1}, one, nil, "tasks: required, but no step of this analysis belongs to it, so no approval can meet the policy"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := tc.p.Gate(Evaluate([]Scope{s, {Area: Tasks}}, tc.list), tc.authors)
			if tc.want == "" {
				if len(got) != 0 {
					t.Errorf("gate: %v, want nothing", got)
				}
				return
			}
			if len(got) != 1 || !strings.Contains(got[0].String(), tc.want) {
				t.Errorf("gate: %v, want %q", got, tc.want)
			}
		})
	}
}

func TestParsePolicy(t *testing.T) {
	p, err := ParsePolicy("c.yaml", []byte("ai:\n  model: x\nsignoff:\n  required: [design, requirements]\n  distinct_from_author: true\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := Policy{Required: []string{Requirements, Design}, MinApprovers: 1, DistinctFromAuthor: true}
	if !reflect.DeepEqual(p, want) {
		t.Errorf("policy %+v, want %+v", p, want)
	}
	if p, err := ParsePolicy("c.yaml", []byte("github:\n  reactions: false\n")); err != nil || p.Set() || p.MinApprovers != 1 {
		t.Errorf("no section: %+v %v", p, err)
	}
	for _, tc := range []struct{ in, want string }{
		{"signoff:\n  required:\n    - requirements\n    - desing\n", `c.yaml:4: signoff.required: "desing" is not an area`},
		{"signoff:\n  min_approvers: 0\n", "c.yaml:2: signoff.min_approvers is \"0\""},
		{"signoff:\n  requried: [design]\n", `c.yaml:2: signoff: unknown key "requried"`},
		{"signoff: yes\n", "c.yaml:1: signoff: want a mapping"},
		{"signoff:\n  distinct_from_author: maybe\n", "c.yaml:2: signoff.distinct_from_author"},
		{"signoff:\n  required: [requirements\n", "c.yaml:1: did not find expected ',' or ']'"},
	} {
		if _, err := ParsePolicy("c.yaml", []byte(tc.in)); err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("ParsePolicy(%q) = %v, want %q", tc.in, err, tc.want)
		}
	}
}

func TestParseAreas(t *testing.T) {
	got, err := ParseAreas([]string{"Design,requirements", "design"})
	if err != nil || !reflect.DeepEqual(got, []string{Requirements, Design}) {
		t.Errorf("ParseAreas = %v, %v", got, err)
	}
	if _, err := ParseAreas([]string{"arch"}); err == nil || !strings.Contains(err.Error(), `"arch" is not an area`) {
		t.Errorf("ParseAreas(arch) = %v", err)
	}
}

func TestDefaultArea(t *testing.T) {
	for key, want := range map[string]string{"00-quick-scan": Requirements, "01-requirements": Requirements,
		"02-impact-analysis": Architecture, "03-architecture": Architecture, "04-design": Design, "05-extra": ""} {
		if got := DefaultArea(key); got != want {
			t.Errorf("DefaultArea(%s) = %q, want %q", key, got, want)
		}
	}
}

// Only a first line that is nothing but areas names them; an area word
// in prose, negated or conditional, names nothing.
func TestNamedAreas(t *testing.T) {
	for text, want := range map[string]string{
		"design":                   "design",
		"Requirements and design.": "requirements design",
		"approve: requirements, tasks\n\nGood work.":   "requirements tasks",
		"/rtgit approve design":                        "design",
		"\n  Tasks & design!\n":                        "design tasks",
		"I have not looked at the design":              "",
		"Requirements look right. Not the design yet.": "",
		"design looks fine once Q-002 is settled":      "",
		"not design":          "",
		"LGTM":                "",
		"":                    "",
		"Looks good.\ndesign": "",
	} {
		if got := strings.Join(NamedAreas(text), " "); got != want {
			t.Errorf("NamedAreas(%q) = %q, want %q", text, got, want)
		}
	}
}

// Only what a witness backs counts: a forged approval in someone else's
// name, an unverifiable git name, an approval its author withdrew by
// asking for changes; a deleted request for changes is put back.
func TestVerify(t *testing.T) {
	list := []meta.Acceptance{
		{Area: Requirements, By: "@alice", State: meta.AcceptCurrent},
		{Area: Requirements, By: "@maya", State: meta.AcceptCurrent},         // forged: maya never approved
		{Area: Requirements, By: "Alice Liddell", State: meta.AcceptCurrent}, // a git name
		{Area: Design, By: "@bob", State: meta.AcceptCurrent},                // bob asked for changes since
	}
	ws := []Witness{
		{By: "@Alice", Approve: true, Areas: []string{Requirements}},
		{By: "@bob", Approve: true},
		{By: "@bob", Approve: false, Areas: []string{Design}},
		{By: "@carol", Approve: false, Areas: []string{Requirements}},
	}
	var got []string
	for _, e := range Verify(list, ws) {
		got = append(got, e.Area+" "+e.By+" "+e.State)
	}
	want := []string{"requirements @alice current", "design @bob changes_requested", "requirements @carol changes_requested"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Verify = %q, want %q", got, want)
	}
}

// One person is one approver: a git name the policy maps to a login and
// that login are the same person.
func TestGateCountsAPersonOnce(t *testing.T) {
	s := requirements("CSV")
	list, _ := Record(nil, s, Approve, "@alice", "t", "c")
	list, _ = Record(list, s, Approve, "Alice Liddell", "t", "c")
	p := Policy{Required: []string{Requirements}, MinApprovers: 2, Logins: map[string]string{"Alice Liddell": "alice"}}
	if got := p.Gate(Evaluate([]Scope{s}, list), nil); len(got) != 1 || !strings.Contains(got[0].String(), "needs 2 current approvals, has 1") {
		t.Errorf("gate: %v", got)
	}
	if _, err := ParsePolicy("c.yaml", []byte("signoff:\n  logins:\n    Alice Liddell: \"not a login\"\n")); err == nil || !strings.Contains(err.Error(), "c.yaml:3: signoff.logins") {
		t.Errorf("a bad login: %v", err)
	}
	if p, err := ParsePolicy("c.yaml", []byte("signoff:\n  logins:\n    Alice Liddell: alice\n")); err != nil || p.Logins["Alice Liddell"] != "alice" {
		t.Errorf("logins: %+v, %v", p, err)
	}
}

// An approval where it is checked cannot be shown to be its person's is
// listed, saying why, and counts toward no policy: not min_approvers, not
// distinct_from_author. A request for changes still holds.
func TestUnverifiedApprovalCountsForNothing(t *testing.T) {
	s := requirements("CSV")
	list, _ := Record(nil, s, Approve, "@maya", "t", "3f2c1ab9d0e")
	list, _ = Record(list, s, Approve, "@alice", "t", "3f2c1ab9d0e")
	list[0].Unverified = "no signature"
	areas := Evaluate([]Scope{s}, list)
	if got := areas[0].Current(); !reflect.DeepEqual(got, []string{"@alice"}) {
		t.Errorf("current: %v, want only @alice", got)
	}
	if got := areas[0].Approvals[0].Text; got != "requirements: approved by @maya at 3f2c1ab, unverified: no signature" {
		t.Errorf("text: %q", got)
	}
	p := Policy{Required: []string{Requirements}, MinApprovers: 2}
	if got := p.Gate(areas, nil); len(got) != 1 || got[0].Reason != "needs 2 current approvals, has 1 (requirements: approved by @maya at 3f2c1ab, unverified: no signature); approve it with `rtgit approve requirements`" {
		t.Errorf("gate: %v", got)
	}
	// The author's own verified approval is all there is: the other
	// person's unverified one does not make it someone else's.
	p = Policy{Required: []string{Requirements}, MinApprovers: 1, DistinctFromAuthor: true}
	if got := p.Gate(areas, map[string][]string{Requirements: {"@alice"}}); len(got) != 1 || !strings.Contains(got[0].Reason, "approved only by @alice, who wrote it") {
		t.Errorf("distinct_from_author: %v", got)
	}
	list[1].Unverified = "no signature"
	areas = Evaluate([]Scope{s}, list)
	if areas[0].State != StateUnverified || !strings.HasPrefix(areas[0].Line(), "requirements: approved by @maya at 3f2c1ab, unverified: no signature; ") {
		t.Errorf("all unverified: %s, %q", areas[0].State, areas[0].Line())
	}
	// An unverified request for changes can only hold an area back, so
	// it holds.
	list, _ = Record(list, s, RequestChanges, "@bob", "t", "c")
	list[2].Unverified = "no signature"
	if got := (Policy{Required: []string{Requirements}}).Gate(Evaluate([]Scope{s}, list), nil); len(got) != 1 || !strings.Contains(got[0].Reason, "changes requested by @bob") {
		t.Errorf("unverified objection: %v", got)
	}
}

func TestParseSigners(t *testing.T) {
	const ssh = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOqJb2Nm dana@laptop"
	const pgp = "-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nxjMEZ\n-----END PGP PUBLIC KEY BLOCK-----\n"
	p, err := ParsePolicy("c.yaml", []byte("signoff:\n  signers:\n    dana: \""+ssh+"\"\n    \"@Maya\":\n      - \""+ssh+"\"\n      - |\n        "+strings.ReplaceAll(strings.TrimSpace(pgp), "\n", "\n        ")+"\n"))
	if err != nil {
		t.Fatal(err)
	}
	if got := p.KeysOf("@dana"); !reflect.DeepEqual(got, []string{ssh}) {
		t.Errorf("dana: %q", got)
	}
	if got := p.KeysOf("maya"); len(got) != 2 || !strings.HasPrefix(got[1], "-----BEGIN PGP PUBLIC KEY BLOCK-----") {
		t.Errorf("maya: %q", got)
	}
	for _, bad := range []string{"signoff:\n  signers:\n    dana: hunter2\n", "signoff:\n  signers:\n    \"not a login\": \"" + ssh + "\"\n", "signoff:\n  signers: [dana]\n"} {
		if _, err := ParsePolicy("c.yaml", []byte(bad)); err == nil || !strings.Contains(err.Error(), "c.yaml:") || !strings.Contains(err.Error(), "signoff.signers") {
			t.Errorf("%q: %v", bad, err)
		}
	}
}
