package critic

import (
	"io/fs"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/rtgit/rtgit/templates"
)

// answers builds critic input from "ref" → text pairs, each in its own
// file whose text starts on line 10.
func answers(pairs ...string) []Answer {
	var out []Answer
	for i := 0; i+1 < len(pairs); i += 2 {
		step, _, _ := strings.Cut(pairs[i], ".")
		out = append(out, Answer{Ref: pairs[i], Path: "answers/" + step + ".md", Line: 10, Text: pairs[i+1]})
	}
	return out
}

const (
	goodFRs = `- FR-001: Export -- When a customer asks, the system shall return a CSV with one row per invoice
  - AC-001-01: Given 3 invoices, When exported, Then the file has 3 rows
- FR-002: Date filter -- When since is given, the system shall include only invoices issued on or after it
  - AC-002-01: Given invoices on 1 and 2 March, When since=2024-03-02, Then only the second appears`
	goodNFRs = `- Performance: 5,000 invoices export within 5 seconds at p95
- Security: zero cross-customer rows in an automated test`
	goodStories = `- As a bookkeeper, I want one CSV per month, so that I can reconcile (FR-001, FR-002)
  - AC: Given 38 invoices in March, When I export March, Then I get 38 rows`
	goodPriorities = "- FR-001: Must Have\n- FR-002: Should Have"
)

// only runs the critic and keeps the findings of one rule.
func only(t *testing.T, rule string, in []Answer) []Finding {
	t.Helper()
	var out []Finding
	for _, f := range Check(DefaultConfig(), in) {
		if f.Rule == rule {
			out = append(out, f)
		}
	}
	return out
}

func wantFinding(t *testing.T, fs []Finding, path string, line int, sev Severity, msgParts ...string) {
	t.Helper()
	if len(fs) != 1 {
		t.Fatalf("want 1 finding, got %d: %v", len(fs), fs)
	}
	f := fs[0]
	if f.Path != path || f.Line != line || f.Severity != sev {
		t.Errorf("finding = %s (%s), want %s:%d (%s)", f, f.Severity, path, line, sev)
	}
	for _, p := range msgParts {
		if !strings.Contains(f.Message, p) {
			t.Errorf("message %q lacks %q", f.Message, p)
		}
	}
}

func TestRuleVagueTerm(t *testing.T) {
	in := answers(refRequirements, "- FR-001: Install hint -- the tool shall quickly print an install hint\n  - AC-001-01: Given no fish, When run, Then a hint appears\n- FR-002: Easy install -- `fast` in a code span is fine\n  - AC-002-01: Given a quick-scan, When the run ends, Then nothing")
	fs := only(t, RuleVague, in)
	if len(fs) != 2 {
		t.Fatalf("want 2 findings, got %v", fs)
	}
	wantFinding(t, fs[:1], "answers/01-06.md", 10, Warning, "'quickly' -- how quickly? Give me a number I can test")
	wantFinding(t, fs[1:], "answers/01-06.md", 12, Warning, "'easy'")
	// NFRs and story criteria are read too.
	if fs := only(t, RuleVague, answers(refNFRs, "Usability: the export is intuitive for 9 of 10 testers")); len(fs) != 1 {
		t.Errorf("NFR: %v", fs)
	}
	if fs := only(t, RuleVague, answers(refStories, "As a clerk, I want a file, so that I can work\nAC: Given a file, When opened, Then it loads fast")); len(fs) != 1 {
		t.Errorf("story AC: %v", fs)
	}
}

func TestRuleNFRUnmeasurable(t *testing.T) {
	fs := only(t, RuleUnmeasurable, answers(refNFRs, goodNFRs+"\n- Security: Only users who may already see the underlying data can use this\n- Compliance: meets WCAG AA"))
	wantFinding(t, fs, "answers/01-05.md", 12, Warning, "'Security' has nothing I can measure")
}

func TestRuleFRWithoutCriterion(t *testing.T) {
	fs := only(t, RuleNoCriterion, answers(refRequirements, goodFRs+"\n- FR-003: Void -- the system shall include void invoices"))
	wantFinding(t, fs, "answers/01-06.md", 14, Warning, "FR-003 has no acceptance criterion", "AC-003-01")
}

// A criterion in prose is warned about where it is written, read as the
// exports read it (which flag it); the good ones, Given/When/Then and
// EARS, are not.
func TestRuleCriterionInProse(t *testing.T) {
	fs := only(t, RuleCriterionProse, answers(refRequirements, goodFRs+"\n  - AC-002-02: Filtering by status feels instant to a bookkeeper at month-end."))
	wantFinding(t, fs, "answers/01-06.md", 14, Warning, "AC-002-02 is not written as Given/When/Then")
	if fs := only(t, RuleCriterionProse, answers(refRequirements, goodFRs+"\n  - When the store is down, the system shall return 503")); len(fs) != 0 {
		t.Errorf("an EARS criterion is warned about: %v", fs)
	}
}

