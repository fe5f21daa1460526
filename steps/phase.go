package steps

import (
	"strings"
	"unicode"
)

// Phase is one stage of an analysis.
type Phase struct {
	Key         string // "01-requirements"
	Number      string // "01"
	Name        string // "Requirements"
	Description string // noun phrase: "requirements discovery"
	Activity    string // verb phrase after "who will": "assess the impact and design the architecture"
	Artifact    string // what the next persona reviews: "requirements spec"
}

// DefaultPhases are the five phases of interface-spec §2.4, in order.
var DefaultPhases = []Phase{
	{Key: "00-quick-scan", Number: "00", Name: "Quick Scan", Description: "quick scope estimation", Activity: "estimate the scope of the change", Artifact: "quick scan"},
	{Key: "01-requirements", Number: "01", Name: "Requirements", Description: "requirements discovery", Activity: "discover the requirements", Artifact: "requirements spec"},
	{Key: "02-impact-analysis", Number: "02", Name: "Impact Analysis", Description: "impact analysis", Activity: "assess the impact and design the architecture", Artifact: "impact analysis"},
	{Key: "03-architecture", Number: "03", Name: "Architecture", Description: "architecture design", Activity: "design the architecture", Artifact: "architecture overview"},
	{Key: "04-design", Number: "04", Name: "Design", Description: "detailed design", Activity: "turn the architecture into interfaces, modules and concrete designs", Artifact: "design"},
}

// PhaseFor returns the phase with key, or one derived from the key for a
// phase directory rtgit does not know ("05-security" -> "Security").
func PhaseFor(key string) Phase {
	for _, p := range DefaultPhases {
		if p.Key == key {
			return p
		}
	}
	num, rest, _ := strings.Cut(key, "-")
	words := strings.Fields(strings.ReplaceAll(rest, "-", " "))
	for i, w := range words {
		r := []rune(w)
		r[0] = unicode.ToUpper(r[0])
		words[i] = string(r)
	}
	name := strings.Join(words, " ")
	if name == "" {
		name = key
	}
	lower := strings.ToLower(name)
	return Phase{Key: key, Number: num, Name: name, Description: lower, Activity: "work through " + lower, Artifact: lower + " notes"}
}

// FallbackPersona leads any phase no persona claims (FR-003 AC-003-06).
const FallbackPersona = "business-analyst"

// PersonaForPhase returns the key of the persona that leads phase, and
// whether it came from the table rather than the fallback.
func PersonaForPhase(personas []Persona, phase string) (string, bool) {
	for _, p := range personas {
		if p.Contributes {
			continue // contributing personas never lead
		}
		for _, ph := range p.Phases {
			if ph == phase {
				return p.Key, true
			}
		}
	}
	return FallbackPersona, false
}

// FindPersona returns the persona with key.
func FindPersona(personas []Persona, key string) (Persona, bool) {
	for _, p := range personas {
		if p.Key == key {
			return p, true
		}
	}
	return Persona{}, false
}
