package artifacts

import (
	"fmt"
	"strings"

	"github.com/rtgit/rtgit/internal/lazyre"
	"github.com/rtgit/rtgit/model"
	"github.com/rtgit/rtgit/steps"
)

// RequiredSections are the headings an artifact template must keep, because
// the default steps write into them. A repository's override that drops one
// is refused, naming the file, rather than silently growing the section at
// the end of the document.
var RequiredSections = map[string][]string{
	"quick-scan.md": {"Scope", "Keywords", "Candidate Files", "File Count", "Complexity", "Confidence"},
	"requirements-spec.md": {"Project Overview", "Problem Statement", "Business Drivers", "Success Metrics", "Scope Boundaries",
		"Stakeholders and Personas", "Functional Requirements", "Non-Functional Requirements", "Constraints",
		"Assumptions", "Out of Scope", "Glossary", "User Stories", "Traceability Matrix"},
	"impact-analysis.md":       {"Blast Radius", "Entry Points", "Risk Zones", "Summary"},
	"architecture-overview.md": {"Architecture Options", "Chosen Option", "Components", "Integration Architecture", "Architecture Decision Records"},
	"tech-stack-decision.md":   {"Technology Decisions", "Rationale"},
	"adr.md":                   {"Context and Problem Statement", "Considered Options", "Decision Outcome", "Consequences", "Pros and Cons of the Options"},
	"module-design.md":         model.ModuleSections,
	"module-design-index.md":   {ModuleIndexSection},
	"data-flow.md":             {"Data Flow", "State Management"},
	"error-taxonomy.md":        {"Error Taxonomy", "Validation Rules"},
	"design-review.md":         {"Approved", "Still Open"},
}

var (
	placeholderRe = lazyre.New(`\{\{\s*([^{}]*?)\s*\}\}`)
)

// CheckTemplate refuses a skeleton that would produce a broken artifact:
// an unclosed or unknown {{placeholder}}, or a missing required heading.
// Errors are "source:line: message" so they point at the file to fix.
func CheckTemplate(name, source string, data []byte, known func(placeholder string) bool) error {
	text := string(data)
	for i, l := range strings.Split(text, "\n") {
		rest := placeholderRe.ReplaceAllString(l, "")
		if strings.Contains(rest, "{{") || strings.Contains(rest, "}}") {
			return fmt.Errorf("%s:%d: unclosed {{placeholder}}", source, i+1)
		}
		for _, m := range placeholderRe.FindAllStringSubmatch(l, -1) {
			if !known(m[1]) {
				return fmt.Errorf("%s:%d: unknown placeholder {{%s}}", source, i+1, m[1])
			}
		}
	}
	have := map[string]bool{}
	lines := splitLines(data)
	for _, i := range headingLines(lines) {
		m := headingRe.FindStringSubmatch(lines[i])
		have[steps.HeadingKey(m[2])] = true
	}
	var missing []string
	for _, h := range RequiredSections[name] {
		if !have[steps.HeadingKey(h)] {
			missing = append(missing, fmt.Sprintf("%q", h))
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("%s: artifact template lacks the section heading(s) %s", source, strings.Join(missing, ", "))
	}
	return nil
}
