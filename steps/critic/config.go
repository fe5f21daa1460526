package critic

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"
)

// Rule ids, documented in docs/critic.md. They are part of rtgit's
// interface: configuration names them, so they never change meaning.
const (
	RuleVague           = "vague-term"
	RuleUnmeasurable    = "nfr-unmeasurable"
	RuleNoCriterion     = "fr-no-ac"
	RuleNoPriority      = "fr-no-priority"
	RuleNotMoSCoW       = "priority-not-moscow"
	RuleUndefinedLink   = "story-undefined-link"
	RuleUncovered       = "fr-uncovered"
	RuleMustOverLower   = "must-story-lower-frs"
	RuleDuplicateID     = "duplicate-id"
	RuleNoRationale     = "adr-no-rationale"
	RuleTooFewOptions   = "adr-few-options"
	defaultConfigSource = "defaults"
)

// DefaultSeverity is each rule's severity unless configured otherwise.
// Errors are what no reader could work with: a link to nothing, an id
// used twice, a priority nobody can rank.
var DefaultSeverity = map[string]Severity{
	RuleVague:         Warning,
	RuleUnmeasurable:  Warning,
	RuleNoCriterion:   Warning,
	RuleNoPriority:    Warning,
	RuleNotMoSCoW:     Error,
	RuleUndefinedLink: Error,
	RuleUncovered:     Warning,
	RuleMustOverLower: Warning,
	RuleDuplicateID:   Error,
	RuleNoRationale:   Warning,
	RuleTooFewOptions: Warning,
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

type configFile struct {
	Critic struct {
		VagueWords     []string          `yaml:"vague_words"`
		MoreVagueWords []string          `yaml:"more_vague_words"`
		AllowWords     []string          `yaml:"allow_words"`
		Rules          map[string]string `yaml:"rules"`
	} `yaml:"critic"`
}

// ParseConfig reads the `critic:` key of a .rtgit/config.yaml document;
// other keys belong to other readers. An unknown critic key, rule id or
// severity is an error naming the file.
func ParseConfig(name string, data []byte) (Config, error) {
	var doc map[string]yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return Config{}, fmt.Errorf("%s: %v", name, strings.TrimPrefix(err.Error(), "yaml: "))
	}
	node, ok := doc["critic"]
	if !ok {
		return DefaultConfig(), nil
	}
	var f configFile
	wrapped := map[string]*yaml.Node{"critic": &node}
	raw, err := yaml.Marshal(wrapped)
	if err != nil {
		return Config{}, err
	}
	dec := yaml.NewDecoder(bytes.NewReader(raw))
	dec.KnownFields(true)
	if err := dec.Decode(&f); err != nil && !errors.Is(err, io.EOF) {
		return Config{}, fmt.Errorf("%s:%d: critic: %v", name, node.Line, strings.TrimPrefix(err.Error(), "yaml: "))
	}
	cfg := Config{Rules: map[string]Severity{}}
	words := DefaultVagueWords
	if f.Critic.VagueWords != nil {
		words = f.Critic.VagueWords
	}
	words = append(slices.Clone(words), f.Critic.MoreVagueWords...)
	for _, w := range f.Critic.AllowWords {
		words = slices.DeleteFunc(words, func(x string) bool { return strings.EqualFold(x, w) })
	}
	cfg.VagueWords = words
	for id, sev := range f.Critic.Rules {
		if _, known := DefaultSeverity[id]; !known {
			return Config{}, fmt.Errorf("%s:%d: critic.rules: unknown rule %q; known: %s", name, node.Line, id, strings.Join(RuleIDs(), ", "))
		}
		switch s := Severity(sev); s {
		case Error, Warning, Off:
			cfg.Rules[id] = s
		default:
			return Config{}, fmt.Errorf("%s:%d: critic.rules.%s is %q; want error, warning or off", name, node.Line, id, sev)
		}
	}
	return cfg, nil
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
