package answers

import (
	"strings"
	"testing"
)

func aiView() View {
	return View{StepID: "01-06", Slug: "demo", Depth: "standard", Header: "H",
		Questions: []Question{
			{ID: "scope", Text: "Scope?", AI: &AI{Text: "Only CSV.\n\n- [x] not a box", Model: "llama3.1:8b", Prompt: "0123456789ab", By: "Maya", Suggest: true}},
			{ID: "users", Text: "Users?", AI: &AI{Text: "Bookkeepers.", Model: "gpt-4o-mini", Prompt: "ba9876543210"}},
		},
		Menu: []MenuItem{{Key: "C", Label: "Continue"}}}
}

func TestRenderAIDraftAndSuggestion(t *testing.T) {
	out, err := Render("t", readTemplate(t), aiView())
	if err != nil {
		t.Fatal(err)
	}
	f, err := Parse("f", out)
	if err != nil {
		t.Fatal(err)
	}
	sg, ok := f.Suggested("scope")
	if !ok || sg.Body != "Only CSV.\n\n- [x] not a box" || sg.Ticked || sg.Model != "llama3.1:8b" {
		t.Fatalf("suggestion = %+v, %v\n%s", sg, ok, out)
	}
	if a, _ := f.Answer("scope"); a.Answered {
		t.Error("a suggestion filled the answer")
	}
	m, ok := f.Drafted("users")
	if !ok || m.Model != "gpt-4o-mini" || m.Prompt != "ba9876543210" {
		t.Errorf("draft provenance = %+v, %v", m, ok)
	}
	ticked := strings.Replace(string(out), "- [ ] "+suggestionTick, "- [x] "+suggestionTick, 1)
	f, err = Parse("f", []byte(ticked))
	if err != nil {
		t.Fatal(err)
	}
	if sg, _ := f.Suggested("scope"); !sg.Ticked {
		t.Error("ticked box not read")
	}
	edited, err := SetAnswer("f", out, "users", "Bookkeepers and auditors.")
	if err != nil {
		t.Fatal(err)
	}
	f, _ = Parse("f", edited)
	if _, ok := f.Drafted("users"); ok {
		t.Error("an edited draft still counts as the model's")
	}
}

func TestAIMarkerErrors(t *testing.T) {
	for _, line := range []string{
		"<!-- rtgit:ai id=x model=m prompt=p -->",
		"<!-- rtgit:ai id=x model=m prompt=p text=t color=red -->",
		"<!-- rtgit:ai id=x model=bad--> prompt=p text=t -->",
		"<!-- rtgit:ai id=x model=m prompt=p text=t chosen=no -->",
		"<!-- rtgit:ai id=x model=m prompt=p text=t chosen=yes chosen=yes -->",
		"<!-- rtgit:suggestion id=x model=m prompt=p text=t chosen=yes -->",
	} {
		data := "<!-- rtgit:file step=01-01 depth=brief slug=s -->\n\n" + line + "\n"
		if _, err := Parse("f.md", []byte(data)); err == nil || !strings.Contains(err.Error(), "f.md:3:") {
			t.Errorf("%s: err = %v, want one naming line 3", line, err)
		}
	}
}

// chosen=yes says a person chose a model's text; it reads back, and a
// draft without it is not chosen.
func TestAIMarkerChosen(t *testing.T) {
	for _, m := range []AIMark{
		{ID: "x", Model: "m", Prompt: "p1", Text: "t1", Chosen: true},
		{ID: "x", Model: "m", Prompt: "p1", Text: "t1"},
	} {
		data := "<!-- rtgit:file step=01-01 depth=brief slug=s -->\n\n" + aiMarker("ai", m) + "\n"
		f, err := Parse("f.md", []byte(data))
		if err != nil {
			t.Fatal(err)
		}
		if len(f.AI) != 1 || f.AI[0] != m {
			t.Errorf("%s reads back as %+v", aiMarker("ai", m), f.AI)
		}
	}
}