func TestRuleFRWithoutPriority(t *testing.T) {
	fs := only(t, RuleNoPriority, answers(refRequirements, goodFRs, refPriorities, "- FR-001: Must Have"))
	wantFinding(t, fs, "answers/01-08.md", 10, Warning, "FR-002 has no priority")
}

func TestRulePriorityNotMoSCoW(t *testing.T) {
	fs := only(t, RuleNotMoSCoW, answers(refPriorities, "- FR-001: Must Have\n- FR-002: High"))
	wantFinding(t, fs, "answers/01-08.md", 11, Error, "'High' isn't a priority I can rank")
}

func TestRuleStoryUndefinedLink(t *testing.T) {
	fs := only(t, RuleUndefinedLink, answers(refRequirements, goodFRs, refStories, goodStories+"\n- As a clerk, I want a hint, so that I can install it (FR-009)"))
	wantFinding(t, fs, "answers/01-07.md", 12, Error, "US-002 links FR-009, but 01-06 defines no FR-009")
	// Without 01-06 there is nothing to compare against.
	if fs := only(t, RuleUndefinedLink, answers(refStories, goodStories)); len(fs) != 0 {
		t.Errorf("without requirements: %v", fs)
	}
}

func TestRuleFRUncovered(t *testing.T) {
	frs := goodFRs + "\n- FR-003: Email -- the system shall email the file\n  - AC-003-01: Given a big export, When done, Then a link is emailed"
	fs := only(t, RuleUncovered, answers(refRequirements, frs, refStories, goodStories))
	wantFinding(t, fs, "answers/01-07.md", 10, Warning, "No story covers FR-003")
	// Out of scope, or Won't Have, needs no story.
	if fs := only(t, RuleUncovered, answers(refRequirements, frs, refOutOfScope, "Emailed exports (FR-003).", refStories, goodStories)); len(fs) != 0 {
		t.Errorf("out of scope: %v", fs)
	}
	if fs := only(t, RuleUncovered, answers(refRequirements, frs, refStories, goodStories, refPriorities, goodPriorities+"\n- FR-003: Won't Have")); len(fs) != 0 {
		t.Errorf("won't have: %v", fs)
	}
}

func TestRuleMustStoryOverLowerFRs(t *testing.T) {
	fs := only(t, RuleMustOverLower, answers(refRequirements, goodFRs, refStories,
		"- As a clerk, I want a date filter, so that I get one month (FR-002)\n  - AC: Given March, When I filter, Then 38 rows",
		refPriorities, goodPriorities+"\n- US-001: Must Have"))
	wantFinding(t, fs, "answers/01-08.md", 12, Warning, "US-001 is a Must Have, but its requirements (FR-002) are at most Should Have")
}

func TestRuleDuplicateID(t *testing.T) {
	fs := only(t, RuleDuplicateID, answers(refRequirements, goodFRs+"\n- FR-002: Again -- the system shall do it twice\n  - AC-002-02: Given x, When y, Then z"))
	wantFinding(t, fs, "answers/01-06.md", 14, Error, "FR-002 is defined twice (first on line 12)")
}

func TestRuleADRWithoutRationale(t *testing.T) {
	fs := only(t, RuleNoRationale, answers(refDecisions,
		"- Decision: CSV writer -- chosen: csv module (no dependency); alternatives: pandas (heavy)\n- Decision: File encoding -- chosen: UTF-8 with BOM; alternatives: UTF-8",
		refRationale, "Store: kept as it is."))
	wantFinding(t, fs, "answers/03-02.md", 11, Warning, `"File encoding" has no rationale`)
	// A labelled part of the rationale answer is a rationale too.
	if fs := only(t, RuleNoRationale, answers(refDecisions, "- Decision: CSV writer -- chosen: csv module; alternatives: pandas",
		refRationale, "CSV writer: the csv module quotes correctly and streams row by row.")); len(fs) != 0 {
		t.Errorf("labelled rationale: %v", fs)
	}
	// A label that names the decision by one of its words counts.
	if fs := only(t, RuleNoRationale, answers(refDecisions, "- Decision: File encoding -- chosen: UTF-8 with BOM; alternatives: UTF-8",
		refRationale, "Encoding: the byte-order mark is what makes Excel read UTF-8.")); len(fs) != 0 {
		t.Errorf("labelled by a shared word: %v", fs)
	}
}

func TestRuleADRTooFewOptions(t *testing.T) {
	fs := only(t, RuleTooFewOptions, answers(refDecisions, "- Decision: Delivery -- chosen: streamed response (starts at once)",
		refRationale, "Delivery: streaming needs no infrastructure."))
	wantFinding(t, fs, "answers/03-02.md", 10, Warning, `"Delivery" weighs only one option`)
}

