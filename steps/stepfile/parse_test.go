package stepfile

import (
	"strings"
	"testing"

	"github.com/rtgit/rtgit/steps"
)

const goodStep = `---
step_id: "01-09"
title: "Compliance Check"
persona: "business-analyst"
depth: "standard"
outputs:
  - requirements-spec.md
depends_on: ["01-08"]
skip_if: "scope == 'small'"
---

## Brief Mode

From what we have, I don't see regulated data here.

- ` + "`regulations`" + ` Confirm the compliance position, or correct it.
  Draft: No regulated data is stored by {{slug}}.

## Standard Mode

Before we hand this to Alex, let's avoid audit surprises.

- ` + "`regulations`" + ` Which regulations touch this change,
  and what does each demand?
- ` + "`data`" + ` What personal data does this feature read or store?

## Deep Mode

- ` + "`audit`" + ` What evidence will we hand an auditor?
- ` + "`data`" + ` Which personal data is read, stored or sent, and where does each copy live?

## Validation

- ` + "`regulations`" + ` min_words 4
- ` + "`audit`" + ` optional
- ` + "`data`" + ` pattern "(?i)data" -- name the data
- ` + "`data`" + ` one_of "a b" "c"

## Artifacts

- ` + "`regulations`" + ` -> requirements-spec.md#Constraints
- ` + "`data`" + ` -> requirements-spec.md#Constraints
- ` + "`audit`" + ` -> requirements-spec.md#Assumptions

## Elaboration

- ` + "`system-designer`" + ` Where must regulated data be masked?
`

func TestParseGoodStep(t *testing.T) {
	s, probs := Parse("x.md", []byte(goodStep))
	if s == nil || probs.HasErrors() {
		t.Fatalf("unexpected problems: %v", probs)
	}
	if s.ID != "01-09" || s.Title != "Compliance Check" || s.Persona != "business-analyst" || s.Depth != steps.Standard {
		t.Errorf("frontmatter = %+v", s)
	}
	if len(s.DependsOn) != 1 || s.DependsOn[0] != "01-08" || s.SkipIf != "scope == 'small'" {
		t.Errorf("optional fields = %v %q", s.DependsOn, s.SkipIf)
	}
	ids := func(qs []steps.Question) string {
		var out []string
		for _, q := range qs {
			out = append(out, q.ID)
		}
		return strings.Join(out, ",")
	}
	if got := ids(s.Questions(steps.Brief)); got != "regulations" {
		t.Errorf("brief questions = %s", got)
	}
	if got := ids(s.Questions(steps.Standard)); got != "regulations,data" {
		t.Errorf("standard questions = %s", got)
	}
	if got := ids(s.Questions(steps.Deep)); got != "regulations,data,audit" {
		t.Errorf("deep questions = %s", got)
	}
	if q := s.Questions(steps.Deep)[1]; !strings.HasPrefix(q.Text, "Which personal data") {
		t.Errorf("deep probe should reword data, got %q", q.Text)
	}
	if q := s.Questions(steps.Standard)[0]; q.Text != "Which regulations touch this change, and what does each demand?" || q.Line != 23 {
		t.Errorf("multi-line question = %q line %d", q.Text, q.Line)
	}
	if d := s.Questions(steps.Brief)[0].Draft; d != "No regulated data is stored by {{slug}}." {
		t.Errorf("draft = %q", d)
	}
	if len(s.Rules) != 4 || s.Rules[0].N != 4 || s.Rules[2].Hint != "name the data" || len(s.Rules[3].Args) != 2 || s.Rules[3].Args[0] != "a b" {
		t.Errorf("rules = %+v", s.Rules)
	}
	if !s.Optional("audit") || s.Optional("data") {
		t.Error("optional flags wrong")
	}
	if len(s.Mappings) != 3 || s.Mappings[0].Section != "Constraints" || s.Mappings[0].Output != "requirements-spec.md" {
		t.Errorf("mappings = %+v", s.Mappings)
	}
	if len(s.Elaboration) != 1 || s.Elaboration[0].Persona != "system-designer" {
		t.Errorf("elaboration = %+v", s.Elaboration)
	}
	if p := s.Prose(steps.Standard); len(p) != 1 || !strings.Contains(p[0], "audit surprises") {
		t.Errorf("prose = %q", p)
	}
	if got := s.FieldLine("persona"); got != 4 {
		t.Errorf("persona line = %d, want 4", got)
	}
}

