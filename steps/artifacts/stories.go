package artifacts

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
)

// Story is one entry of user-stories.json.
type Story struct {
	ID                 string   `json:"id"`
	AsA                string   `json:"as_a"`
	IWant              string   `json:"i_want"`
	SoThat             string   `json:"so_that"`
	AcceptanceCriteria []string `json:"acceptance_criteria"`
	Priority           string   `json:"priority"`
	LinkedRequirements []string `json:"linked_requirements"`
}

var (
	storyRe   = regexp.MustCompile(`(?i)^(?:(US-\d{3})\s*:\s*)?as an?\s+(.+?),\s*i want\s+(.+?),\s*so that\s+(.+?)\.?$`)
	linkIDRe  = regexp.MustCompile(`\b(?:FR|NFR|CON)-\d{3}\b`)
	trailRefs = regexp.MustCompile(`\s*\((?:\s*(?:FR|NFR|CON)-\d{3}\s*,?)+\)\s*$`)
	acPrefix  = regexp.MustCompile(`(?i)^ac\s*:\s*`)
)

// ParseStories reads "As a …, I want …, so that …" lines; the lines after
// a story (Given/When/Then, AC:) are its acceptance criteria. FR, NFR and
// CON ids anywhere in a story link it to those requirements; a trailing
// "(FR-001, FR-002)" is taken off the text once recorded.
func ParseStories(answer string) []Story {
	stories := []Story{}
	used := map[string]bool{}
	for _, l := range answerLines(answer) {
		if m := storyRe.FindStringSubmatch(l); m != nil && m[1] != "" {
			used[strings.ToUpper(m[1])] = true
		}
	}
	n := 0
	for _, l := range answerLines(answer) {
		if m := storyRe.FindStringSubmatch(l); m != nil {
			id := strings.ToUpper(m[1])
			for id == "" {
				n++
				if c := fmt.Sprintf("US-%03d", n); !used[c] {
					id, used[c] = c, true
				}
			}
			stories = append(stories, Story{ID: id, AsA: m[2], IWant: m[3], SoThat: strings.TrimSpace(trailRefs.ReplaceAllString(m[4], "")),
				AcceptanceCriteria: []string{}, LinkedRequirements: uniq(linkIDRe.FindAllString(l, -1))})
			continue
		}
		if len(stories) > 0 {
			st := &stories[len(stories)-1]
			ac := strings.TrimSpace(trailRefs.ReplaceAllString(acPrefix.ReplaceAllString(l, ""), ""))
			st.AcceptanceCriteria = append(st.AcceptanceCriteria, ac)
			st.LinkedRequirements = uniq(append(st.LinkedRequirements, linkIDRe.FindAllString(l, -1)...))
		}
	}
	return stories
}

// userStories writes user-stories.json, or with a #Section the stories in
// the seed's markdown form. Priorities come from 01-08 once it has run.
func userStories(in Input) (Result, error) {
	stories := ParseStories(in.Answer)
	pruneLinks(in, stories)
	prio := Priorities{}
	if p, ok := look(in, "01-08.priorities"); ok {
		prio = ParsePriorities(p)
	}
	prio.apply(stories)
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

func storiesMarkdown(stories []Story) string {
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
// title cut short with "…" hides the part that tells stories apart.
func storyTitle(want string) string {
	want = strings.TrimPrefix(strings.TrimSpace(want), "to ")
	t := strings.Join(strings.Fields(want), " ")
	if t == "" {
		return "Untitled"
	}
	return strings.ToUpper(t[:1]) + t[1:]
}

// Priorities maps requirement and story ids to MoSCoW priorities, in the
// order the answer named them.
type Priorities struct {
	Of    map[string]string
	Order []string
}

var (
	prioIDRe = regexp.MustCompile(`\b(?:FR|NFR|CON|US)-\d{3}\b`)
	moscow   = []string{"Must Have", "Should Have", "Could Have", "Won't Have"}
)

// ParsePriorities reads "FR-001: Must Have" lines (US ids count too).
func ParsePriorities(answer string) Priorities {
	p := Priorities{Of: map[string]string{}}
	for _, l := range answerLines(answer) {
		ids := prioIDRe.FindAllString(l, -1)
		level := ""
		low := strings.ToLower(strings.ReplaceAll(l, "’", "'"))
		for _, m := range moscow {
			if strings.Contains(low, strings.ToLower(m)) {
				level = m
			}
		}
		for _, id := range ids {
			if _, seen := p.Of[id]; !seen {
				p.Order = append(p.Order, id)
			}
			p.Of[id] = level
		}
	}
	return p
}

// rank orders MoSCoW levels, Must Have first; unknown levels last.
func rank(level string) int {
	for i, m := range moscow {
		if m == level {
			return i
		}
	}
	return len(moscow)
}

// Apply sets each story's priority as the prioritisation step does: named
// directly, or else the highest priority among its linked requirements.
func (p Priorities) Apply(stories []Story) { p.apply(stories) }

// apply sets each story's priority: named directly, or else the highest
// priority among its linked requirements.
func (p Priorities) apply(stories []Story) {
	for i := range stories {
		s := &stories[i]
		if v := p.Of[s.ID]; v != "" {
			s.Priority = v
			continue
		}
		best := ""
		for _, r := range s.LinkedRequirements {
			if v := p.Of[r]; v != "" && (best == "" || rank(v) < rank(best)) {
				best = v
			}
		}
		s.Priority = best
	}
}
