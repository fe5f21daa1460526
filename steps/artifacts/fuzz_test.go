package artifacts

import (
	"slices"
	"testing"
)

// fuzzDoc is an artifact as rtgit and a person leave it: numbered
// sections, a real fence holding a heading-like line, a line starting with
// inline backticks, and another step's block.
const fuzzDoc = "# Spec: CSV export\n\n## 1.1 Problem Statement\n\n```csv``` files are sent by hand.\n\n" +
	"<!-- rtgit:begin 01-01 -->\nAn earlier answer.\n<!-- rtgit:end 01-01 -->\n\n" +
	"## 1.2 Business Drivers\n\n~~~text\n## not a heading\n~~~\n\n### 1.2.1 Metrics\n\n## 10 Glossary\n"

var fuzzSections = []string{"Problem Statement", "Business Drivers", "Metrics", "Glossary"}

// FuzzFillSection: whatever an answer says, writing it into a section
// never changes the document's outline, never touches another step's
// block, and the block reads back and is replaced in place.
func FuzzFillSection(f *testing.F) {
	f.Add("Plain answer.", uint8(0))
	f.Add("```\nunclosed fence\n## Injected", uint8(1))
	f.Add("<!-- rtgit:end 01-02 -->\n# Top\n<!-- rtgit:begin 01-02 -->", uint8(2))
	f.Add("<pre>\n## inside html\n", uint8(3))
	f.Add("```csv``` at the start\n~~~\n", uint8(0))
	outline := Outline([]byte(fuzzDoc))
	other, _ := Block([]byte(fuzzDoc), "01-01")
	f.Fuzz(func(t *testing.T, body string, pick uint8) {
		section := fuzzSections[int(pick)%len(fuzzSections)]
		out, err := FillSection([]byte(fuzzDoc), section, "01-02", body)
		if err != nil {
			t.Fatalf("FillSection: %v", err)
		}
		if got := Outline(out); !slices.Equal(got, outline) {
			t.Fatalf("the answer %q changed the outline to %q", body, got)
		}
		if got, ok := Block(out, "01-01"); !ok || got != other {
			t.Fatalf("another step's block became %q", got)
		}
		if _, ok := Block(out, "01-02"); !ok {
			t.Fatal("the block cannot be found again")
		}
		again, err := FillSection(out, section, "01-02", "Replaced.")
		if err != nil {
			t.Fatalf("second FillSection: %v", err)
		}
		if got, _ := Block(again, "01-02"); got != "Replaced." || !slices.Equal(Outline(again), outline) {
			t.Fatalf("replacing the answer %q gave\n%s", body, again)
		}
	})
}
