package review

import (
	"strings"
	"testing"

	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/roundtable"
)

// The pull request says what kind of analysis it holds: a bug analysis
// has no requirements.
func TestAnalysisBodyNamesTheKindOfAnalysis(t *testing.T) {
	st := &roundtable.Status{Slug: "pdf-total", Description: "The PDF total is off by a cent"}
	for lib, want := range map[string]string{
		"":        "Requirements analysis of **The PDF total is off by a cent**",
		"feature": "Requirements analysis of **The PDF total is off by a cent**",
		"bug":     "Bug analysis of **The PDF total is off by a cent**",
	} {
		if got := AnalysisBody(&steps.Route{Library: lib}, st, 0); !strings.HasPrefix(got, want) {
			t.Errorf("library %q: body starts %q, want %q", lib, firstLine(got), want)
		}
	}
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}
