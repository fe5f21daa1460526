package artifacts

import (
	"strings"
	"testing"

	"github.com/rtgit/rtgit/model"
)

func TestStoryArticleAndTitle(t *testing.T) {
	for role, want := range map[string]string{
		"external accountant": "an", "bookkeeper": "a", "user of the API": "a", "one-off buyer": "a",
		"hourly worker": "an", "SRE on call": "an", "QA lead": "a", "API client": "an", "": "a",
	} {
		if got := article(role); got != want {
			t.Errorf("article(%q) = %q, want %q", role, got, want)
		}
	}
	stories := model.ParseStories("As an external accountant working for a customer, I want one row per line item with its quantity and unit price, so that I can book each cost to the right expense account (FR-004)\nAC: Given 2 items, When exported, Then 2 rows")
	md := storiesMarkdown(stories)
	for _, want := range []string{"**As an** external accountant", "### US-001: One row per line item with its quantity and unit price\n"} {
		if !strings.Contains(md, want) {
			t.Errorf("stories markdown lacks %q:\n%s", want, md)
		}
	}
	if strings.Contains(md, "…") {
		t.Errorf("a story title was cut:\n%s", md)
	}
}

func TestClarificationsSkipQuotedMarkers(t *testing.T) {
	doc := "# Spec\n\nThe gate fails on `[NEEDS CLARIFICATION: x]` markers.\n\n```text\n[NEEDS CLARIFICATION: in a fence]\n```\n\n- [NEEDS CLARIFICATION: Who uses this?]\n"
	got := Clarifications([]byte(doc), true)
	if len(got) != 1 || got[0].Line != 9 || got[0].Text != "[NEEDS CLARIFICATION: Who uses this?]" {
		t.Errorf("markdown: %+v", got)
	}
	if got := Clarifications([]byte(`{"ac": "[NEEDS CLARIFICATION: y]"}`), false); len(got) != 1 {
		t.Errorf("json: %+v", got)
	}
}

// A code span inside a marker in running text is part of what the marker
// asks: the marker is reported with it, as the document has it.
func TestClarificationsKeepCodeInsideMarkers(t *testing.T) {
	doc := "[NEEDS CLARIFICATION: Which parts? The scan started from `internal/cart/cart.go`, `a]b.go`.] and `[NEEDS CLARIFICATION: quoted]`\n"
	got := Clarifications([]byte(doc), true)
	want := "[NEEDS CLARIFICATION: Which parts? The scan started from `internal/cart/cart.go`, `a]b.go`.]"
	if len(got) != 1 || got[0].Line != 1 || got[0].Text != want {
		t.Errorf("got %+v, want one marker %q", got, want)
	}
}

// TestInterfaceSpecHeaderOnce: every question of 04-02 renders the file
// again from the last one; the header comment stays one line.
func TestInterfaceSpecHeaderOnce(t *testing.T) {
	var file []byte
	for _, q := range []struct{ id, answer string }{
		{"contracts", "operation: export input: customer_id output: CSV errors: NOT_FOUND"},
		{"consumers", "The dashboard shows the error message."},
		{"versioning", "Columns are only ever appended."},
	} {
		res, err := interfaceSpec(withModel("interface-spec", Input{Slug: "csv", StepID: "04-02", StepTitle: "Interface Contracts", OutputPath: "ifspec.yaml",
			Question: q.id, Answer: q.answer, Read: func(string) ([]byte, error) { return file, nil }}))
		if err != nil {
			t.Fatal(err)
		}
		file = res.Files[0].Data
	}
	if n := strings.Count(string(file), "# Interface specification"); n != 1 {
		t.Errorf("header written %d times:\n%s", n, file)
	}
}

// TestRationaleForMatchesLabels: each part of a rationale goes to the
// decision its label names, even by one of its words, and nothing else.
func TestRationaleForMatchesLabels(t *testing.T) {
	titles := []string{"CSV writer", "Store access", "File encoding"}
	r := "CSV writer: the csv module quotes right. Store access: batches keep locks short. WAL mode would also work: but not here.\n\nEncoding: the byte-order mark makes Excel read UTF-8."
	for title, want := range map[string]string{
		"CSV writer":    "CSV writer: the csv module quotes right.",
		"Store access":  "Store access: batches keep locks short. WAL mode would also work: but not here.",
		"File encoding": "Encoding: the byte-order mark makes Excel read UTF-8.",
	} {
		if got := RationaleFor(r, title, titles); got != want {
			t.Errorf("RationaleFor(%q) = %q, want %q", title, got, want)
		}
	}
}

// TestRationaleForListedLabels: a rationale written as a list of labelled
// items gives each decision its item, without the next item's "-" or
// bold marker left at its end.
func TestRationaleForListedLabels(t *testing.T) {
	titles := []string{"CSV writer", "Store access"}
	r := "- CSV writer: the csv module quotes right.\n- **Store access**: batches keep locks short."
	for title, want := range map[string]string{
		"CSV writer":   "CSV writer: the csv module quotes right.",
		"Store access": "**Store access**: batches keep locks short.",
	} {
		if got := RationaleFor(r, title, titles); got != want {
			t.Errorf("RationaleFor(%q) = %q, want %q", title, got, want)
		}
	}
}

// A story's heading is its goal with a plain first word capitalised by
// letter; a word the person cased, numbered or coded stays as written.
func TestStoryTitleKeepsWhatWasWritten(t *testing.T) {
	for want, title := range map[string]string{
		"to export invoices as CSV":      "Export invoices as CSV",
		"ändern the address":             "Ändern the address",
		"export, then email, the report": "Export, then email, the report",
		"iOS users to get the hint":      "iOS users to get the hint",
		"p95 under 200 ms":               "p95 under 200 ms",
		"`rtgit verify` in CI":           "`rtgit verify` in CI",
		"FLASK_APP read from .env":       "FLASK_APP read from .env",
		"  ":                             "Untitled",
	} {
		if got := StoryTitle(want); got != title {
			t.Errorf("StoryTitle(%q) = %q, want %q", want, got, title)
		}
	}
}
