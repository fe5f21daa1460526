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
	bulletRe   = lazyre.New(`^\s*(?:[-*+]|\d+[.)])\s+`)
	frRe       = lazyre.New(`^(?:\*\*)?(FR-\d{3})(?:\*\*)?\s*:\s*(.*)$`)
	acRe       = lazyre.New(`(?i)^(?:ac(?:-(\d{3})-(\d{2}))?\s*:|(given|when|then|and|but)\b)`)
	nfrRe      = lazyre.New(`^(?:\*\*)?(NFR-\d{3})(?:\*\*)?\s*:\s*(.*)$`)
	storyRe    = lazyre.New(`(?i)^(?:(US-\d{3})\s*:\s*)?as an?\s+.+?,\s*i want\s+.+?,\s*so that\s+.+$`)
	linkRe     = lazyre.New(`\b(?:FR|NFR)-\d{3}\b`)
	anyIDRe    = lazyre.New(`\b(?:FR|NFR|CON|US)-\d{3}\b`)
	frIDRe     = lazyre.New(`\bFR-\d{3}\b`)
	codeSpanRe = lazyre.New("`[^`]*`")
	decisionRe = lazyre.New(`(?i)^decision:\s*(.+?)\s*--`)
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

// line is one non-blank line of an answer: its index from the answer's
// first line, and its text without a list bullet.
type line struct {
	i    int
	text string
}

func linesOf(text string) []line {
	var out []line
	for i, l := range strings.Split(text, "\n") {
		if l = strings.TrimSpace(bulletRe.ReplaceAllString(l, "")); l != "" {
			out = append(out, line{i, l})
		}
	}
	return out
}

