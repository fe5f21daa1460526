package signoff

import (
	"fmt"
	"slices"
	"strings"

	"github.com/rtgit/rtgit/internal/lazyre"
	"github.com/rtgit/rtgit/internal/yamlerr"
	"gopkg.in/yaml.v3"
)

// Policy is what a repository requires before an analysis is ready to
// build, the `signoff:` section of .rtgit/config.yaml.
type Policy struct {
	// Required are the areas that need current approvals.
	Required []string `json:"required"`
	// MinApprovers is how many people must have approved each required
	// area; at least 1.
	MinApprovers int `json:"min_approvers"`
	// DistinctFromAuthor: the person who answered most of an area cannot
	// be its only approver.
	DistinctFromAuthor bool `json:"distinct_from_author"`
	// Plain are the areas an Approve review naming none approves (those
	// of them that are complete); nil: every area.
	Plain []string `json:"plain_approval,omitempty"`
	// Logins maps a git user.name, as local commands record people, to
	// the GitHub login of the same person (signoff.logins). Only the
	// default branch's policy is trusted to say who is whom.
	Logins map[string]string `json:"logins,omitempty"`
	// Signers maps a GitHub login to the public keys whose signature on
	// a commit shows the commit is that person's (signoff.signers): SSH
	// keys as an allowed_signers line's key part ("ssh-ed25519 AAAA..."),
	// or OpenPGP keys, armored. Locally, an approval counts only when the
	// commit that recorded it is signed by a key listed for the login it
	// names; only the default branch's list is trusted.
	Signers map[string][]string `json:"signers,omitempty"`
}

// KeysOf are the keys Signers lists for login ("@alice" or "alice"),
// case aside.
func (p Policy) KeysOf(login string) []string {
	login = strings.ToLower(strings.TrimPrefix(login, "@"))
	for k, v := range p.Signers {
		if strings.ToLower(strings.TrimPrefix(k, "@")) == login {
			return v
		}
	}
	return nil
}

// Login is the GitHub login ("@alice") name stands for: itself when it
// is one, else what Logins maps it to; false when nothing says.
func (p Policy) Login(name string) (string, bool) {
	if strings.HasPrefix(name, "@") && len(name) > 1 {
		return strings.ToLower(name), true
	}
	for k, v := range p.Logins {
		if k == name {
			return "@" + strings.ToLower(strings.TrimPrefix(v, "@")), true
		}
	}
	return "", false
}

// person is who name is for counting approvers: their login when known,
// else the name itself, so that one person counts once.
func (p Policy) person(name string) string {
	if l, ok := p.Login(name); ok {
		return l
	}
	return strings.ToLower(name)
}

// Set reports whether the policy asks for anything. Without it the gate is
// what it was before sign-off existed.
func (p Policy) Set() bool { return len(p.Required) > 0 }

