package model

import "strings"

// People write Markdown in their answers, and a definition's id or label
// is often in bold. The readers here take off just that emphasis, so the
// line reads as its plain form; the rest of the line keeps its words.

// unboldID takes the emphasis off a line that opens with an id in bold
// (or __), as people write a definition in Markdown: "**FR-001**: …",
// "**FR-001:** …" and "**FR-001: Title** -- …" all read as "FR-001: …".
// Only the pair of markers around the opening id goes; any other line
// comes back as it is.
func unboldID(s string) string {
	for _, m := range []string{"**", "__"} {
		inner, ok := strings.CutPrefix(s, m)
		if !ok {
			continue
		}
		end := strings.Index(inner, m)
		dash := strings.IndexByte(inner, '-')
		if end <= 0 || dash < 0 || dash > end {
			return s
		}
		// The id must end at the marker or inside the pair, and what
		// follows the pair must not run on into it ("**FR-001**0").
		out := inner[:end] + inner[end+len(m):]
		if start, _ := idAt(inner[:end], dash); start != 0 {
			return s
		}
		if start, _ := idAt(out, dash); start != 0 {
			return s
		}
		return out
	}
	return s
}

// unboldLabel takes the emphasis off a bold label that opens a line and
// ends at its colon, "**Performance**: …" or "**Performance:** …", so the
// line reads "Performance: …". A line that does not open so comes back as
// it is.
func unboldLabel(s string) string {
	for _, m := range []string{"**", "__"} {
		inner, ok := strings.CutPrefix(s, m)
		if !ok {
			continue
		}
		end := strings.Index(inner, m)
		if end <= 0 {
			return s
		}
		label, rest := inner[:end], inner[end+len(m):]
		switch {
		case strings.HasSuffix(label, ":") && len(strings.TrimSpace(label)) > 1:
			return label + rest
		case strings.HasPrefix(rest, ":"):
			return label + rest
		}
		return s
	}
	return s
}
