package stepfile

import (
	"strings"
	"testing"

	"github.com/rtgit/rtgit/steps"
)

func TestSkipIfEval(t *testing.T) {
	small := Facts{Scope: "small", Complexity: "low", FileCount: 3, HasFileCount: true, Depth: steps.Brief}
	large := Facts{Scope: "large", Complexity: "high", FileCount: 60, HasFileCount: true, Depth: steps.Deep}
	cases := []struct {
		expr         string
		small, large bool
	}{
		{"scope == 'small'", true, false},
		{`scope == "small"`, true, false},
		{"scope === 'small'", true, false},
		{"scope != 'small'", false, true},
		{"scope !== 'small'", false, true},
		{"file_count < 5", true, false},
		{"file_count <= 3", true, false},
		{"file_count > 15", false, true},
		{"file_count >= 60", false, true},
		{"scope == 'small' && file_count < 3", false, false},
		{"scope == 'small' || complexity == 'high'", true, true},
		{"!(scope == 'large')", true, false},
		{"!!(depth == 'deep')", false, true},
		{"(scope == 'small' || scope == 'medium') && depth != 'deep'", true, false},
		{"depth == 'brief'", true, false},
		{"scope", true, true},
		{"  scope=='small'&&file_count<5  ", true, false},
		{"1 < 2", true, true},
		{"'b' > 'a'", true, true},
	}
	for _, c := range cases {
		e, err := ParseSkipIf(c.expr)
		if err != nil {
			t.Errorf("ParseSkipIf(%q): %v", c.expr, err)
			continue
		}
		if got := e.Eval(small); got != c.small {
			t.Errorf("%q on small = %v, want %v", c.expr, got, c.small)
		}
		if got := e.Eval(large); got != c.large {
			t.Errorf("%q on large = %v, want %v", c.expr, got, c.large)
		}
	}
}

// Before the quick scan nothing is known: names compare as "" and 0.
func TestSkipIfUnknownFacts(t *testing.T) {
	for expr, want := range map[string]bool{
		"scope == 'small'": false,
		"scope == ''":      true,
		"file_count < 5":   true,
		"!scope":           true,
	} {
		got, err := EvalSkipIf(expr, Facts{})
		if err != nil || got != want {
			t.Errorf("EvalSkipIf(%q, {}) = %v, %v; want %v", expr, got, err, want)
		}
	}
}

func TestSkipIfErrors(t *testing.T) {
	cases := map[string]string{
		"":                                     "expected a name",
		"scope ==":                             "expected a name",
		"scope == 'small":                      "unterminated string",
		"scop == 'small'":                      `unknown name "scop"`,
		"scope = 'small'":                      "unexpected character",
		"(scope == 'small'":                    "expected )",
		"scope == 'small')":                    "unexpected",
		"scope == 'small' &&":                  "expected a name",
		"os.Exit(1)":                           "unexpected character",
		"exec == 1":                            `unknown name "exec"`,
		"scope == 'a' ; rm -rf /":              "unexpected character",
		"file_count > 99999999999999999999999": "too large",
		strings.Repeat("(", 100) + "scope" + strings.Repeat(")", 100): "nests deeper",
		strings.Repeat("!", 100) + "scope":                            "nests deeper",
		strings.Repeat("a", 2000):                                     "longer than",
	}
	for expr, want := range cases {
		_, err := ParseSkipIf(expr)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseSkipIf(%.40q) error = %v, want it to mention %q", expr, err, want)
		}
		// A condition that does not parse never skips a step.
		if skip, _ := EvalSkipIf(expr, Facts{Scope: "small"}); skip {
			t.Errorf("EvalSkipIf(%.40q) skipped the step", expr)
		}
	}
}

func FuzzSkipIf(f *testing.F) {
	for _, s := range []string{"scope == 'small'", "!(file_count > 15) && depth != \"deep\"", "((", "scope === 'x' || 1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, expr string) {
		e, err := ParseSkipIf(expr)
		if err != nil {
			return
		}
		// Evaluation is total: any parsed expression gives an answer for any facts.
		e.Eval(Facts{})
		e.Eval(Facts{Scope: "large", Complexity: "high", FileCount: 100, Depth: steps.Deep})
	})
}
