package stepfile

import (
	"strings"
	"testing"

	"github.com/rtgit/rtgit/steps"
)

// TestSeedBriefDraftsOnlyTheSummary: a seed Brief Mode's talk about the
// agent's own work and its closing question are never part of the draft a
// person confirms (a confirmed draft is quoted in every artifact section);
// a brief that is only such talk drafts nothing.
func TestSeedBriefDraftsOnlyTheSummary(t *testing.T) {
	for _, tc := range []struct {
		name, brief            string
		draft, askPrefix, note string
	}{
		{
			name:      "summary and closing question",
			brief:     "Maya Chen: From what I can see, the driver is {pain}. Success looks like {metric}. Does that capture it, or is there more to the story?",
			draft:     "From what I can see, the driver is {pain}. Success looks like {metric}.",
			askPrefix: "Does that capture it, or is there more to the story? Leave the draft as it is",
		},
		{
			name:      "only talk about drafting later",
			brief:     "Maya Chen: I'll turn the requirements into user stories. Let me draft them and you can review. One moment.",
			askPrefix: "The step file's brief: “I'll turn the requirements into user stories. Let me draft them and you can review.” Nothing is drafted here",
		},
		{
			name:      "lead-in clause before the announcement",
			brief:     "Maya Chen: Based on our talk, I'll write up FR-001 onwards. One moment.",
			askPrefix: "The step file's brief: “Based on our talk, I'll write up FR-001 onwards.” Nothing is drafted here",
		},
		{
			name:      "a note to the agent after the persona's line",
			brief:     "Maya Chen: I'll look for the main terms and report back.\n\nSearch the repository for the keywords and report the hits.",
			askPrefix: "The step file's brief: “I'll look for the main terms and report back.” Nothing is drafted here",
		},
		{
			name:      "summary kept, announcement dropped",
			brief:     "Alex Rivera: The risk is {risk}. I'll add mitigations next. Agreed?",
			draft:     "The risk is {risk}.",
			askPrefix: "Agreed? Leave the draft",
		},
		{
			name:      "no question: rtgit asks its own",
			brief:     "Jordan Park: Data flows from {source} to {sink}.",
			draft:     "Data flows from {source} to {sink}.",
			askPrefix: "Does this capture it? Leave the draft",
		},
		{
			name:      "unlabelled prose is the persona's own",
			brief:     "The module list is {modules}.\n\nUse {store} for the data. Sound right?",
			draft:     "The module list is {modules}.\n\nUse {store} for the data.",
			askPrefix: "Sound right? Leave the draft",
		},
		{
			// The seed's agent had looked before saying "No new
			// dependencies needed"; in rtgit nobody has, so the claim is
			// asked about, not drafted.
			name:      "a claim nothing backs is asked, not drafted",
			brief:     "Alex Rivera: The technology stack for this feature follows existing conventions: {stack}. No new dependencies needed. Does this align with your expectations?",
			draft:     "The technology stack for this feature follows existing conventions: {stack}.",
			askPrefix: "Does this align with your expectations? The step file's brief also says “No new dependencies needed.”: put that in your answer only if it holds. Leave the draft",
		},
		{
			name:      "several claims, and a lead-in that only presents the draft",
			brief:     "Jordan Park: Design complete. Here's the summary. Summary: {N} modules. The design follows existing patterns. Shall we wrap up?",
			draft:     "Summary: {N} modules.",
			askPrefix: "Shall we wrap up? The step file's brief also says “Design complete.” and “The design follows existing patterns.”: put each in your answer only if it holds.",
		},
		{
			name:      "only claims: nothing drafted, the claims asked",
			brief:     "Alex Rivera: No breaking changes to existing interfaces. Confirmed?",
			askPrefix: "Confirmed? The step file's brief says “No breaking changes to existing interfaces.”: put that in your answer only if it holds. Nothing is drafted here",
		},
		{
			name:      "a request to correct is asked like a question",
			brief:     "Maya Chen: I don't see regulated data in this change. Tell me if that's wrong.",
			askPrefix: "Tell me if that's wrong. The step file's brief says “I don't see regulated data in this change.”: put that in your answer only if it holds. Nothing is drafted here",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			file := "---\nstep_id: \"01-07\"\ntitle: Stories\npersona: business-analyst\ndepth: standard\noutputs: [user-stories.json]\n---\n\n" +
				"## Brief Mode\n\n" + tc.brief + "\n\n## Standard Mode\n\n1. Who is the user?\n"
			s, probs := Parse("seed.md", []byte(file))
			if s == nil || probs.HasErrors() {
				t.Fatalf("problems: %v", probs)
			}
			b := s.Questions(steps.Brief)
			if len(b) != 1 || b[0].ID != ConfirmID {
				t.Fatalf("brief questions = %+v", b)
			}
			if b[0].Draft != tc.draft {
				t.Errorf("draft = %q, want %q", b[0].Draft, tc.draft)
			}
			if !strings.HasPrefix(b[0].Text, tc.askPrefix) {
				t.Errorf("question = %q, want it to start %q", b[0].Text, tc.askPrefix)
			}
			for _, w := range []string{"One moment", "I'll", "Let me"} {
				if strings.Contains(b[0].Draft, w) {
					t.Errorf("draft keeps %q: %q", w, b[0].Draft)
				}
			}
			if tc.draft == "" && len(s.RulesFor(ConfirmID)) != 0 {
				t.Errorf("a question with no draft has a `filled` rule: %+v", s.RulesFor(ConfirmID))
			}
		})
	}
}

func TestPlain(t *testing.T) {
	for in, want := range map[string]bool{
		"Data flows from {source}.\nIt ends in {sink}.": true,
		"| a | b |\n|---|---|":                          false,
		"Order:\n1. first":                              false,
		"> quoted":                                      false,
		"```\ncode\n```":                                false,
	} {
		if got := plain(in); got != want {
			t.Errorf("plain(%q) = %v, want %v", in, got, want)
		}
	}
}

func TestSentences(t *testing.T) {
	got := sentences("It is {a. B} here. Node.js 10 too!  \"Quoted\" next? yes. Done")
	want := []string{"It is {a. B} here.", "Node.js 10 too!", "\"Quoted\" next? yes.", "Done"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("sentences = %q, want %q", got, want)
	}
}
