package review

import (
	"strings"
	"testing"

	"github.com/rtgit/rtgit/steps/library"
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
		if got := AnalysisBody(&library.Route{Library: lib}, st, 0); !strings.HasPrefix(got, want) {
			t.Errorf("library %q: body starts %q, want %q", lib, firstLine(got), want)
		}
	}
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}

// An issue's title is an outsider's text, and it becomes the analysis's
// description, shown in the pull request rtgit opens and its dashboard:
// its mentions must ping nobody and its images load nothing; the words
// stay.
func TestBranchTextIsQuiet(t *testing.T) {
	got := branchText("CSV export @acme/everyone\n ![x](https://evil.example/p.png?d=1) <!-- hide")
	for _, bad := range []string{"@acme", "evil.example/p.png", "![x]", "<!-- hide", "\n"} {
		if strings.Contains(got, bad) {
			t.Errorf("branchText = %q, holds %q", got, bad)
		}
	}
	if !strings.HasPrefix(got, "CSV export @\u200dacme/everyone x") {
		t.Errorf("branchText = %q: the words are lost", got)
	}
}
