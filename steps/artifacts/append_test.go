package artifacts

import (
	"strings"
	"testing"
)

func TestAppendToSectionIsAdditive(t *testing.T) {
	doc := "# Spec\n\n## Stakeholders and Personas\n\nFinance clerks.\n\n### Auditors\n\nRead only.\n\n## Constraints\n\nNone yet.\n"
	out := string(AppendToSection([]byte(doc), "Stakeholders and Personas", "<!-- Elaboration: step 01-02 -->\n\nNEW"))
	// The block goes after the section's own text, ahead of its
	// subsection: insights on stakeholders are not about auditors.
	want := "# Spec\n\n## Stakeholders and Personas\n\nFinance clerks.\n\n<!-- Elaboration: step 01-02 -->\n\nNEW\n\n### Auditors\n\nRead only.\n\n## Constraints\n\nNone yet.\n"
	if out != want {
		t.Fatalf("got:\n%s\nwant:\n%s", out, want)
	}
	// Everything above the marker is byte-identical to the original.
	above := out[:strings.Index(out, "<!-- Elaboration")]
	if !strings.HasPrefix(doc, strings.TrimRight(above, "\n")) {
		t.Errorf("content above the marker changed")
	}
	// The last section of a file, and a second append after the first.
	out = string(AppendToSection([]byte(out), "Constraints", "MORE"))
	if !strings.HasSuffix(out, "None yet.\n\nMORE\n") {
		t.Errorf("append to last section:\n%q", out)
	}
	out2 := string(AppendToSection([]byte(out), "Stakeholders and Personas", "AGAIN"))
	if !strings.Contains(out2, "NEW\n\nAGAIN\n\n### Auditors") {
		t.Errorf("second append:\n%s", out2)
	}
	// A second elaboration block follows the first, whose headings are
	// part of the section's own text.
	block := "<!-- Elaboration: step 01-02, t1 -->\n\n### Elaboration Insights (Step 01-02: Users)\n\n#### Key Insights\n\n- one"
	out3 := string(AppendToSection([]byte(doc), "Stakeholders and Personas", block))
	out3 = string(AppendToSection([]byte(out3), "Stakeholders and Personas", "SECOND"))
	if !strings.Contains(out3, "- one\n\nSECOND\n\n### Auditors") {
		t.Errorf("second elaboration block:\n%s", out3)
	}
}

func TestAppendToSectionIgnoresFencesAndCreatesMissing(t *testing.T) {
	doc := "# Spec\n\n## Design\n\n```md\n## Not a heading\n```\n"
	out := string(AppendToSection([]byte(doc), "Design", "X"))
	if out != doc+"\nX\n" {
		t.Errorf("fenced heading counted:\n%q", out)
	}
	numbered := "# Spec\n\n### 1.1 Problem Statement\n\nSlow exports.\n"
	if out := string(AppendToSection([]byte(numbered), "Problem Statement", "Z")); out != numbered+"\nZ\n" {
		t.Errorf("numbered heading not found:\n%q", out)
	}
	out = string(AppendToSection([]byte("# Spec\n"), "Glossary", "Y"))
	if out != "# Spec\n\n## Glossary\n\nY\n" {
		t.Errorf("missing section:\n%q", out)
	}
}