// frontmatter builds a step file whose frontmatter has the given lines and a
// minimal valid body.
func frontmatter(lines ...string) string {
	return "---\n" + strings.Join(lines, "\n") + "\n---\n\n## Standard Mode\n\n- `q` What happens when it fails?\n\n## Artifacts\n\n- `q` -> out.md#Notes\n"
}

var validFront = []string{`step_id: "01-01"`, `title: "T"`, `persona: "business-analyst"`, `depth: "standard"`, `outputs: [out.md]`}

func with(replace map[int]string, extra ...string) []string {
	out := append([]string{}, validFront...)
	for i, l := range replace {
		out[i] = l
	}
	var kept []string
	for _, l := range out {
		if l != "" {
			kept = append(kept, l)
		}
	}
	return append(kept, extra...)
}

func TestParseFrontmatterProblems(t *testing.T) {
	tests := []struct {
		name    string
		file    string
		wantErr string // substring of an Error problem; "" means no errors
		wantW   string // substring of a Warning
	}{
		{"missing frontmatter", "# hi\n", "1: missing YAML frontmatter", ""},
		{"unclosed frontmatter", "---\nstep_id: x\n", "missing YAML frontmatter", ""},
		{"broken yaml", frontmatter(`step_id: "01-01`, `title: x`), "invalid frontmatter", ""},
		{"not a mapping", frontmatter(`- a`), "must be a YAML mapping", ""},
		{"missing step_id", frontmatter(with(map[int]string{0: ""})...), `missing required field "step_id"`, ""},
		{"empty step_id", frontmatter(with(map[int]string{0: `step_id: ""`})...), "step_id must be a non-empty string", ""},
		{"step_id is a list", frontmatter(with(map[int]string{0: `step_id: [a]`})...), "step_id must be a non-empty string", ""},
		{"step_id bad form", frontmatter(with(map[int]string{0: `step_id: "1-1"`})...), "must have the form NN-NN", ""},
		{"missing title", frontmatter(with(map[int]string{1: ""})...), `missing required field "title"`, ""},
		{"null title", frontmatter(with(map[int]string{1: "title: ~"})...), "title must be a non-empty string", ""},
		{"missing persona", frontmatter(with(map[int]string{2: ""})...), `missing required field "persona"`, ""},
		{"missing depth", frontmatter(with(map[int]string{3: ""})...), `missing required field "depth"`, ""},
		{"bad depth", frontmatter(with(map[int]string{3: `depth: "medium"`})...), "depth \"medium\" must be one of", ""},
		{"missing outputs", frontmatter(with(map[int]string{4: ""})...), `missing required field "outputs"`, ""},
		{"empty outputs", frontmatter(with(map[int]string{4: "outputs: []"})...), "outputs must be a non-empty list", ""},
		{"outputs of maps", frontmatter(with(map[int]string{4: "outputs: [{a: b}]"})...), "outputs must be a non-empty list", ""},
		{"escaping output", frontmatter(with(map[int]string{4: "outputs: [../x.md]"})...), "must be a plain file name", ""},
		{"absolute output", frontmatter(with(map[int]string{4: "outputs: [/etc/x.md]"})...), "must be a plain file name", ""},
		{"dotdot output", frontmatter(with(map[int]string{4: "outputs: [a..md]"})...), "must not contain ..", ""},
		{"output with a space", frontmatter(with(map[int]string{4: `outputs: ["my notes.md"]`})...), "must not contain spaces or #", ""},
		{"output with a hash", frontmatter(with(map[int]string{4: `outputs: ["a#b.md"]`})...), "must not contain spaces or #", ""},
		{"duplicate key", frontmatter(with(nil, `title: "again"`)...), `duplicate frontmatter key "title"`, ""},
		{"depends_on not a list", frontmatter(with(nil, "depends_on: {a: 1}")...), "", "depends_on must be a list"},
		{"skip_if not a string", frontmatter(with(nil, "skip_if: [1]")...), "", "skip_if must be a string"},
		{"unknown field", frontmatter(with(nil, "colour: blue")...), "", `frontmatter field "colour" is kept but not used`},
		{"nul byte", "---\x00", "NUL byte", ""},
		{"valid with crlf", strings.ReplaceAll(frontmatter(validFront...), "\n", "\r\n"), "", ""},
		{"valid with bom", "\ufeff" + frontmatter(validFront...), "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, probs := Parse("step.md", []byte(tt.file))
			checkProblems(t, probs, tt.wantErr, tt.wantW)
		})
	}
}

