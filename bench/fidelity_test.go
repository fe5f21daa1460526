package main

import (
	"slices"
	"testing"
)

// The fidelity figures are only as good as these detectors: each case
// is one of the misreadings people met, written as they wrote it.
func TestCutAtFindsASentenceCutInsideAToken(t *testing.T) {
	answer := "We keep this working for the whole 3.x series, e.g. Python 3.9 and later."
	docs := "## Elaboration Insights\n\n- We keep this working for the whole 3.\n- x series, e.g.\n"
	cuts := cutAt(answer, docs)
	if len(cuts) != 2 {
		t.Fatalf("cutAt found %q, want the cut at 3.x and the one at e.g.", cuts)
	}
	if got := cutAt(answer, "- "+answer+"\n"); len(got) != 0 {
		t.Errorf("a document that keeps the sentence whole has cuts %q", got)
	}
}

// A line that ends where another of the person's sentences ends is no cut,
// even when its last word is part of a dotted name elsewhere.
func TestCutAtLeavesSentencesThatEndWhereThePersonsDid(t *testing.T) {
	answer := "res.download() applies the same rules, because it delegates to sendFile.\nAC-004-01: Tests go into test/res.sendFile.js as before."
	docs := "## Requirements\n\n- res.download() applies the same rules, because it delegates to sendFile.\n- AC-004-01: Tests go into test/res.sendFile.js as before.\n"
	if got := cutAt(answer, docs); len(got) != 0 {
		t.Errorf("cuts %q in a document that keeps every sentence", got)
	}
	if got := cutAt(answer, "- Tests go into test/res.\n- sendFile.js as before.\n"); len(got) != 1 {
		t.Errorf("cuts %q; want the cut inside test/res.sendFile.js", got)
	}
}

func TestIdentifiersKeepsNamesWhoseSpellingMatters(t *testing.T) {
	ids := identifiers("Set FLASK_APP first; `json.dumps(rows` is called from flask.cli, and the CLI uses parseArgs.")
	for _, want := range []string{"FLASK_APP", "json.dumps(rows", "flask.cli", "parseArgs"} {
		if !slices.Contains(ids, want) {
			t.Errorf("identifiers missed %q in %q", want, ids)
		}
	}
	if slices.Contains(ids, "first") || slices.Contains(ids, "CLI") {
		t.Errorf("identifiers took a plain word: %q", ids)
	}
}

func TestIsSourceFile(t *testing.T) {
	for p, want := range map[string]bool{
		"src/flask/sessions.py": true, "flag_groups.go": true, "lib/response.js": true,
		"CHANGES.rst": false, "History.md": false, "docs/config.rst": false, "tests/test_basic.py": false,
		"flag_groups_test.go": false, "test/res.sendFile.js": false, "site/content/user_guide.md": false,
	} {
		if got := isSourceFile(p); got != want {
			t.Errorf("isSourceFile(%q) = %v, want %v", p, got, want)
		}
	}
}
