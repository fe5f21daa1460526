package critic

import (
	"fmt"
	"slices"
	"strings"

	"github.com/rtgit/rtgit/internal/lazyre"
	"github.com/rtgit/rtgit/model"
	"github.com/rtgit/rtgit/steps/artifacts"
)

// The answers the rules read, by the seed's step inventory.
const (
	refRequirements = "01-06.requirements"
	refOutOfScope   = "01-06.out_of_scope"
	refNFRs         = "01-05.nfrs"
	refStories      = "01-07.stories"
	refPriorities   = "01-08.priorities"
	refDecisions    = "03-02.decisions"
	refRationale    = "03-02.rationale"
)

var (
	codeSpanRe = lazyre.New("`[^`]*`")
	// A measurable target has a number (digits or a number word) or names
	// a standard a tester can check against.
	measureRe = lazyre.New(`(?i)\d|\b(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|hundred|thousand|million|half|twice|none)\b|` +
		`\b(?:RFC|ISO|IEC|WCAG|GDPR|HIPAA|PCI|SOC|OWASP|FIPS|NIST|SOX|CCPA|IEEE|W3C|TLS|UTF-8|POSIX|MADR|EARS|OpenAPI|SemVer)\b`)
	moscow = []string{"Must Have", "Should Have", "Could Have", "Won't Have"}
)

// Measurable reports whether an NFR's target can be measured: it has a
// number or names a standard, outside code spans.
func Measurable(target string) bool {
	return measureRe.MatchString(codeSpanRe.ReplaceAllString(target, ""))
}

// The rules check what the model reads in each answer, so a finding is
// about what the step's documents will say; the items carry the lines
// the findings point at.

// reqs is 01-06's requirements, a being its answer, read once however
// many rules ask.
func (c *checker) reqs(a Answer) []model.RequirementAt {
	if c.frs == nil {
		frs := model.RequirementsAt(a.Text)
		c.frs = &frs
	}
	return *c.frs
}

// definedFRs lists the FR ids 01-06 defines, in order.
func (c *checker) definedFRs() ([]string, bool) {
	a, ok := c.answer(refRequirements)
	if !ok {
		return nil, false
	}
	var ids []string
	for _, r := range c.reqs(a) {
		if !slices.Contains(ids, r.ID) {
			ids = append(ids, r.ID)
		}
	}
	return ids, true
}

// definedNFRs lists the NFR ids 01-05 defines, numbering unnamed lines as
// the artifacts do.
func (c *checker) definedNFRs() ([]string, bool) {
	a, ok := c.answer(refNFRs)
	if !ok {
		return nil, false
	}
	var ids []string
	for _, x := range model.NFRsAt(a.Text) {
		ids = append(ids, x.ID)
	}
	return ids, true
}

// requirements: vague words in FRs and their criteria, FRs without a
// criterion, criteria in prose, ids defined twice.
func (c *checker) requirements() {
	a, ok := c.answer(refRequirements)
	if !ok {
		return
	}
	reqs := c.reqs(a)
	if len(reqs) == 0 {
		return
	}
	defined := map[string]int{}
	acs := map[string]int{}
	for _, r := range reqs {
		at := r.At.N
		if first, dup := defined[r.ID]; dup {
			c.add(a, at, RuleDuplicateID, Analyst, "%s is defined twice (first on line %d) -- which one do we mean? Give the second its own id.", r.ID, a.Line+first)
		} else {
			defined[r.ID] = at
		}
		if !statesBehaviour(r.Statement) {
			c.add(a, at, RuleNoBehaviour, Analyst, "%s states no behaviour of the system -- what does it do, and when? Write it as \"When <trigger>, the system shall <behaviour>\".", r.ID)
		}
		for _, x := range r.CriteriaAt {
			if x.Written == "" {
				continue
			}
			if x.Of != r.ID {
				c.add(a, x.At.N, RuleMisplacedAC, Analyst, "%s sits under %s -- is it a criterion of %s? Move it under %s, or number it as one of %s's.",
					x.Written, r.ID, x.Of, x.Of, r.ID)
			}
			if first, dup := acs[x.Written]; dup {
				c.add(a, x.At.N, RuleDuplicateID, Analyst, "%s is used twice (first on line %d) -- number the second criterion on.", x.Written, a.Line+first)
			} else {
				acs[x.Written] = x.At.N
			}
		}
	}
	// A preamble is not a requirement: the words are weighed from the
	// first FR on.
	for _, l := range model.Lines(a.Text) {
		if l.N >= reqs[0].At.N {
			c.vague(a, l)
		}
	}
	c.proseCriteria(a, reqs)
	for _, r := range reqs {
		if len(r.Criteria) == 0 {
			c.add(a, r.At.N, RuleNoCriterion, Analyst, "%s has no acceptance criterion -- how will we know it's done? Add one below it: \"AC-%s-01: Given … When … Then …\".",
				r.ID, strings.TrimPrefix(r.ID, "FR-"))
		}
	}
}