func checkProblems(t *testing.T, probs steps.Problems, wantErr, wantW string) {
	t.Helper()
	var errs, warns []string
	for _, p := range probs {
		if !strings.HasPrefix(p.String(), "step.md:") {
			t.Errorf("problem %q does not name the file", p)
		}
		if p.Severity == steps.Error {
			errs = append(errs, p.String())
		} else {
			warns = append(warns, p.String())
		}
	}
	if wantErr == "" && len(errs) > 0 {
		t.Fatalf("unexpected errors: %v", errs)
	}
	if wantErr != "" && !strings.Contains(strings.Join(errs, "\n"), wantErr) {
		t.Fatalf("errors %v do not mention %q", errs, wantErr)
	}
	if wantW != "" && !strings.Contains(strings.Join(warns, "\n"), wantW) {
		t.Fatalf("warnings %v do not mention %q", warns, wantW)
	}
}

func TestParseBodyProblems(t *testing.T) {
	head := "---\n" + strings.Join(validFront, "\n") + "\n---\n"
	tests := []struct {
		name, body, wantErr, wantW string
	}{
		{"no questions", "\n## Standard Mode\n\nJust prose.\n", "asks no questions", ""},
		{"item without id in an rtgit-dialect file", "\n## Standard Mode\n\n- `a` Why?\n- What now?\n", "must start with an id in backticks", ""},
		{"bad id", "\n## Standard Mode\n\n- `Bad-Id` What now?\n", "must match [a-z][a-z0-9_]*", ""},
		{"duplicate id", "\n## Standard Mode\n\n- `a` One?\n- `a` Two?\n", `duplicate question id "a" (first on line 11)`, ""},
		{"empty question", "\n## Standard Mode\n\n- `a`\n", `question "a" has no text`, ""},
		{"unknown rule", "\n## Standard Mode\n\n- `a` Why?\n\n## Validation\n\n- `a` longish\n", `unknown rule "longish"`, ""},
		{"rule arity", "\n## Standard Mode\n\n- `a` Why?\n\n## Validation\n\n- `a` min_words\n", "takes exactly 1 argument", ""},
		{"rule not a number", "\n## Standard Mode\n\n- `a` Why?\n\n## Validation\n\n- `a` min_words lots\n", "needs a whole number", ""},
		{"rule bad regex", "\n## Standard Mode\n\n- `a` Why?\n\n## Validation\n\n- `a` pattern \"(\"\n", "bad pattern", ""},
		{"rule unterminated", "\n## Standard Mode\n\n- `a` Why?\n\n## Validation\n\n- `a` one_of \"x\n", "malformed string", ""},
		{"rule unknown question", "\n## Standard Mode\n\n- `a` Why?\n\n## Validation\n\n- `b` required\n", `names question "b"`, ""},
		{"mapping undeclared output", "\n## Standard Mode\n\n- `a` Why?\n\n## Artifacts\n\n- `a` -> other.md#X\n", "not in the step's outputs", ""},
		{"mapping no section", "\n## Standard Mode\n\n- `a` Why?\n\n## Artifacts\n\n- `a` -> out.md\n", "needs a #Section", ""},
		{"mapping syntax", "\n## Standard Mode\n\n- `a` Why?\n\n## Artifacts\n\n- `a` into out.md\n", "must read", ""},
		{"mapping unknown transform", "\n## Standard Mode\n\n- `a` Why?\n\n## Artifacts\n\n- `a` -> out.md as magic\n", `unknown transform "magic"`, ""},
		{"mapping unknown question", "\n## Standard Mode\n\n- `a` Why?\n\n## Artifacts\n\n- `z` -> out.md#X\n", `names question "z"`, ""},
		{"unknown placeholder", "\n## Standard Mode\n\nHello {{nope}}.\n\n- `a` Why?\n", "unknown placeholder {{nope}}", ""},
		{"duplicate section", "\n## Standard Mode\n\n- `a` Why?\n\n## Standard Mode\n\n- `b` How?\n", "appears twice", ""},
		{"unknown section", "\n## Notes\n\n- `a` Why?\n", "", `unknown section "Notes"`},
		{"whole body fallback", "\n- `a` Why?\n\n## Artifacts\n\n- `a` -> out.md#X\n", "", ""},
		{"bad elaboration", "\n## Standard Mode\n\n- `a` Why?\n\n## Elaboration\n\n- `Maya` hi\n", "elaboration prompt must read", ""},
		{"unmapped question", "\n## Standard Mode\n\n- `a` Why?\n- `b` How?\n\n## Artifacts\n\n- `a` -> out.md#X\n", "", `question "b" is not mapped`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, probs := Parse("step.md", []byte(head+tt.body))
			checkProblems(t, probs, tt.wantErr, tt.wantW)
		})
	}
}

