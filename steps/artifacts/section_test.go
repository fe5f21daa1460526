package artifacts

import (
	"strings"
	"testing"
)

const doc = `# Requirements

Intro a person wrote.

## Problem Statement

Human paragraph above.

## Constraints

` + "```" + `
## Problem Statement (inside a fence, not a heading)
` + "```" + `
`

func TestFillSectionInsertsThenReplaces(t *testing.T) {
	once, err := FillSection([]byte(doc), "Problem Statement", "01-01", "First answer.")
	if err != nil {
		t.Fatal(err)
	}
	want := "## Problem Statement\n\nHuman paragraph above.\n\n<!-- rtgit:begin 01-01 -->\nFirst answer.\n<!-- rtgit:end 01-01 -->\n\n## Constraints"
	if !strings.Contains(string(once), want) {
		t.Fatalf("block not placed at end of section:\n%s", once)
	}
	twice, err := FillSection(once, "Problem Statement", "01-01", "Second answer.\nTwo lines.")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Count(string(twice), "rtgit:begin 01-01") != 1 || !strings.Contains(string(twice), "Second answer.\nTwo lines.") || strings.Contains(string(twice), "First answer.") {
		t.Fatalf("re-run did not replace in place:\n%s", twice)
	}
	// Everything outside the block is byte-identical to the first fill.
	strip := func(b []byte) string {
		s := string(b)
		i, j := strings.Index(s, "<!-- rtgit:begin"), strings.Index(s, "<!-- rtgit:end 01-01 -->")
		return s[:i] + s[j:]
	}
	if strip(once) != strip(twice) {
		t.Fatalf("text outside the block changed:\n%q\n%q", strip(once), strip(twice))
	}
}

func TestFillSectionSecondStepSameSection(t *testing.T) {
	a, _ := FillSection([]byte(doc), "Constraints", "01-04", "From 01-04.")
	b, err := FillSection(a, "constraints", "01-05", "From 01-05.")
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	if i, j := strings.Index(s, "From 01-04."), strings.Index(s, "From 01-05."); i < 0 || j < i {
		t.Fatalf("blocks not in step order:\n%s", s)
	}
	if !strings.Contains(s, "## Problem Statement (inside a fence") {
		t.Fatal("fenced text lost")
	}
}

func TestFillSectionMissingHeadingAppends(t *testing.T) {
	out, err := FillSection([]byte("# Doc\n"), "Glossary", "01-06", "API: a contract.")
	if err != nil {
		t.Fatal(err)
	}
	if string(out) != "# Doc\n\n## Glossary\n\n<!-- rtgit:begin 01-06 -->\nAPI: a contract.\n<!-- rtgit:end 01-06 -->\n" {
		t.Fatalf("got %q", out)
	}
}

func TestFillSectionIgnoresMarkersInFences(t *testing.T) {
	in := "## A\n\n```\n<!-- rtgit:begin 01-01 -->\n```\n"
	out, err := FillSection([]byte(in), "A", "01-01", "x")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(out), in) {
		t.Fatalf("fenced marker was treated as real:\n%s", out)
	}
}

func TestFillSectionDamagedMarkers(t *testing.T) {
	for name, in := range map[string]string{
		"unclosed":    "## A\n<!-- rtgit:begin 01-01 -->\ntext\n",
		"end only":    "## A\n<!-- rtgit:end 01-01 -->\n",
		"double open": "## A\n<!-- rtgit:begin 01-01 -->\n<!-- rtgit:begin 01-01 -->\n<!-- rtgit:end 01-01 -->\n",
	} {
		if _, err := FillSection([]byte(in), "A", "01-01", "x"); err == nil || !strings.Contains(err.Error(), "line ") {
			t.Errorf("%s: want an error with a line, got %v", name, err)
		}
	}
}

func TestBlock(t *testing.T) {
	out, _ := FillSection([]byte(doc), "Constraints", "02-01", "kept")
	if got, ok := Block(out, "02-01"); !ok || got != "kept" {
		t.Fatalf("Block = %q %v", got, ok)
	}
	if _, ok := Block(out, "09-09"); ok {
		t.Fatal("found a block that does not exist")
	}
}
