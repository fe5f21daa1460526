package signoff

import (
	"fmt"
	"slices"
	"strings"
)

// The areas an analysis is signed off in, in the order work reaches them.
const (
	Requirements = "requirements" // what is wanted: quick scan and requirements
	Architecture = "architecture" // where it lands: impact analysis and architecture
	Design       = "design"       // how it is built, except the build plan
	Tasks        = "tasks"        // the build plan
)

// Areas lists every area in order.
var Areas = []string{Requirements, Architecture, Design, Tasks}

// TasksQuestion is the id of the question whose answer is the build plan.
// Whichever step asks it, its answer belongs to the tasks area and to no
// other.
const TasksQuestion = "tasks"

// Valid reports whether name is an area.
func Valid(name string) bool { return slices.Contains(Areas, name) }

// ParseAreas checks area names as a person typed them (any case, commas or
// spaces between) and returns them in area order, each once.
func ParseAreas(words []string) ([]string, error) {
	seen := map[string]bool{}
	for _, w := range words {
		for _, f := range strings.FieldsFunc(w, func(r rune) bool { return r == ',' || r == ' ' }) {
			a := strings.ToLower(f)
			if !Valid(a) {
				return nil, fmt.Errorf("%q is not an area; the areas are %s", f, strings.Join(Areas, ", "))
			}
			seen[a] = true
		}
	}
	var out []string
	for _, a := range Areas {
		if seen[a] {
			out = append(out, a)
		}
	}
	return out, nil
}

// DefaultArea is the area of a phase of the default plan, by its number:
// 00 and 01 are requirements, 02 and 03 architecture, 04 design. A library
// whose phases mean something else names their areas in its library file.
func DefaultArea(phaseKey string) string {
	num, _, _ := strings.Cut(phaseKey, "-")
	switch num {
	case "00", "01":
		return Requirements
	case "02", "03":
		return Architecture
	case "04":
		return Design
	}
	return ""
}