// behaviourRe finds what a requirement says the system does: a modal
// ("shall", "must", "will", "should") and the verb after it.
var behaviourRe = lazyre.New(`(?i)\b(?:shall|must|will|should)\s+(?:not\s+|also\s+|only\s+|always\s+|never\s+)*([a-z]+)`)

// noActionVerbs say what the system is, waits for or tries, not what it
// does.
var noActionVerbs = map[string]bool{"await": true, "wait": true, "try": true, "strive": true, "aim": true, "consider": true, "hope": true, "seek": true}

// statesBehaviour reports whether a requirement's statement says
// something the system does: "the system shall return …" does; "be
// nice" and "the system awaits the user" do not. The model has taken the
// title ("Nothing -- ") off.
func statesBehaviour(statement string) bool {
	m := behaviourRe.FindStringSubmatch(codeSpanRe.ReplaceAllString(statement, "x"))
	return m != nil && !noActionVerbs[strings.ToLower(m[1])]
}

// nfrs: vague words, targets without a number or a standard, ids twice.
func (c *checker) nfrs() {
	a, ok := c.answer(refNFRs)
	if !ok {
		return
	}
	defined := map[string]int{}
	for _, x := range model.NFRsAt(a.Text) {
		// The model numbers unnamed lines past every written id, so only
		// written ids meet twice.
		if first, dup := defined[x.ID]; dup {
			c.add(a, x.At.N, RuleDuplicateID, Analyst, "%s is defined twice (first on line %d) -- give the second its own id.", x.ID, a.Line+first)
		} else {
			defined[x.ID] = x.At.N
		}
		c.vague(a, x.At)
		category := x.Category
		if !x.Categorised {
			category = "This target"
		}
		if !Measurable(x.Target) {
			c.add(a, x.At.N, RuleUnmeasurable, Analyst, "%s has nothing I can measure -- give it a number with a unit (\"p95 under 2 s\", \"99.9%% a month\") or name the standard it meets.",
				quoteName(category))
		}
	}
}

// stories: links to requirements that do not exist, requirements no story
// covers, vague criteria, ids twice.
func (c *checker) stories() {
	a, ok := c.answer(refStories)
	if !ok {
		return
	}
	frs, haveFRs := c.definedFRs()
	nfrs, haveNFRs := c.definedNFRs()
	linked := map[string]bool{}
	ids := map[string]int{}
	for _, st := range model.StoriesAt(a.Text) {
		if first, dup := ids[st.ID]; dup {
			c.add(a, st.At.N, RuleDuplicateID, Analyst, "%s is used for two stories (first on line %d) -- give the second its own id.", st.ID, a.Line+first)
		}
		ids[st.ID] = st.At.N
		for _, l := range st.CriteriaAt {
			c.vague(a, l)
		}
		for _, ref := range st.Links {
			id := ref.ID
			linked[id] = true
			switch {
			case strings.HasPrefix(id, "FR-") && haveFRs && !slices.Contains(frs, id):
				c.add(a, ref.At.N, RuleUndefinedLink, Analyst, "%s links %s, but 01-06 defines no %s -- link a requirement we have (%s), or add %s to 01-06 first.",
					st.ID, id, id, list(frs), id)
			case strings.HasPrefix(id, "NFR-") && haveNFRs && !slices.Contains(nfrs, id):
				c.add(a, ref.At.N, RuleUndefinedLink, Analyst, "%s links %s, but 01-05 defines no %s -- link a target we have (%s), or add it to 01-05 first.",
					st.ID, id, id, list(nfrs))
			}
		}
	}
	if !haveFRs {
		return
	}
	out := c.outOfScope()
	prio := c.priorityOf()
	for _, id := range frs {
		if linked[id] || out[id] || prio[id] == "Won't Have" {
			continue
		}
		c.add(a, 0, RuleUncovered, Analyst, "No story covers %s -- who needs it? Add a story that links (%s), or tell me it's out of scope.", id, id)
	}
}