func TestWholeBodyFallback(t *testing.T) {
	file := "---\n" + strings.Join(validFront, "\n") + "\n---\nIntro line.\n\n- `a` Why?\n- `b` How?\n\n## Artifacts\n\n- `a` -> out.md#X\n- `b` -> out.md#X\n"
	s, probs := Parse("step.md", []byte(file))
	if probs.HasErrors() {
		t.Fatal(probs)
	}
	for _, d := range []steps.Depth{steps.Brief, steps.Standard, steps.Deep} {
		if got := len(s.Questions(d)); got != 2 {
			t.Errorf("%s: %d questions, want the whole body's 2", d, got)
		}
	}
	if p := s.Prose(steps.Brief); len(p) != 1 || p[0] != "Intro line." {
		t.Errorf("prose = %q", p)
	}
}

func TestExpand(t *testing.T) {
	vals := map[string]string{"slug": "s", "01-01.a": "answer"}
	got := Expand("{{slug}} / {{ 01-01.a }} / {{scope}}", func(n string) (string, bool) { v, ok := vals[n]; return v, ok })
	if got != "s / answer / (not known yet)" {
		t.Errorf("Expand = %q", got)
	}
}

func TestExpandSaysOneFile(t *testing.T) {
	for count, want := range map[string]string{
		"1": "about 1 file, touching 1\nfile; a filesystem of (not known yet)",
		"7": "about 7 files, touching 7\nfiles; a filesystem of (not known yet)",
	} {
		got := Expand("about {{file_count}} files, touching {{ file_count }}\nfiles; a filesystem of {{scope}}", func(n string) (string, bool) {
			return count, n == "file_count"
		})
		if got != want {
			t.Errorf("file_count %s: Expand = %q, want %q", count, got, want)
		}
	}
}

// TestOutputProblemNamesItsLine: each bad output of a block list is
// reported at its own line, so a maintainer goes straight to it.
func TestOutputProblemNamesItsLine(t *testing.T) {
	file := "---\nstep_id: \"01-02\"\ntitle: X\npersona: business-analyst\ndepth: standard\noutputs:\n  - requirements-spec.md\n  - ../escape.md\n  - /tmp/abs.md\n---\n\n## Standard Mode\n\n- `who` Who?\n"
	_, probs := Parse("step.md", []byte(file))
	want := map[string]int{`"../escape.md"`: 8, `"/tmp/abs.md"`: 9}
	for _, p := range probs {
		for name, line := range want {
			if strings.Contains(p.Msg, name) {
				if p.Line != line {
					t.Errorf("%s reported at line %d, want %d", name, p.Line, line)
				}
				delete(want, name)
			}
		}
	}
	if len(want) > 0 {
		t.Errorf("no problem for %v in %v", want, probs)
	}
}
