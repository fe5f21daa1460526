package critic

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/rtgit/rtgit/internal/yamlerr"
	"gopkg.in/yaml.v3"
)

// Rule ids, documented in docs/critic.md. They are part of rtgit's
// interface: configuration names them, so they never change meaning.
const (
	RuleVague           = "vague-term"
	RuleUnmeasurable    = "nfr-unmeasurable"
	RuleNoCriterion     = "fr-no-ac"
	RuleCriterionProse  = "ac-not-gwt"
	RuleNoPriority      = "fr-no-priority"
	RuleNotMoSCoW       = "priority-not-moscow"
	RuleUndefinedLink   = "story-undefined-link"
	RuleUncovered       = "fr-uncovered"
	RuleMustOverLower   = "must-story-lower-frs"
	RuleDuplicateID     = "duplicate-id"
	RuleNoRationale     = "adr-no-rationale"
	RuleTooFewOptions   = "adr-few-options"
	RuleMisplacedAC     = "ac-under-other-fr"
	RuleNoBehaviour     = "fr-no-behaviour"
	defaultConfigSource = "defaults"
)

// DefaultSeverity is each rule's severity unless configured otherwise.
// Errors are what no reader could work with: a link to nothing, an id
// used twice, a priority nobody can rank.
var DefaultSeverity = map[string]Severity{
	RuleVague:          Warning,
	RuleUnmeasurable:   Warning,
	RuleNoCriterion:    Warning,
	RuleCriterionProse: Warning,
	RuleNoPriority:     Warning,
	RuleNotMoSCoW:      Error,
	RuleUndefinedLink:  Error,
	RuleUncovered:      Warning,
	RuleMustOverLower:  Warning,
	RuleDuplicateID:    Error,
	RuleNoRationale:    Warning,
	RuleTooFewOptions:  Warning,
	RuleMisplacedAC:    Warning,
	RuleNoBehaviour:    Warning,
}

// DefaultVagueWords are words a requirement should not lean on: each one
// hides a number or a condition a tester would need.
var DefaultVagueWords = []string{
	"easy", "easily", "quick", "quickly", "fast", "user-friendly", "intuitive", "intuitively", "flexible", "robust",
	"seamless", "seamlessly", "efficient", "efficiently", "as appropriate", "as needed", "if possible", "etc", "and/or",
	"TBD", "TBC", "reasonable", "sufficient", "adequate", "optimal", "state-of-the-art", "best-in-class",
}

// Config is what a repository may change about the critic, under the
// `critic:` key of .rtgit/config.yaml.
type Config struct {
	// VagueWords replaces DefaultVagueWords when non-nil.
	VagueWords []string
	// Rules overrides severities by rule id; Off switches a rule off.
	Rules map[string]Severity
}

// DefaultConfig is the critic with every rule at its default severity.
func DefaultConfig() Config { return Config{}.withDefaults() }

func (c Config) withDefaults() Config {
	if c.VagueWords == nil {
		c.VagueWords = DefaultVagueWords
	}
	return c
}

func (c Config) severity(rule string) Severity {
	if s, ok := c.Rules[rule]; ok {
		return s
	}
	return DefaultSeverity[rule]
}

// configKeys are the keys under `critic:`, in the order docs/critic.md
// lists them.
var configKeys = []string{"vague_words", "more_vague_words", "allow_words", "rules"}

// ParseConfig reads the `critic:` key of a .rtgit/config.yaml document;
// other keys belong to other readers. An unknown critic key, rule id or
// severity, or a value of the wrong shape, is an error naming the file and
// the line it is on.
func ParseConfig(name string, data []byte) (Config, error) {
	var doc map[string]yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return Config{}, yamlerr.At(name, err)
	}
	node, ok := doc["critic"]
	if !ok || node.Tag == "!!null" {
		return DefaultConfig(), nil
	}
	if node.Kind != yaml.MappingNode {
		return Config{}, fmt.Errorf("%s:%d: critic: want its keys beneath it (%s)", name, node.Line, strings.Join(configKeys, ", "))
	}
	var vague, more, allow []string
	rules := map[string]Severity{}
	if err := noDuplicates(name, "critic", &node); err != nil {
		return Config{}, err
	}
	for i := 0; i+1 < len(node.Content); i += 2 {
		k, v := node.Content[i], node.Content[i+1]
		var words *[]string
		switch k.Value {
		case "vague_words":
			words = &vague
		case "more_vague_words":
			words = &more
		case "allow_words":
			words = &allow
		case "rules":
			if err := parseRules(name, v, rules); err != nil {
				return Config{}, err
			}
			continue
		default:
			return Config{}, fmt.Errorf("%s:%d: critic: unknown key %q; known: %s", name, k.Line, k.Value, strings.Join(configKeys, ", "))
		}
		if v.Kind != yaml.SequenceNode || v.Decode(words) != nil {
			return Config{}, fmt.Errorf("%s:%d: critic.%s: want a list of words, like [snappy, blazing]", name, v.Line, k.Value)
		}
	}
	cfg := Config{Rules: rules}
	words := DefaultVagueWords
	if vague != nil {
		words = vague
	}
	words = append(slices.Clone(words), more...)
	for _, w := range allow {
		words = slices.DeleteFunc(words, func(x string) bool { return strings.EqualFold(x, w) })
	}
	cfg.VagueWords = words
	return cfg, nil
}

// parseRules reads `rules:`, one severity per rule id, each checked at
// its own line.
func parseRules(name string, v *yaml.Node, into map[string]Severity) error {
	if v.Tag == "!!null" {
		return nil
	}
	if v.Kind != yaml.MappingNode {
		return fmt.Errorf("%s:%d: critic.rules: want one line per rule, like %s: error", name, v.Line, RuleVague)
	}
	if err := noDuplicates(name, "critic.rules", v); err != nil {
		return err
	}
	for i := 0; i+1 < len(v.Content); i += 2 {
		id, sev := v.Content[i], v.Content[i+1]
		if _, known := DefaultSeverity[id.Value]; !known {
			return fmt.Errorf("%s:%d: critic.rules: unknown rule %q; known: %s", name, id.Line, id.Value, strings.Join(RuleIDs(), ", "))
		}
		switch s := Severity(sev.Value); {
		case sev.Kind == yaml.ScalarNode && (s == Error || s == Warning || s == Off):
			into[id.Value] = s
		default:
			return fmt.Errorf("%s:%d: critic.rules.%s is %q; want error, warning or off", name, sev.Line, id.Value, sev.Value)
		}
	}
	return nil
}

// noDuplicates refuses a key given twice in mapping m: which of the two
// was meant is for a person to say.
func noDuplicates(name, where string, m *yaml.Node) error {
	seen := map[string]int{}
	for i := 0; i+1 < len(m.Content); i += 2 {
		k := m.Content[i]
		if first, dup := seen[k.Value]; dup {
			return fmt.Errorf("%s:%d: %s: %q is given twice, here and at line %d", name, k.Line, where, k.Value, first)
		}
		seen[k.Value] = k.Line
	}
	return nil
}

// RuleIDs lists every rule id, sorted.
func RuleIDs() []string {
	ids := make([]string, 0, len(DefaultSeverity))
	for id := range DefaultSeverity {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}