// ParsePolicy reads the signoff section of a config file's content; name
// is how errors refer to the file. Other sections belong to other readers
// and are not looked at. An unknown key or area in the section is an
// error naming the line, since a typo there would quietly drop a
// requirement.
func ParsePolicy(name string, data []byte) (Policy, error) {
	p := Policy{MinApprovers: 1}
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		return p, yamlerr.At(name, err)
	}
	section := lookup(&root, "signoff")
	if section == nil || section.Tag == "!!null" {
		return p, nil
	}
	fail := func(n *yaml.Node, format string, args ...any) error {
		return fmt.Errorf("%s:%d: signoff%s", name, n.Line, fmt.Sprintf(format, args...))
	}
	if section.Kind != yaml.MappingNode {
		return p, fail(section, ": want a mapping with required, min_approvers, distinct_from_author and plain_approval")
	}
	for i := 0; i+1 < len(section.Content); i += 2 {
		k, v := section.Content[i], section.Content[i+1]
		switch k.Value {
		case "required":
			var list []string
			if err := v.Decode(&list); err != nil {
				return p, fail(v, ".required: want a list of areas (%s)", strings.Join(Areas, ", "))
			}
			for j, a := range list {
				if !Valid(a) {
					return p, fail(v.Content[j], ".required: %q is not an area; the areas are %s", a, strings.Join(Areas, ", "))
				}
			}
			p.Required, _ = ParseAreas(list)
		case "min_approvers":
			var n int
			if err := v.Decode(&n); err != nil || n < 1 {
				return p, fail(v, ".min_approvers is %q; want a whole number, 1 or more", v.Value)
			}
			p.MinApprovers = n
		case "plain_approval":
			var list []string
			if err := v.Decode(&list); err != nil {
				return p, fail(v, ".plain_approval: want a list of areas (%s)", strings.Join(Areas, ", "))
			}
			for j, a := range list {
				if !Valid(a) {
					return p, fail(v.Content[j], ".plain_approval: %q is not an area; the areas are %s", a, strings.Join(Areas, ", "))
				}
			}
			p.Plain, _ = ParseAreas(list)
			if p.Plain == nil {
				p.Plain = []string{} // an empty list: a plain approval approves nothing
			}
		case "logins":
			var m map[string]string
			if err := v.Decode(&m); err != nil {
				return p, fail(v, `.logins: want git names mapped to GitHub logins ("Alice Liddell": alice)`)
			}
			for name, login := range m {
				if !loginRe.MatchString(strings.TrimPrefix(login, "@")) {
					return p, fail(v, ".logins: %q for %q is not a GitHub login", login, name)
				}
			}
			p.Logins = m
		case "signers":
			m, err := parseSigners(v)
			if err != nil {
				return p, fail(v, ".signers: %v", err)
			}
			p.Signers = m
		case "distinct_from_author":
			if err := v.Decode(&p.DistinctFromAuthor); err != nil {
				return p, fail(v, ".distinct_from_author is %q; want true or false", v.Value)
			}
		default:
			return p, fail(k, ": unknown key %q; want required, min_approvers, distinct_from_author, plain_approval, logins or signers", k.Value)
		}
	}
	return p, nil
}

// parseSigners reads signoff.signers: each login to one key or a list of
// them. A key is checked only for its kind here; a key that does not
// parse verifies nothing, which is where it is used.
func parseSigners(v *yaml.Node) (map[string][]string, error) {
	if v.Kind != yaml.MappingNode {
		return nil, fmt.Errorf("want GitHub logins mapped to public keys (alice: [\"ssh-ed25519 AAAA...\"])")
	}
	out := map[string][]string{}
	for i := 0; i+1 < len(v.Content); i += 2 {
		login, keys := v.Content[i].Value, v.Content[i+1]
		if !loginRe.MatchString(strings.TrimPrefix(login, "@")) {
			return nil, fmt.Errorf("%q is not a GitHub login", login)
		}
		var list []string
		if keys.Kind == yaml.ScalarNode {
			list = []string{keys.Value}
		} else if err := keys.Decode(&list); err != nil {
			return nil, fmt.Errorf("%s: want a public key or a list of them", login)
		}
		for _, k := range list {
			k = strings.TrimSpace(k)
			if !strings.HasPrefix(k, "-----BEGIN PGP PUBLIC KEY BLOCK-----") && !sshKeyRe.MatchString(k) {
				return nil, fmt.Errorf("%s: %.20q... is neither an SSH public key (ssh-ed25519 AAAA...) nor an armored OpenPGP public key", login, k)
			}
		}
		out[strings.TrimPrefix(login, "@")] = list
	}
	return out, nil
}

// sshKeyRe is an SSH public key as allowed_signers and authorized_keys
// write it: a key type, its base64, maybe a comment.
var sshKeyRe = lazyre.New(`^(ssh-(ed25519|rsa)|ecdsa-sha2-nistp(256|384|521)|sk-(ssh-ed25519|ecdsa-sha2-nistp256)@openssh\.com) [A-Za-z0-9+/]+={0,2}( .*)?$`)

// lookup finds key in a mapping node (or a document holding one).
func lookup(n *yaml.Node, key string) *yaml.Node {
	if n.Kind == yaml.DocumentNode && len(n.Content) > 0 {
		n = n.Content[0]
	}
	if n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1]
		}
	}
	return nil
}

// loginRe is a GitHub login.
var loginRe = lazyre.New(`^[A-Za-z0-9](?:[A-Za-z0-9]|-[A-Za-z0-9]){0,38}$`)