// definedFRs lists the FR ids 01-06 defines, in order.
func (c *checker) definedFRs() ([]string, bool) {
	a, ok := c.answer(refRequirements)
	if !ok {
		return nil, false
	}
	var ids []string
	for _, l := range linesOf(a.Text) {
		if m := frRe.FindStringSubmatch(l.text); m != nil && !slices.Contains(ids, m[1]) {
			ids = append(ids, m[1])
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
	for _, x := range model.ParseNFRs(a.Text) {
		ids = append(ids, x.ID)
	}
	return ids, true
}

// requirements: vague words in FRs and their criteria, FRs without a
// criterion, ids defined twice.
func (c *checker) requirements() {
	a, ok := c.answer(refRequirements)
	if !ok {
		return
	}
	type fr struct {
		id   string
		at   int
		acs  int
		seen bool
	}
	var frs []*fr
	defined := map[string]int{}
	acs := map[string]int{}
	for _, l := range linesOf(a.Text) {
		if m := frRe.FindStringSubmatch(l.text); m != nil {
			if first, dup := defined[m[1]]; dup {
				c.add(a, l.i, RuleDuplicateID, Analyst, "%s is defined twice (first on line %d) -- which one do we mean? Give the second its own id.", m[1], a.Line+first)
			} else {
				defined[m[1]] = l.i
			}
			frs = append(frs, &fr{id: m[1], at: l.i})
			if !statesBehaviour(m[2]) {
				c.add(a, l.i, RuleNoBehaviour, Analyst, "%s states no behaviour of the system -- what does it do, and when? Write it as \"When <trigger>, the system shall <behaviour>\".", m[1])
			}
			c.vague(a, l)
			continue
		}
		if len(frs) == 0 {
			continue // a preamble is not a requirement
		}
		cur := frs[len(frs)-1]
		if m := acRe.FindStringSubmatch(l.text); m != nil {
			cur.acs++
			if m[1] != "" && "FR-"+m[1] != cur.id {
				c.add(a, l.i, RuleMisplacedAC, Analyst, "AC-%s-%s sits under %s -- is it a criterion of FR-%s? Move it under FR-%s, or number it as one of %s's.",
					m[1], m[2], cur.id, m[1], m[1], cur.id)
			}
			if m[1] != "" {
				id := "AC-" + m[1] + "-" + m[2]
				if first, dup := acs[id]; dup {
					c.add(a, l.i, RuleDuplicateID, Analyst, "%s is used twice (first on line %d) -- number the second criterion on.", id, a.Line+first)
				} else {
					acs[id] = l.i
				}
			}
		}
		c.vague(a, l)
	}
	c.proseCriteria(a)
	for _, r := range frs {
		if r.acs == 0 {
			c.add(a, r.at, RuleNoCriterion, Analyst, "%s has no acceptance criterion -- how will we know it's done? Add one below it: \"AC-%s-01: Given … When … Then …\".",
				r.id, strings.TrimPrefix(r.id, "FR-"))
		}
	}
}

// behaviourRe finds what a requirement says the system does: a modal
// ("shall", "must", "will", "should") and the verb after it.
var behaviourRe = lazyre.New(`(?i)\b(?:shall|must|will|should)\s+(?:not\s+|also\s+|only\s+|always\s+|never\s+)*([a-z]+)`)

// noActionVerbs say what the system is, waits for or tries, not what it
// does.
var noActionVerbs = map[string]bool{"await": true, "wait": true, "try": true, "strive": true, "aim": true, "consider": true, "hope": true, "seek": true}

// statesBehaviour reports whether a requirement's text says something the
// system does: "the system shall return …" does; "Nothing -- be nice"
// and "the system awaits the user" do not.
func statesBehaviour(text string) bool {
	if _, after, ok := strings.Cut(text, "--"); ok {
		text = after
	}
	m := behaviourRe.FindStringSubmatch(codeSpanRe.ReplaceAllString(text, "x"))
	return m != nil && !noActionVerbs[strings.ToLower(m[1])]
}

// nfrs: vague words, targets without a number or a standard, ids twice.
func (c *checker) nfrs() {
	a, ok := c.answer(refNFRs)
	if !ok {
		return
	}
	defined := map[string]int{}
	for _, l := range linesOf(a.Text) {
		text := l.text
		if m := nfrRe.FindStringSubmatch(text); m != nil {
			if first, dup := defined[m[1]]; dup {
				c.add(a, l.i, RuleDuplicateID, Analyst, "%s is defined twice (first on line %d) -- give the second its own id.", m[1], a.Line+first)
			} else {
				defined[m[1]] = l.i
			}
			text = m[2]
		}
		c.vague(a, l)
		category, target, ok := strings.Cut(text, ":")
		if !ok {
			category, target = "This target", text
		}
		if !Measurable(target) {
			c.add(a, l.i, RuleUnmeasurable, Analyst, "%s has nothing I can measure -- give it a number with a unit (\"p95 under 2 s\", \"99.9%% a month\") or name the standard it meets.",
				quoteName(strings.TrimSpace(category)))
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
	used := map[string]bool{}
	for _, l := range linesOf(a.Text) {
		if m := storyRe.FindStringSubmatch(l.text); m != nil && m[1] != "" {
			used[strings.ToUpper(m[1])] = true
		}
	}
	linked := map[string]bool{}
	ids := map[string]int{}
	story, n := "", 0
	for _, l := range linesOf(a.Text) {
		if m := storyRe.FindStringSubmatch(l.text); m != nil {
			story = strings.ToUpper(m[1])
			if story != "" {
				if first, dup := ids[story]; dup {
					c.add(a, l.i, RuleDuplicateID, Analyst, "%s is used for two stories (first on line %d) -- give the second its own id.", story, a.Line+first)
				}
				ids[story] = l.i
			}
			for story == "" {
				n++
				if id := fmt.Sprintf("US-%03d", n); !used[id] {
					story, used[id] = id, true
				}
			}
		} else if story != "" && acRe.MatchString(l.text) {
			c.vague(a, l)
		}
		if story == "" {
			continue
		}
		for _, id := range linkRe.FindAllString(codeSpanRe.ReplaceAllString(l.text, ""), -1) {
			linked[id] = true
			switch {
			case strings.HasPrefix(id, "FR-") && haveFRs && !slices.Contains(frs, id):
				c.add(a, l.i, RuleUndefinedLink, Analyst, "%s links %s, but 01-06 defines no %s -- link a requirement we have (%s), or add %s to 01-06 first.",
					story, id, id, list(frs), id)
			case strings.HasPrefix(id, "NFR-") && haveNFRs && !slices.Contains(nfrs, id):
				c.add(a, l.i, RuleUndefinedLink, Analyst, "%s links %s, but 01-05 defines no %s -- link a target we have (%s), or add it to 01-05 first.",
					story, id, id, list(nfrs))
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
		for _, id := range frIDRe.FindAllString(a.Text, -1) {
			out[id] = true
		}
	}
	return out
}

// priorityOf maps ids to the MoSCoW level 01-08 gives them.
func (c *checker) priorityOf() map[string]string {
	p := map[string]string{}
	if a, ok := c.answer(refPriorities); ok {
		for _, l := range linesOf(a.Text) {
			level := levelOf(l.text)
			for _, id := range anyIDRe.FindAllString(l.text, -1) {
				if _, seen := p[id]; !seen {
					p[id] = level
				}
			}
		}
	}
	return p
}

func levelOf(s string) string {
	low := strings.ToLower(strings.ReplaceAll(s, "’", "'"))
	for _, m := range moscow {
		if strings.Contains(low, strings.ToLower(m)) {
			return m
		}
	}
	return ""
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
	for _, l := range linesOf(a.Text) {
		ids := anyIDRe.FindAllString(l.text, -1)
		if len(ids) == 0 {
			continue
		}
		level := levelOf(l.text)
		if level == "" {
			_, rest, _ := strings.Cut(l.text, ":")
			c.add(a, l.i, RuleNotMoSCoW, Analyst, "%s: %s isn't a priority I can rank -- use Must Have, Should Have, Could Have or Won't Have.",
				strings.Join(ids, ", "), quoteName(strings.TrimSpace(rest)))
		}
		for _, id := range ids {
			if first, dup := seen[id]; dup {
				c.add(a, l.i, RuleDuplicateID, Analyst, "%s is prioritised twice (first on line %d) -- which one stands?", id, a.Line+first)
				continue
			}
			seen[id] = l.i
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
	for _, st := range model.ParseStories(s.Text) {
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
	var titles []string
	for _, l := range linesOf(a.Text) {
		if m := decisionRe.FindStringSubmatch(l.text); m != nil {
			titles = append(titles, strings.TrimSpace(m[1]))
		}
	}
	rationale, _ := c.answer(refRationale)
	seen := map[string]int{}
	for _, l := range linesOf(a.Text) {
		ds := model.ParseDecisions(l.text)
		if len(ds) != 1 {
			continue
		}
		d := ds[0]
		key := strings.ToLower(d.Title)
		if first, dup := seen[key]; dup {
			c.add(a, l.i, RuleDuplicateID, Architect, "%q is decided twice (first on line %d) -- merge them, or tell the two apart in the title.", d.Title, a.Line+first)
		}
		seen[key] = l.i
		if len(d.Options) < 2 {
			c.add(a, l.i, RuleTooFewOptions, Architect, "%q weighs only one option -- what else did we consider, and why did it lose? A decision record needs at least two.", d.Title)
		}
		if d.Chosen.Pros == "" && artifacts.RationaleFor(rationale.Text, d.Title, titles) == "" {
			c.add(a, l.i, RuleNoRationale, Architect, "%q has no rationale -- why this option, and what does it cost us? Say it in brackets after the chosen option, or start its part of the rationale with \"%s:\".", d.Title, d.Title)
		}
	}
}

// vague flags each vague word on a line, outside code spans.
func (c *checker) vague(a Answer, l line) {
	text := codeSpanRe.ReplaceAllString(l.text, " ")
	low := strings.ToLower(text)
	for _, w := range c.cfg.VagueWords {
		if w = strings.TrimSpace(w); w != "" && containsWord(low, strings.ToLower(w)) {
			c.add(a, l.i, RuleVague, Analyst, "%s", vagueMessage(w))
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
func (c *checker) proseCriteria(a Answer) {
	reqs, _ := model.ParseRequirements(a.Text)
	lines := linesOf(a.Text)
	for _, r := range reqs {
		for _, x := range r.Criteria {
			if !model.ParseCriterion(x.ID, x.Text).Flagged {
				continue
			}
			at := 0
			for _, l := range lines {
				if strings.Contains(l.text, x.ID) || strings.HasSuffix(x.Text, l.text) || strings.HasPrefix(x.Text, l.text) {
					at = l.i
					break
				}
			}
			c.add(a, at, RuleCriterionProse, Analyst, "%s is not written as Given/When/Then -- an export keeps it as written and flags it, and no scenario or test comes from it. Say it as \"Given … When … Then …\" (or \"When …, the system shall …\").", x.ID)
		}
	}
}
