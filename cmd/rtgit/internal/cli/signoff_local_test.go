package cli

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// sshKey makes an SSH key pair under dir and returns the private key's
// path and the public key's line.
func sshKey(t *testing.T, dir, name string) (string, string) {
	t.Helper()
	path := filepath.Join(dir, name)
	if out, err := exec.Command("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", name, "-f", path).CombinedOutput(); err != nil {
		t.Fatalf("ssh-keygen: %v\n%s", err, out)
	}
	pub, err := os.ReadFile(path + ".pub")
	if err != nil {
		t.Fatal(err)
	}
	return path, strings.TrimSpace(string(pub))
}

// signoffMissing runs `rtgit check --json` in ws and returns what
// sign-off still asks, and the acceptance entries' unverified reasons.
func signoffMissing(t *testing.T, ws string) ([]string, []string) {
	t.Helper()
	_, out := runRtgit(t, "-C", ws, "check", "--json")
	var r struct {
		Acceptance []struct {
			By         string `json:"by"`
			Unverified string `json:"unverified"`
		} `json:"acceptance"`
		Missing []struct {
			Reason string `json:"reason"`
		} `json:"signoff_missing"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("check --json: %v\n%s", err, out)
	}
	var missing, unverified []string
	for _, m := range r.Missing {
		missing = append(missing, m.Reason)
	}
	for _, a := range r.Acceptance {
		unverified = append(unverified, a.By+": "+a.Unverified)
	}
	return missing, unverified
}

// Locally an approval counts only when the commit that recorded it is
// signed by a key the default branch lists for the login it names:
// `rtgit approve` under someone else's name, or an unsigned approval,
// is shown as unverified and counts for nothing, and a commit signed by
// one person's key cannot approve in another's name.
func TestLocalSignOffCountsOnlySignedApprovals(t *testing.T) {
	if _, err := exec.LookPath("ssh-keygen"); err != nil {
		t.Skip("no ssh-keygen to sign with")
	}
	h := newPublishHarness(t)
	keys := t.TempDir()
	danaKey, danaPub := sshKey(t, keys, "dana")
	_, mayaPub := sshKey(t, keys, "maya")
	h.onMain("signoff:\n  required: [requirements]\n  logins:\n    Dana Developer: dana\n  signers:\n" +
		"    dana: \"" + danaPub + "\"\n    maya: \"" + mayaPub + "\"\n")
	ws := h.workspace()
	gitCmd(t, ws, "switch", "-q", "rtgit/"+demoSlug)
	sign := func() {
		gitCmd(t, ws, "-c", "gpg.format=ssh", "-c", "user.signingkey="+danaKey, "commit", "-q", "--amend", "--no-edit", "-S")
	}

	// Unsigned: recorded, shown as unverified, not counted.
	if code, out := runRtgit(t, "-C", ws, "approve", "requirements"); code != 0 {
		t.Fatalf("approve: %d\n%s", code, out)
	}
	missing, unverified := signoffMissing(t, ws)
	if len(missing) != 1 || !strings.Contains(missing[0], "needs 1 current approval, has 0") {
		t.Errorf("an unsigned approval: missing %q", missing)
	}
	if len(unverified) != 1 || !strings.Contains(unverified[0], "is not signed by a key signoff.signers lists for @dana") {
		t.Errorf("an unsigned approval: %q", unverified)
	}
	_, out := runRtgit(t, "-C", ws, "status", demoSlug)
	mustContain(t, "status", out, "requirements: approved by Dana Developer at ")
	mustContain(t, "status", out, ", unverified: the commit that recorded it, ")

	// Signed with dana's key, which main lists for @dana: it counts.
	sign()
	if missing, unverified := signoffMissing(t, ws); len(missing) != 0 {
		t.Errorf("a signed approval: missing %q (%q)", missing, unverified)
	}

	// Dana, with her own key, records an approval in maya's name: maya
	// has a key on main, and this is not it.
	gitCmd(t, ws, "config", "user.name", "@maya")
	if code, out := runRtgit(t, "-C", ws, "approve", "requirements"); code != 0 {
		t.Fatalf("approve as @maya: %d\n%s", code, out)
	}
	sign()
	_, unverified = signoffMissing(t, ws)
	if len(unverified) != 2 || !strings.Contains(unverified[1], "@maya: the commit that recorded it") || !strings.HasSuffix(unverified[1], "is not signed by a key signoff.signers lists for @maya") {
		t.Errorf("maya's approval signed by dana: %q", unverified)
	}

	// A name nothing maps to a login is no one.
	gitCmd(t, ws, "config", "user.name", "Mallory")
	if code, out := runRtgit(t, "-C", ws, "approve", "requirements"); code != 0 {
		t.Fatalf("approve as Mallory: %d\n%s", code, out)
	}
	sign()
	_, unverified = signoffMissing(t, ws)
	if len(unverified) != 3 || unverified[2] != "Mallory: Mallory is no GitHub login, and signoff.logins on origin/main maps it to none" {
		t.Errorf("Mallory's approval: %q", unverified)
	}
}

// Local check and status apply the default branch's sign-off policy, as
// publish does: the analysis branch cannot relax what it is judged by,
// nor list its own keys.
func TestLocalCheckAppliesTheDefaultBranchPolicy(t *testing.T) {
	h := newPublishHarness(t)
	h.onMain("signoff:\n  required: [requirements]\n")
	ws := relaxedAnalysisBranch(t, h.workspace())
	code, out := runRtgit(t, "-C", ws, "check", demoSlug)
	if code != ExitIncomplete {
		t.Errorf("check under main's policy: exit %d, want %d\n%s", code, ExitIncomplete, out)
	}
	mustContain(t, "check", out, "sign-off: requirements: needs 1 current approval, has 0")
}

// approveSigned approves the requirements in ws as name and signs the
// approval's commit with the SSH key at key.
func approveSigned(t *testing.T, ws, name, key string) {
	t.Helper()
	gitCmd(t, ws, "config", "user.name", name)
	rtgitIn(t, ws, 0, "approve", "requirements")
	gitCmd(t, ws, "-c", "gpg.format=ssh", "-c", "user.signingkey="+key, "commit", "-q", "--amend", "--no-edit", "-S")
}

// The authors of an area are everyone who answered, revised or skipped
// its steps, not the last person per step: Carol revising a requirements
// answer Dana wrote does not make Dana someone else, nor does Carol's
// revision make the step hers alone, and Dana's skip of phase 00 names
// her. Only someone who wrote none of it meets distinct_from_author.
func TestDistinctFromAuthorCountsEveryoneWhoAnswered(t *testing.T) {
	if _, err := exec.LookPath("ssh-keygen"); err != nil {
		t.Skip("no ssh-keygen to sign with")
	}
	h := signoffHarness(t)
	keys := t.TempDir()
	danaKey, danaPub := sshKey(t, keys, "dana")
	erinKey, erinPub := sshKey(t, keys, "erin")
	h.onMain("signoff:\n  required: [requirements]\n  distinct_from_author: true\n  logins:\n    Dana Developer: dana\n    Carol Reviewer: carol\n" +
		"  signers:\n    dana: \"" + danaPub + "\"\n    erin: \"" + erinPub + "\"\n")
	ws := h.workspace()
	gitCmd(t, ws, "switch", "-q", "rtgit/"+testSlug)
	gitCmd(t, ws, "config", "user.name", "Carol Reviewer")
	spec := filepath.Join(ws, "docs/requirements", testSlug, "answers/01-06-feature-definition.md")
	data, err := os.ReadFile(spec)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(spec, []byte(strings.Replace(string(data), "one row per invoice", "one row per invoice line", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	mustContain(t, "next", rtgitIn(t, ws, 0, "next", testSlug), "Revised 01-06")
	meta := gitCmd(t, ws, "show", "HEAD:docs/requirements/"+testSlug+"/meta.json")
	mustContain(t, "meta.json", meta, `"01-06": [`, `"Dana Developer",`, `"Carol Reviewer"`, `"00-01": [`)

	approveSigned(t, ws, "Dana Developer", danaKey)
	mustContain(t, "check", rtgitIn(t, ws, ExitIncomplete, "check", testSlug),
		"sign-off: requirements: approved only by Dana Developer, who wrote it; someone else must approve it too")

	approveSigned(t, ws, "@erin", erinKey)
	if missing, unverified := signoffMissing(t, ws); len(missing) != 0 {
		t.Errorf("approved by erin, who wrote none of it: missing %q (%q)", missing, unverified)
	}
}

// relaxedAnalysisBranch checks out the demo's analysis branch in ws and
// commits there a sign-off policy that requires nothing: what someone who
// pushes the branch could write to judge their own analysis.
func relaxedAnalysisBranch(t *testing.T, ws string) string {
	t.Helper()
	gitCmd(t, ws, "switch", "-q", "rtgit/"+demoSlug)
	if err := os.MkdirAll(filepath.Join(ws, ".rtgit"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(ws, ".rtgit", "config.yaml"), []byte("signoff:\n  required: []\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	gitCmd(t, ws, "add", ".rtgit/config.yaml")
	gitCmd(t, ws, "commit", "-q", "-m", "relax the sign-off")
	return ws
}
