// Package artifacts writes analysis answers into the documents a team
// builds from: it renders, and the reading of the answers into structure
// is package model's (docs/architecture.md). A transform renders the
// model.Reading its Input carries, which the step machine fills with
// model.ReadTransform; no renderer parses an answer's text. Markdown
// artifacts are filled section by section inside
// step-keyed markers, so re-running a step replaces only its own text and
// anything a person wrote elsewhere in the file survives byte for byte.
package artifacts

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/rtgit/rtgit/internal/lazyre"
	"github.com/rtgit/rtgit/steps"
)

// Marker lines delimiting one step's text inside a section.
func beginMarker(key string) string { return "<!-- rtgit:begin " + key + " -->" }
func endMarker(key string) string   { return "<!-- rtgit:end " + key + " -->" }

var headingRe = lazyre.New(`^(#{1,6})[ \t]+(.*?)[ \t#]*$`)

// FillSection puts body under the heading named section, between markers
// keyed by key. An existing block for key is replaced in place; otherwise the
// block is appended at the end of the section (before the next heading of the
// same or a higher level). A missing heading is appended as "## section".
func FillSection(doc []byte, section, key, body string) ([]byte, error) {
	lines := splitLines(doc)
	block := []string{beginMarker(key)}
	if b := strings.TrimRight(body, "\n"); b != "" {
		for _, l := range strings.Split(b, "\n") {
			block = append(block, defuseMarker(l))
		}
	}
	block = append(block, endMarker(key))

	if start, end, err := findBlock(lines, key); err != nil {
		return nil, err
	} else if start >= 0 {
		out := append(append(append([]string{}, lines[:start]...), block...), lines[end+1:]...)
		return joinLines(out), nil
	}
	h, _ := findHeading(lines, section)
	if h < 0 {
		out := trimTrailingBlank(lines)
		if len(out) > 0 {
			out = append(out, "")
		}
		out = append(out, "## "+section, "")
		out = append(out, block...)
		return joinLines(out), nil
	}
	// The section's own text ends at the next heading of any level, so a
	// block never lands inside a subsection; headings inside fences or
	// inside rtgit's blocks (generated "### FR-001" lines) do not count.
	end := len(lines)
	for _, i := range headingLines(lines) {
		if i > h {
			end = i
			break
		}
	}
	// Insert after the section's last non-blank line, keeping one blank line
	// around the block so the markdown stays readable.
	at := end
	for at > h+1 && strings.TrimSpace(lines[at-1]) == "" {
		at--
	}
	ins := append([]string{""}, block...)
	if at < len(lines) {
		ins = append(ins, "")
	}
	out := append(append(append([]string{}, lines[:at]...), ins...), dropLeadingBlank(lines[at:])...)
	return joinLines(out), nil
}

// SectionLevel is the level of section's heading in doc, or 2 when it is
// missing (FillSection then appends it as "## section").
func SectionLevel(doc []byte, section string) int {
	if _, l := findHeading(splitLines(doc), section); l > 0 {
		return l
	}
	return 2
}

// Block returns the text rtgit wrote for key, and whether it exists.
func Block(doc []byte, key string) (string, bool) {
	lines := splitLines(doc)
	start, end, err := findBlock(lines, key)
	if err != nil || start < 0 {
		return "", false
	}
	return strings.Join(lines[start+1:end], "\n"), true
}

// defuseMarker keeps a line of answer text from reading as one of rtgit's
// markers, which would end the block early and turn the rest of the answer
// into headings of the document. The line still shows the same text.
func defuseMarker(l string) string {
	if t := strings.TrimSpace(l); strings.HasPrefix(t, "<!-- rtgit:") {
		return strings.Replace(l, "<!--", "&lt;!--", 1)
	}
	return l
}

// findBlock locates key's markers outside fenced code. Unpaired markers are
// an error: guessing could overwrite a person's text.
func findBlock(lines []string, key string) (int, int, error) {
	return findBlockFenced(lines, fencedLines(lines), key)
}

// findBlockFenced is findBlock with the fence marks of lines already known,
// for callers that look up many blocks of one document.
func findBlockFenced(lines []string, fenced []bool, key string) (int, int, error) {
	start := -1
	for i, l := range lines {
		if fenced[i] {
			continue
		}
		switch strings.TrimSpace(l) {
		case beginMarker(key):
			if start >= 0 {
				return -1, -1, fmt.Errorf("line %d: second begin marker for %s before its end", i+1, key)
			}
			start = i
		case endMarker(key):
			if start < 0 {
				return -1, -1, fmt.Errorf("line %d: end marker for %s without a begin", i+1, key)
			}
			return start, i, nil
		}
	}
	if start >= 0 {
		return -1, -1, fmt.Errorf("line %d: begin marker for %s is never closed", start+1, key)
	}
	return -1, -1, nil
}

// findHeading returns the line and level of the first heading whose text is
// section (case-insensitive, ignoring a leading section number such as
// "1.2"), outside fenced code and rtgit's blocks.
func findHeading(lines []string, section string) (int, int) {
	want := steps.HeadingKey(section)
	for _, i := range headingLines(lines) {
		m := headingRe.FindStringSubmatch(lines[i])
		if steps.HeadingKey(m[2]) == want {
			return i, len(m[1])
		}
	}
	return -1, 0
}

// headingLines lists the lines that are real headings: not inside fenced
// code and not inside an rtgit:begin/end block.
func headingLines(lines []string) []int {
	var out []int
	block := false
	fenced := fencedLines(lines)
	for i, l := range lines {
		if fenced[i] {
			continue
		}
		t := strings.TrimSpace(l)
		switch {
		case strings.HasPrefix(t, "<!-- rtgit:begin "):
			block = true
			continue
		case strings.HasPrefix(t, "<!-- rtgit:end "):
			block = false
			continue
		}
		if !block && headingRe.MatchString(l) {
			out = append(out, i)
		}
	}
	return out
}

func splitLines(doc []byte) []string {
	s := string(bytes.TrimSuffix(doc, []byte("\n")))
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

func joinLines(lines []string) []byte {
	return []byte(strings.Join(lines, "\n") + "\n")
}

func trimTrailingBlank(lines []string) []string {
	for len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1]) == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

func dropLeadingBlank(lines []string) []string {
	for len(lines) > 0 && strings.TrimSpace(lines[0]) == "" {
		lines = lines[1:]
	}
	return lines
}

// NeedsClarification is the marker left for an unanswered question.
func NeedsClarification(question string) string {
	return "[NEEDS CLARIFICATION: " + strings.TrimSpace(question) + "]"
}

// ClarificationRe finds NEEDS CLARIFICATION markers in artifacts.
var ClarificationRe = lazyre.New(`\[NEEDS CLARIFICATION[^\]]*\]`)
