package artifacts

import (
	"strings"

	"github.com/rtgit/rtgit/internal/lazyre"
	"github.com/rtgit/rtgit/steps"
)

var appendHeadingRe = lazyre.New(`^(#{1,6})\s+(.*?)\s*#*\s*$`)

// elaborationHeading starts the heading of an elaboration block (see
// elaboration.Synthesis.Markdown).
const elaborationHeading = "Elaboration Insights"

// AppendToSection adds text at the end of the section headed section's own
// text: after what is written under its heading and the elaboration blocks
// appended there before, but ahead of its subsections, so insights about
// "Stakeholders" never land under its "User Journeys" subsection. Every
// existing byte stays where it was: elaboration insights are only ever
// added. A missing section is created at the end of the document.
// Headings match as FillSection matches them, so "Problem Statement" finds
// "### 1.1 Problem Statement".
func AppendToSection(doc []byte, section, text string) []byte {
	lines := strings.Split(string(doc), "\n")
	start, level := -1, 0
	fence := false
	end := len(lines)
	elab := 0 // the level of the elaboration block being read, 0 outside one
	for i, l := range lines {
		if strings.HasPrefix(strings.TrimSpace(l), "```") || strings.HasPrefix(strings.TrimSpace(l), "~~~") {
			fence = !fence
			continue
		}
		m := appendHeadingRe.FindStringSubmatch(l)
		if fence || m == nil {
			continue
		}
		if start < 0 && steps.HeadingKey(m[2]) == steps.HeadingKey(section) {
			start, level = i, len(m[1])
			continue
		}
		if start < 0 {
			continue
		}
		switch n := len(m[1]); {
		case n <= level:
		case strings.HasPrefix(m[2], elaborationHeading):
			elab = n
			continue
		case elab > 0 && n > elab:
			continue // a list inside an earlier elaboration block
		}
		end = i
		break
	}
	block := strings.TrimRight(text, "\n")
	if start < 0 {
		out := strings.TrimRight(string(doc), "\n")
		if out != "" {
			out += "\n\n"
		}
		return []byte(out + "## " + section + "\n\n" + block + "\n")
	}
	// Insert after the section's last non-blank line, keeping the blank
	// lines that separated it from the next heading.
	at := end
	for at > start+1 && strings.TrimSpace(lines[at-1]) == "" {
		at--
	}
	out := append(append([]string{}, lines[:at]...), "", block)
	rest := lines[at:]
	for len(rest) > 0 && strings.TrimSpace(rest[0]) == "" {
		rest = rest[1:]
	}
	if len(rest) == 0 {
		return []byte(strings.Join(append(out, ""), "\n"))
	}
	return []byte(strings.Join(append(append(out, ""), rest...), "\n"))
}
