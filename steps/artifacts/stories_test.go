package artifacts

import (
	"strings"
	"testing"
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
	stories := ParseStories("As an external accountant working for a customer, I want one row per line item with its quantity and unit price, so that I can book each cost to the right expense account (FR-004)\nAC: Given 2 items, When exported, Then 2 rows")
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