// outOfScope are the FR ids 01-06 names as out of scope.
func (c *checker) outOfScope() map[string]bool {
	out := map[string]bool{}
	if a, ok := c.answer(refOutOfScope); ok {
		for _, id := range model.IDs(a.Text) {
			if strings.HasPrefix(id, "FR-") {
				out[id] = true
			}
		}
	}
	return out
}

// priorityOf maps ids to the MoSCoW level 01-08 gives them.
func (c *checker) priorityOf() map[string]string {
	if a, ok := c.answer(refPriorities); ok {
		p, _ := model.PrioritiesAt(a.Text)
		return p.Of
	}
	return map[string]string{}
}

func rank(level string) int {
	if i := slices.Index(moscow, level); i >= 0 {
		return i
	}
	return len(moscow)
}

// priorities: levels outside MoSCoW, requirements left unprioritised, ids
// ranked twice, and Must Have stories resting on lesser requirements.
func (c *checker) priorities() {
	a, ok := c.answer(refPriorities)
	if !ok {
		return
	}
	seen := map[string]int{}
	_, lines := model.PrioritiesAt(a.Text)
	for _, l := range lines {
		if l.Level == "" {
			_, rest, _ := strings.Cut(l.At.Text, ":")
			c.add(a, l.At.N, RuleNotMoSCoW, Analyst, "%s: %s isn't a priority I can rank -- use Must Have, Should Have, Could Have or Won't Have.",
				strings.Join(l.IDs, ", "), quoteName(strings.TrimSpace(rest)))
		}
		for _, id := range l.IDs {
			if first, dup := seen[id]; dup {
				c.add(a, l.At.N, RuleDuplicateID, Analyst, "%s is prioritised twice (first on line %d) -- which one stands?", id, a.Line+first)
				continue
			}
			seen[id] = l.At.N
		}
	}
	if frs, ok := c.definedFRs(); ok {
		for _, id := range frs {
			if _, ok := seen[id]; !ok {
				c.add(a, 0, RuleNoPriority, Analyst, "%s has no priority -- is it a Must Have? What happens if we ship without it?", id)
			}
		}
	}
	c.mustStories(a, seen)
}

// mustStories flags a story ranked Must Have whose linked requirements
// are all ranked lower: one of the two rankings is wrong.
func (c *checker) mustStories(a Answer, seen map[string]int) {
	s, ok := c.answer(refStories)
	if !ok {
		return
	}
	prio := c.priorityOf()
	for _, st := range model.StoriesAt(s.Text) {
		at, named := seen[st.ID]
		if !named || prio[st.ID] != "Must Have" {
			continue
		}
		var frs []string
		best := len(moscow)
		for _, id := range st.LinkedRequirements {
			if !strings.HasPrefix(id, "FR-") {
				continue
			}
			frs = append(frs, id)
			if prio[id] == "" {
				best = -1 // unranked: nothing to compare
				break
			}
			best = min(best, rank(prio[id]))
		}
		if len(frs) > 0 && best > 0 && best < len(moscow) {
			c.add(a, at, RuleMustOverLower, Analyst, "%s is a Must Have, but its requirements (%s) are at most %s -- either the story can wait, or one of them is a Must Have.",
				st.ID, strings.Join(frs, ", "), moscow[best])
		}
	}
}

