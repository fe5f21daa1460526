package steps

import (
	"strings"

	"github.com/rtgit/rtgit/internal/lazyre"
)

// Persona is one of the roundtable's named characters.
type Persona struct {
	Key            string      `yaml:"key" json:"key"`
	Name           string      `yaml:"name" json:"name"`             // "Maya Chen"
	ShortName      string      `yaml:"short_name" json:"short_name"` // "Maya"
	Role           string      `yaml:"role" json:"role"`             // "Business Analyst"
	Identity       string      `yaml:"identity" json:"identity"`
	Style          string      `yaml:"style" json:"style"`
	Principles     []Principle `yaml:"principles" json:"principles"`
	Phases         []string    `yaml:"phases" json:"phases"`
	Acknowledgment string      `yaml:"acknowledgment" json:"acknowledgment"` // contains {point}
	// Elaboration lists the persona's general angles for elaboration mode.
	Elaboration []string `yaml:"elaboration" json:"elaboration"`
	// Contributes marks a persona who joins the table without leading:
	// a security reviewer, a QA engineer, an SRE, a domain expert. They
	// never lead a phase or a step; they speak in elaboration discussions
	// and bring their principles to the steps whose topics they name.
	Contributes bool `yaml:"contributes" json:"contributes,omitempty"`
	// Topics are the subjects a contributing persona cares about
	// ("security", "data"); see Step.Topic.
	Topics []string `yaml:"topics" json:"topics,omitempty"`
}

// Principle is one guiding principle of a persona.
type Principle struct {
	Title string `yaml:"title" json:"title"`
	Text  string `yaml:"text" json:"text"`
}

// First returns the persona's first name, for conversational lines.
func (p Persona) First() string {
	if p.ShortName != "" {
		return p.ShortName
	}
	if i := strings.IndexByte(p.Name, ' '); i > 0 {
		return p.Name[:i]
	}
	return p.Name
}

// Acknowledge renders the persona's acknowledgment pattern around point.
func (p Persona) Acknowledge(point string) string {
	return strings.ReplaceAll(p.Acknowledgment, "{point}", point)
}

// clauseSlotRe finds a {point} that stands where a sentence goes ("so
// {point}", "that {point}", "Noted: {point}"), rather than where a thing is named ("about
// {point}", "account for {point}").
var clauseSlotRe = lazyre.New(`(?i)(\b(so|that|because)\s*|:\s*)\{point\}`)

// FillAck renders an acknowledgment pattern so that it reads as a
// sentence: clause where the pattern's {point} takes a sentence, thing
// where it names something. The patterns are the personas' own words
// (personas.yaml), so which kind a slot is can only be read off them.
func FillAck(pattern, clause, thing string) string {
	point := thing
	if clauseSlotRe.MatchString(pattern) {
		point = clause
	}
	return strings.ReplaceAll(pattern, "{point}", point)
}

// MatchPersona finds the persona a step file's persona field means. Keys
// match exactly; failing that, names, first names and roles match ignoring
// case, spaces, hyphens and underscores, so "Maya Chen", "maya",
// "business_analyst" and "Business Analyst" all mean business-analyst.
func MatchPersona(personas []Persona, name string) (string, bool) {
	if _, ok := FindPersona(personas, name); ok {
		return name, true
	}
	want := foldName(name)
	if want == "" {
		return "", false
	}
	for _, p := range personas {
		for _, cand := range []string{p.Key, p.Name, p.First(), p.Role} {
			if foldName(cand) == want {
				return p.Key, true
			}
		}
	}
	return "", false
}

func foldName(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	return b.String()
}
