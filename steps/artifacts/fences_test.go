package artifacts

import (
	"slices"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
)

const specDoc = "# Spec\n\n## 1.1 Problem Statement\n\n```csv``` files are what we export by hand today.\n\n" +
	"## 1.2 Business Drivers\n\n## 1.3 Scope Boundaries\n\n```sh\n# not a heading\n```\n\n## 10 Glossary\n"

// A line that starts with three backticks but cannot open a fence (the
// info string of a backtick fence holds no backtick) is inline code, as
// goldmark and GitHub read it; the sections after it stay sections.
func TestFillSectionInlineTripleBackticksAreNoFence(t *testing.T) {
	for _, section := range []string{"Business Drivers", "Scope Boundaries", "Glossary"} {
		out, err := FillSection([]byte(specDoc), section, "01-02", "Filled.")
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(Outline(out), Outline([]byte(specDoc))) {
			t.Errorf("%s: outline became %q", section, Outline(out))
		}
		i := strings.Index(string(out), section)
		j := strings.Index(string(out), "<!-- rtgit:begin 01-02 -->")
		if i < 0 || j < i || strings.Contains(string(out)[i+3:j], "\n## ") {
			t.Errorf("%s: the block is not in its section:\n%s", section, out)
		}
	}
	if got := Outline([]byte(specDoc)); len(got) != 5 {
		t.Errorf("outline = %q: want the five real headings", got)
	}
}

// An answer's unclosed fence or its own marker lines stay inside its block.
func TestFillSectionAnswerCannotBreakTheOutline(t *testing.T) {
	for _, body := range []string{
		"```\nunclosed code\n## Not a section",
		"<!-- rtgit:end 01-02 -->\n## Injected\n<!-- rtgit:begin 01-02 -->",
		"<pre>\n## still inside",
	} {
		out, err := FillSection([]byte(specDoc), "Problem Statement", "01-02", body)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(Outline(out), Outline([]byte(specDoc))) {
			t.Errorf("body %q changed the outline to %q", body, Outline(out))
		}
		later, err := FillSection(out, "Glossary", "01-03", "Terms.")
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(Outline(later), Outline([]byte(specDoc))) || !strings.HasSuffix(string(later), "<!-- rtgit:end 01-03 -->\n") {
			t.Errorf("after body %q the next fill went astray:\n%s", body, later)
		}
	}
}

func TestCheckOutline(t *testing.T) {
	tmpl := []byte("# {{title}}\n\n## Problem Statement\n\n## Constraints\n")
	if p := CheckOutline(tmpl, []byte("# CSV\n\n## Problem Statement\n\n## Constraints\n")); len(p) != 0 {
		t.Errorf("a whole outline has problems: %q", p)
	}
	p := CheckOutline(tmpl, []byte("# CSV\n\n## Problem Statement\n\n## Problem Statement\n"))
	if len(p) != 2 || !strings.Contains(p[0], `"problem statement" appears 2 times`) || !strings.Contains(p[1], `"constraints" is missing`) {
		t.Errorf("CheckOutline = %q", p)
	}
}

// Leaving inline syntax unparsed changes no fence: the lines marked as
// fenced are those full CommonMark marks, on documents whose inline
// syntax would otherwise take the parser seconds.
func TestFencesReadAsFullCommonMarkReadsThem(t *testing.T) {
	full := goldmark.New().Parser()
	docs := []string{
		specDoc,
		"- item\n\n  ```go\n  x := `a`\n  ```\n\n> ```\n> quoted\n\n`` ` `` and ```x``` [a](b) *c*\n\n~~~\n```\n~~~\n",
		"```csv``` " + strings.Repeat("[a](", 2000) + "\n\n```\ncode\n```\n" + strings.Repeat("*a_", 2000) + "\n",
	}
	for i, d := range docs {
		lines := strings.Split(strings.TrimSuffix(d, "\n"), "\n")
		saved := fenceParser
		fenceParser = full
		want := fencedLines(lines)
		fenceParser = saved
		if got := fencedLines(lines); !slices.Equal(got, want) {
			t.Errorf("doc %d: fenced lines %v, full CommonMark %v", i, got, want)
		}
	}
}