// decisions: each architecture decision needs at least two options and a
// rationale -- the chosen option's "(pros but cons)", or a part of the
// rationale answer labelled with its title; two decisions may not share a
// title.
func (c *checker) decisions() {
	a, ok := c.answer(refDecisions)
	if !ok {
		return
	}
	ds := model.DecisionsAt(a.Text)
	var titles []string
	for _, d := range ds {
		titles = append(titles, d.Title)
	}
	rationale, _ := c.answer(refRationale)
	seen := map[string]int{}
	for _, d := range ds {
		key := strings.ToLower(d.Title)
		if first, dup := seen[key]; dup {
			c.add(a, d.At.N, RuleDuplicateID, Architect, "%q is decided twice (first on line %d) -- merge them, or tell the two apart in the title.", d.Title, a.Line+first)
		}
		seen[key] = d.At.N
		if len(d.Options) < 2 {
			c.add(a, d.At.N, RuleTooFewOptions, Architect, "%q weighs only one option -- what else did we consider, and why did it lose? A decision record needs at least two.", d.Title)
		}
		if d.Chosen.Pros == "" && artifacts.RationaleFor(rationale.Text, d.Title, titles) == "" {
			c.add(a, d.At.N, RuleNoRationale, Architect, "%q has no rationale -- why this option, and what does it cost us? Say it in brackets after the chosen option, or start its part of the rationale with \"%s:\".", d.Title, d.Title)
		}
	}
}

// vague flags each vague word on a line, outside code spans.
func (c *checker) vague(a Answer, l model.Line) {
	text := codeSpanRe.ReplaceAllString(l.Text, " ")
	low := strings.ToLower(text)
	for _, w := range c.cfg.VagueWords {
		if w = strings.TrimSpace(w); w != "" && containsWord(low, strings.ToLower(w)) {
			c.add(a, l.N, RuleVague, Analyst, "%s", vagueMessage(w))
		}
	}
}

// containsWord finds w in s as a whole word: not inside another word, and
// not joined to one by a hyphen ("quick-scan" is a name, not a promise).
func containsWord(s, w string) bool {
	for from := 0; ; {
		i := strings.Index(s[from:], w)
		if i < 0 {
			return false
		}
		i += from
		end := i + len(w)
		if (i == 0 || !wordByte(s[i-1])) && (end == len(s) || !wordByte(s[end])) {
			return true
		}
		from = i + 1
	}
}

func wordByte(b byte) bool {
	return b == '-' || b == '_' || b >= 'a' && b <= 'z' || b >= '0' && b <= '9' || b >= 0x80
}

// vagueMessage is Maya asking for the number or condition behind a word.
func vagueMessage(w string) string {
	ask := map[string]string{
		"quick": "how quick", "quickly": "how quickly", "fast": "how fast",
		"easy": "easy for whom, measured how", "easily": "easily for whom, measured how",
		"user-friendly": "how would a tester tell", "intuitive": "how would a tester tell", "intuitively": "how would a tester tell",
		"flexible": "flexible in which way", "robust": "robust against what", "seamless": "what would a seam look like",
		"seamlessly": "what would a seam look like", "efficient": "efficient by which measure", "efficiently": "efficient by which measure",
		"etc": "what else, exactly", "and/or": "which one: both, either, or just one",
		"reasonable": "reasonable by which measure", "sufficient": "sufficient for what", "adequate": "adequate for what",
	}[strings.ToLower(w)]
	switch strings.ToLower(w) {
	case "tbd", "tbc":
		return fmt.Sprintf("'%s' -- this is still open. Decide it here, or ask it as a question so we track it.", w)
	}
	if ask == "" {
		ask = "what does that mean in a test"
	}
	if strings.HasPrefix(ask, "how quick") || ask == "how fast" {
		return fmt.Sprintf("'%s' -- %s? Give me a number I can test.", w, ask)
	}
	return fmt.Sprintf("'%s' -- %s? Give me a number or a condition I can test.", w, ask)
}

func quoteName(s string) string {
	if s == "" {
		return "this"
	}
	return "'" + s + "'"
}

func list(ids []string) string {
	if len(ids) == 0 {
		return "none yet"
	}
	if len(ids) > 6 {
		return strings.Join(ids[:3], ", ") + ", … " + ids[len(ids)-1]
	}
	return strings.Join(ids, ", ")
}

// proseCriteria: a criterion the model cannot split into Given/When/Then
// (or EARS "When …, the system shall …"), read as every export reads it,
// so the warning comes at 01-06 rather than at the first export.
func (c *checker) proseCriteria(a Answer, reqs []model.RequirementAt) {
	for _, r := range reqs {
		for i, x := range r.Criteria {
			if x.Flagged {
				c.add(a, r.CriteriaAt[i].At.N, RuleCriterionProse, Analyst, "%s is not written as Given/When/Then -- an export keeps it as written and flags it, and no scenario or test comes from it. Say it as \"Given … When … Then …\" (or \"When …, the system shall …\").", x.ID)
			}
		}
	}
}