func TestConfig(t *testing.T) {
	cfg, err := ParseConfig(".rtgit/config.yaml", []byte("github:\n  dashboard: body\ncritic:\n  allow_words: [fast]\n  more_vague_words: [blazing]\n  rules:\n    fr-no-ac: off\n    vague-term: error\n"))
	if err != nil {
		t.Fatal(err)
	}
	fs := Check(cfg, answers(refRequirements, "- FR-001: Export -- the export shall be fast and blazing"))
	if len(fs) != 1 || fs[0].Rule != RuleVague || fs[0].Severity != Error || !strings.Contains(fs[0].Message, "'blazing'") {
		t.Errorf("findings = %v", fs)
	}
	for _, bad := range []string{"critic:\n  rules:\n    no-such-rule: off\n", "critic:\n  rules:\n    fr-no-ac: loud\n", "critic:\n  colour: red\n"} {
		if _, err := ParseConfig(".rtgit/config.yaml", []byte(bad)); err == nil || !strings.HasPrefix(err.Error(), ".rtgit/config.yaml:") {
			t.Errorf("ParseConfig(%q) = %v", bad, err)
		}
	}
}

// A mistake in the critic's settings is named at its own line, in the
// words of the file, never of the Go types behind it.
func TestConfigErrorsAtTheirLine(t *testing.T) {
	for _, tt := range []struct{ doc, want string }{
		{"github:\n  dashboard: body\ncritic:\n  more_vauge_words: [fast]\n",
			`c.yaml:4: critic: unknown key "more_vauge_words"; known: vague_words, more_vague_words, allow_words, rules`},
		{"critic:\n  more_vague_words: 3\n", "c.yaml:2: critic.more_vague_words: want a list of words, like [snappy, blazing]"},
		{"critic:\n  rules: [vague-term]\n", "c.yaml:2: critic.rules: want one line per rule, like vague-term: error"},
		{"critic:\n  rules:\n    fr-no-ac: off\n    vague-term: loud\n", `c.yaml:4: critic.rules.vague-term is "loud"; want error, warning or off`},
		{"critic:\n  rules:\n\n    no-such-rule: off\n", `c.yaml:4: critic.rules: unknown rule "no-such-rule"; known: `},
		{"critic: [\n", "c.yaml:1: did not find expected node content"},
		{"critic:\n  allow_words: [fast]\n  allow_words: [quick]\n", `c.yaml:3: critic: "allow_words" is given twice, here and at line 2`},
		{"critic:\n  rules:\n    fr-no-ac: off\n    fr-no-ac: error\n", `c.yaml:4: critic.rules: "fr-no-ac" is given twice, here and at line 3`},
		{"critic: words\n", "c.yaml:1: critic: want its keys beneath it (vague_words, more_vague_words, allow_words, rules)"},
	} {
		_, err := ParseConfig("c.yaml", []byte(tt.doc))
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) || strings.Contains(err.Error(), "struct") {
			t.Errorf("ParseConfig(%q) = %v\nwant %s", tt.doc, err, tt.want)
		}
	}
}

// TestDemoAnswersPass: the demo's answers are what a careful team writes;
// the critic must find nothing in them.
func TestDemoAnswersPass(t *testing.T) {
	data, err := fs.ReadFile(templates.FS, "demo/answers.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var demo struct {
		Answers map[string]map[string]string `yaml:"answers"`
	}
	if err := yaml.Unmarshal(data, &demo); err != nil {
		t.Fatal(err)
	}
	var in []Answer
	for step, qs := range demo.Answers {
		for q, text := range qs {
			in = append(in, Answer{Ref: step + "." + q, Path: step, Line: 1, Text: strings.TrimSpace(text)})
		}
	}
	if len(in) < 40 {
		t.Fatalf("only %d demo answers", len(in))
	}
	for _, f := range Check(DefaultConfig(), in) {
		t.Errorf("false positive on the demo: %s", f)
	}
}

// TestInitConfigParses: the settings file `rtgit init` writes is the
// critic's defaults.
func TestInitConfigParses(t *testing.T) {
	data, err := fs.ReadFile(templates.FS, "init/config.yaml")
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := ParseConfig("init/config.yaml", data)
	if err != nil {
		t.Fatal(err)
	}
	if len(cfg.VagueWords) != len(DefaultVagueWords) || len(cfg.Rules) != 0 {
		t.Errorf("config = %+v", cfg)
	}
}

// BenchmarkCheckDemo: the critic over every answer of the demo analysis,
// what `rtgit check` adds to its run.
func BenchmarkCheckDemo(b *testing.B) {
	data, err := fs.ReadFile(templates.FS, "demo/answers.yaml")
	if err != nil {
		b.Fatal(err)
	}
	var demo struct {
		Answers map[string]map[string]string `yaml:"answers"`
	}
	if err := yaml.Unmarshal(data, &demo); err != nil {
		b.Fatal(err)
	}
	var in []Answer
	for step, qs := range demo.Answers {
		for q, text := range qs {
			in = append(in, Answer{Ref: step + "." + q, Path: step, Line: 1, Text: text})
		}
	}
	cfg := DefaultConfig()
	b.ResetTimer()
	for range b.N {
		Check(cfg, in)
	}
}
