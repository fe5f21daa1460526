package artifacts

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode"

	"github.com/rtgit/rtgit/model"
	"github.com/rtgit/rtgit/steps"
)

// userStories writes user-stories.json, or with a #Section the stories in
// the seed's markdown form. Priorities come from 01-08 once it has run.
func userStories(in Input) (Result, error) {
	stories := in.Model.Stories
	pruneLinks(in, stories)
	in.Model.Priorities.Apply(stories)
	if in.Section != "" {
		return Result{Fills: []Fill{{Path: in.OutputPath, Template: in.Output, Section: in.Section, Key: storiesKey, Body: storiesMarkdown(stories)}}}, nil
	}
	data, err := json.MarshalIndent(stories, "", "  ")
	if err != nil {
		return Result{}, err
	}
	return Result{Files: []File{{in.OutputPath, append(data, '\n')}}}, nil
}

// storiesKey is the block the stories are rendered into, shared by 01-07
// and 01-08 so prioritising refreshes it in place.
const storiesKey = "user-stories"

func storiesMarkdown(stories []model.Story) string {
	var b strings.Builder
	for i, s := range stories {
		if i > 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "### %s: %s\n\n", s.ID, storyTitle(s.IWant))
		fmt.Fprintf(&b, "**As %s** %s,\n**I want** %s,\n**So that** %s.\n\n", article(s.AsA), s.AsA, s.IWant, strings.TrimSuffix(s.SoThat, "."))
		b.WriteString("**Acceptance Criteria:**\n\n")
		if len(s.AcceptanceCriteria) == 0 {
			fmt.Fprintf(&b, "- %s\n", NeedsClarification("Given/When/Then acceptance criteria for "+s.ID))
		}
		for _, ac := range s.AcceptanceCriteria {
			fmt.Fprintf(&b, "- %s\n", ac)
		}
		if len(s.LinkedRequirements) > 0 {
			fmt.Fprintf(&b, "\n**Linked Requirements:** %s\n", strings.Join(s.LinkedRequirements, ", "))
		}
		if s.Priority != "" {
			fmt.Fprintf(&b, "\n**Priority:** %s\n", s.Priority)
		}
	}
	return b.String()
}

// Article is "a" or "an" before a story's role, as rtgit writes stories.
func Article(role string) string { return article(role) }

// StoryTitle is the heading rtgit gives a story.
func StoryTitle(want string) string { return storyTitle(want) }

// article is "a" or "an" for the role a story names, by how it sounds:
// "an external accountant", "a user", "an API client", "a one-off buyer".
func article(role string) string {
	w := strings.ToLower(strings.TrimSpace(role))
	switch {
	case w == "":
		return "a"
	case strings.HasPrefix(w, "one") || strings.HasPrefix(w, "uni") || strings.HasPrefix(w, "use") || strings.HasPrefix(w, "eu"):
		return "a"
	case strings.HasPrefix(w, "hour") || strings.HasPrefix(w, "honest"):
		return "an"
	}
	first := strings.Fields(role)[0]
	if len(first) > 1 && first == strings.ToUpper(first) {
		// An acronym is read letter by letter: "an SRE", "a QA lead".
		return map[bool]string{true: "an", false: "a"}[strings.ContainsRune("AEFHILMNORSX", rune(first[0]))]
	}
	return map[bool]string{true: "an", false: "a"}[strings.ContainsRune("aeiou", rune(w[0]))]
}

// storyTitle is a heading for a story: its whole goal, capitalised. A
// title cut short with "…" hides the part that tells stories apart. Only
// a plain lower-case first word is capitalised, by letter, whatever its
// script ("export", "ändern"); one the person cased or coded themselves
// ("iOS", "p95", "`rtgit`") stays as written.
func storyTitle(want string) string {
	want = strings.TrimPrefix(strings.TrimSpace(want), "to ")
	t := strings.Join(strings.Fields(want), " ")
	if t == "" {
		return "Untitled"
	}
	first, _, _ := strings.Cut(t, " ")
	if strings.ContainsFunc(first, func(r rune) bool { return unicode.IsUpper(r) || unicode.IsDigit(r) || r == '`' }) {
		return t
	}
	return steps.Capitalise(t)
}