// Missing is one required area that lacks what the policy asks.
type Missing struct {
	Area   string `json:"area"`
	Reason string `json:"reason"`
}

func (m Missing) String() string { return m.Area + ": " + m.Reason }

// Gate lists the required areas that fall short of the policy, in area
// order; none means sign-off does not stand in the way of building.
// authors names, per area, everyone who answered, revised or skipped its
// steps, "" for a step whose author is not recorded, for
// DistinctFromAuthor. People are counted once each, by login where the
// policy can tell it.
func (p Policy) Gate(areas []AreaStatus, authors map[string][]string) []Missing {
	var out []Missing
	min := max(p.MinApprovers, 1)
	for _, req := range p.Required {
		a, ok := findStatus(areas, req)
		if !ok || a.State == StateNone {
			// Nothing can ever be approved here, so say how the gate
			// opens: the policy, not the analysis, has to change. An
			// area is not waived for want of steps, or a library of
			// one's own would skip any review the policy asks for.
			out = append(out, Missing{req, "required, but no step of this analysis belongs to it, so no approval can meet the policy; " +
				"require only the areas every library in use has steps in (see `rtgit approve --help`)"})
			continue
		}
		if len(a.Open) > 0 {
			out = append(out, Missing{req, fmt.Sprintf("required, but not complete: %s still open", joinAnd(a.Open, "is", "are"))})
			continue
		}
		// uncounted are the approvals that count for nothing here, stale
		// or unverified, named so the reason says why.
		var objections, uncounted []string
		for _, ap := range a.Approvals {
			switch ap.State {
			case StateChangesRequested:
				objections = append(objections, ap.By)
			case StateStale:
				uncounted = append(uncounted, ap.Text)
			default:
				if ap.Unverified != "" {
					uncounted = append(uncounted, ap.Text)
				}
			}
		}
		if len(objections) > 0 {
			out = append(out, Missing{req, fmt.Sprintf("changes requested by %s; approval again by the same person clears it", strings.Join(objections, ", "))})
			continue
		}
		current := p.people(a.Current())
		if len(current) < min {
			reason := fmt.Sprintf("needs %s, has %d", count(min, "current approval", "current approvals"), len(current))
			if len(uncounted) > 0 {
				reason += " (" + strings.Join(uncounted, "; ") + ")"
			}
			out = append(out, Missing{req, reason + "; approve it with `rtgit approve " + req + "`"})
			continue
		}
		if p.DistinctFromAuthor {
			if m, ok := p.distinct(req, current, authors[req]); !ok {
				out = append(out, m)
			}
		}
	}
	return out
}

// people are the distinct persons among names, in order.
func (p Policy) people(names []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, n := range names {
		if k := p.person(n); !seen[k] {
			seen[k] = true
			out = append(out, n)
		}
	}
	return out
}

// distinct checks distinct_from_author: someone who wrote none of the
// area approved it. Authors and approvers are compared as logins; an
// area one of whose steps has no author a login names (none recorded,
// or a git name the policy does not map) cannot show that
// anyone is not its author, so nobody's approval meets the rule.
func (p Policy) distinct(area string, approvers, authors []string) (Missing, bool) {
	var logins []string
	for _, a := range authors {
		l, ok := p.Login(a)
		if !ok {
			return Missing{area, "distinct_from_author: who wrote it cannot be verified (a step whose author is not recorded, or one answered, revised or skipped under a git name signoff.logins does not map to a GitHub login), so no approval can show it is someone else's"}, false
		}
		logins = append(logins, l)
	}
	if len(logins) == 0 {
		return Missing{area, "distinct_from_author: nobody is recorded as its author, so no approval can show it is someone else's"}, false
	}
	for _, by := range approvers {
		if l, ok := p.Login(by); ok && !slices.Contains(logins, l) {
			return Missing{}, true
		}
	}
	return Missing{area, fmt.Sprintf("approved only by %s, who wrote it; someone else must approve it too", strings.Join(approvers, ", "))}, false
}

func findStatus(areas []AreaStatus, name string) (AreaStatus, bool) {
	for _, a := range areas {
		if a.Area == name {
			return a, true
		}
	}
	return AreaStatus{}, false
}

func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
