package cli

import (
	"errors"
	"fmt"
	"strings"

	"github.com/rtgit/rtgit/gitops"
	"github.com/rtgit/rtgit/settings"
	"github.com/rtgit/rtgit/signoff"
	"github.com/rtgit/rtgit/steps/meta"
	"github.com/rtgit/rtgit/steps/roundtable"
)

// maxMetaVersions bounds how far back the commit that recorded an
// approval is looked for: an analysis writes meta.json once a step.
const maxMetaVersions = 2000

// wireLocalSignOff makes every local command judge sign-off as nothing
// on the analysis branch can sway it: the policy (signoff:, with its
// logins and signers) is the default branch's, as for publish and in the
// Action, and an entry of meta.json's acceptance log counts only when the
// commit that wrote it is signed by a key the default branch lists for
// the login it names. The others are shown as unverified. So `check`,
// `status` (one analysis or the list), `next`'s "ready to build",
// `publish` and `mcp` all count the same approvals (Machine.Judge); the
// artifacts are rendered from the record, as before. Both are read on
// first use, so a command that never weighs sign-off never reads them,
// and a broken policy is an error only where sign-off is weighed.
func wireLocalSignOff(m *roundtable.Machine) {
	g, ok := m.Repo.(gitRepo)
	if !ok {
		return
	}
	lp := &localPolicy{repo: g.Repo}
	m.Policy = lp.get
	verifiers := map[string]*localVerifier{}
	m.Judge = func(slug string, list []meta.Acceptance) []meta.Acceptance {
		p, err := lp.get()
		if err != nil {
			return markAll(list, "the sign-off policy could not be read: "+err.Error())
		}
		v := verifiers[slug]
		if v == nil {
			v = &localVerifier{repo: g.Repo, policy: p, where: lp.where, slug: slug, meta: m.Layout.Meta(slug)}
			verifiers[slug] = v
		}
		return v.verify(list)
	}
}

// policyReadable is the error of a default branch whose signoff: is
// broken: check and status stop on it before saying anything else.
func policyReadable(m *roundtable.Machine) error {
	if m.Policy == nil {
		return nil
	}
	_, err := m.Policy()
	return err
}

// localPolicy reads the default branch's sign-off policy once.
type localPolicy struct {
	repo  *gitops.Repo
	done  bool
	p     signoff.Policy
	where settings.File
	err   error
}

func (lp *localPolicy) get() (signoff.Policy, error) {
	if lp.done {
		return lp.p, lp.err
	}
	lp.done = true
	lp.p = signoff.Policy{MinApprovers: 1}
	lp.where, lp.err = defaultBranchSettings(lp.repo)
	if lp.err != nil {
		lp.err = fmt.Errorf("sign-off policy: %w", lp.err)
		return lp.p, lp.err
	}
	if !lp.where.Absent() {
		lp.p, lp.err = signoff.ParsePolicy(lp.where.Source, lp.where.Data)
	}
	return lp.p, lp.err
}

// markAll marks every entry of list unverified, for why.
func markAll(list []meta.Acceptance, why string) []meta.Acceptance {
	out := make([]meta.Acceptance, len(list))
	for i, e := range list {
		e.Unverified = why
		out[i] = e
	}
	return out
}

// localVerifier marks the acceptance entries of one analysis that nothing
// local can vouch for.
type localVerifier struct {
	repo   *gitops.Repo
	policy signoff.Policy
	where  settings.File
	slug   string
	meta   string // the analysis's meta.json

	versions []gitops.FileVersion // meta.json's, newest first; read once
	logs     [][]meta.Acceptance  // each version's acceptance log
	err      error
}

func (v *localVerifier) verify(list []meta.Acceptance) []meta.Acceptance {
	out := make([]meta.Acceptance, len(list))
	for i, e := range list {
		e.Unverified = v.why(e)
		out[i] = e
	}
	return out
}

// why is the reason e cannot be verified, "" when it can.
func (v *localVerifier) why(e meta.Acceptance) string {
	branch := "the default branch"
	if v.where.Branch != "" {
		branch = v.where.Branch
	}
	login, ok := v.policy.Login(e.By)
	if !ok {
		return fmt.Sprintf("%s is no GitHub login, and signoff.logins on %s maps it to none", e.By, branch)
	}
	keys := v.policy.KeysOf(login)
	if len(keys) == 0 {
		return fmt.Sprintf("signoff.signers on %s lists no key for %s", branch, login)
	}
	sha, err := v.recordedIn(e)
	if err != nil {
		return "its commit could not be read: " + err.Error()
	}
	if sha == "" {
		return "no commit on the analysis branch recorded it"
	}
	signed, err := v.repo.SignedBy(sha, keys)
	if err != nil {
		return "its commit could not be read: " + err.Error()
	}
	if !signed {
		return fmt.Sprintf("the commit that recorded it, %s, is not signed by a key signoff.signers lists for %s", gitops.ShortHash(sha), login)
	}
	return ""
}

// recordedIn is the commit that wrote e into meta.json: the oldest of
// the versions, counted back from the branch's tip, that all hold it.
// "" when the tip's version does not (an entry only the working tree
// has).
func (v *localVerifier) recordedIn(e meta.Acceptance) (string, error) {
	if v.versions == nil && v.err == nil {
		v.load()
	}
	if v.err != nil {
		return "", v.err
	}
	sha := ""
	for i, log := range v.logs {
		if !holds(log, e) {
			break
		}
		sha = v.versions[i].Commit
	}
	return sha, nil
}

func (v *localVerifier) load() {
	rev := roundtable.BranchPrefix + v.slug
	if _, err := v.repo.ResolveCommit(rev); err != nil {
		rev = "HEAD" // merged and gone: the checked-out history holds it
	}
	v.versions, v.err = v.repo.FileVersions(rev, v.meta, maxMetaVersions)
	if errors.Is(v.err, gitops.ErrNoBranch) {
		v.versions, v.err = []gitops.FileVersion{}, nil
	}
	for _, ver := range v.versions {
		var log []meta.Acceptance
		if ver.Data != nil {
			// A version that does not parse holds no entry: the
			// search stops there, as at a version without it.
			if mt, err := meta.Parse(v.meta, ver.Data); err == nil {
				log = mt.Acceptance
			}
		}
		v.logs = append(v.logs, log)
	}
}

// holds reports whether log has e as it was recorded: the same person,
// area, time, commit, digest and verdict. Going stale later (Refresh)
// is no new verdict.
func holds(log []meta.Acceptance, e meta.Acceptance) bool {
	objection := e.State == meta.AcceptChangesRequested
	for _, a := range log {
		if a.Area == e.Area && strings.EqualFold(a.By, e.By) && a.At == e.At && a.Commit == e.Commit &&
			a.Digest == e.Digest && (a.State == meta.AcceptChangesRequested) == objection {
			return true
		}
	}
	return false
}
