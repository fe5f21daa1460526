package model

import (
	"fmt"
	"strings"

	"github.com/rtgit/rtgit/internal/lazyre"
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
	// Criteria are the acceptance criteria split into Given/When/Then
	// steps, and Source where the story was read; Build sets both, and
	// user-stories.json holds neither.
	Criteria []Criterion `json:"-"`
	Source   Source      `json:"-"`
}

var (
	storyRe   = lazyre.New(`(?i)^(?:(US-\d{3})\s*:\s*)?as (?:an?|the)\s+(.+?),\s*i want\s+(.+?),\s*so that\s+(.+?)\.?$`)
	linkIDRe  = lazyre.New(`\b(?:FR|NFR|CON)-\d{3}\b`)
	trailRefs = lazyre.New(`\s*\((?:\s*(?:FR|NFR|CON)-\d{3}\s*,?)+\)\s*$`)
	acPrefix  = lazyre.New(`(?i)^ac\s*:\s*`)
)

// ParseStories reads "As a …, I want …, so that …" lines; the lines after
// a story (Given/When/Then, AC:) are its acceptance criteria. FR, NFR and
// CON ids anywhere in a story link it to those requirements; a trailing
// "(FR-001, FR-002)" is taken off the text once recorded.
func ParseStories(answer string) []Story {
	stories := []Story{}
	for _, s := range readStories(answer) {
		stories = append(stories, s.Story)
	}
	return stories
}

// readStories is ParseStories, each story with the lines it is read from.
func readStories(answer string) []StoryAt {
	var stories []StoryAt
	lines := Lines(answer)
	used := map[string]bool{}
	for _, l := range lines {
		if m := storyRe.FindStringSubmatch(l.Text); m != nil && m[1] != "" {
			used[strings.ToUpper(m[1])] = true
		}
	}
	n := 0
	for _, l := range lines {
		links := linkIDRe.FindAllString(l.Text, -1)
		if m := storyRe.FindStringSubmatch(l.Text); m != nil {
			id := strings.ToUpper(m[1])
			for id == "" {
				n++
				if c := fmt.Sprintf("US-%03d", n); !used[c] {
					id, used[c] = c, true
				}
			}
			stories = append(stories, StoryAt{Story: Story{ID: id, AsA: m[2], IWant: m[3], SoThat: strings.TrimSpace(trailRefs.ReplaceAllString(m[4], "")),
				AcceptanceCriteria: []string{}, LinkedRequirements: uniq(links)}, At: l, Links: refsAt(l, links)})
			continue
		}
		if len(stories) > 0 {
			st := &stories[len(stories)-1]
			ac := strings.TrimSpace(trailRefs.ReplaceAllString(acPrefix.ReplaceAllString(l.Text, ""), ""))
			st.AcceptanceCriteria = append(st.AcceptanceCriteria, ac)
			st.CriteriaAt = append(st.CriteriaAt, l)
			st.LinkedRequirements = uniq(append(st.LinkedRequirements, links...))
			st.Links = append(st.Links, refsAt(l, links)...)
		}
	}
	return stories
}

// refsAt places the ids a line names at that line.
func refsAt(l Line, ids []string) []Ref {
	var out []Ref
	for _, id := range ids {
		out = append(out, Ref{At: l, ID: id})
	}
	return out
}

// Priorities maps requirement and story ids to MoSCoW priorities, in the
// order the answer named them.
type Priorities struct {
	Of    map[string]string
	Order []string
}

var (
	prioIDRe = lazyre.New(`\b(?:FR|NFR|CON|US)-\d{3}\b`)
	moscow   = []string{"Must Have", "Should Have", "Could Have", "Won't Have"}
)

// ParsePriorities reads "FR-001: Must Have" lines (US ids count too).
func ParsePriorities(answer string) Priorities {
	p, _ := readPriorities(answer)
	return p
}

// readPriorities is ParsePriorities with the lines it is read from. A
// line names a level when it holds one of MoSCoW's words, the last of them
// in MoSCoW's order if it holds several; an id named again takes the
// level of the line naming it last.
func readPriorities(answer string) (Priorities, []PriorityAt) {
	p := Priorities{Of: map[string]string{}}
	var at []PriorityAt
	for _, l := range Lines(answer) {
		ids := prioIDRe.FindAllString(l.Text, -1)
		level := ""
		low := strings.ToLower(strings.ReplaceAll(l.Text, "’", "'"))
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
		if len(ids) > 0 {
			at = append(at, PriorityAt{At: l, IDs: ids, Level: level})
		}
	}
	return p, at
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
