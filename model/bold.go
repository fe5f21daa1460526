package model

import "strings"

// People write Markdown in their answers, and a definition's id or label
// is often in bold. The readers here take off just that emphasis, so the
// line reads as its plain form; the rest of the line keeps its words.

// openingBold splits a line that opens with a span in bold (** or __)
// into the span's text and what follows its closing marker; ok is false
// when the line opens with no closed, non-empty span.
func openingBold(s string) (span, rest string, ok bool) {
	for _, m := range []string{"**", "__"} {
		if inner, found := strings.CutPrefix(s, m); found {
			end := strings.Index(inner, m)
			if end <= 0 {
				return "", "", false
			}
			return inner[:end], inner[end+len(m):], true
		}
	}
	return "", "", false
}

// unboldID takes the emphasis off a line that opens with an id in bold,
// as people write a definition: "**FR-001**: …", "**FR-001:** …" and
// "**FR-001: Title** -- …" all read as "FR-001: …". Only the pair of
// markers around the opening id goes; any other line comes back as it is.
func unboldID(s string) string {
	span, rest, ok := openingBold(s)
	dash := strings.IndexByte(span, '-')
	if !ok || dash < 0 {
		return s
	}
	// The id must end at the marker or inside the pair, and what follows
	// the pair must not run on into it ("**FR-001**0").
	out := span + rest
	if start, _ := idAt(span, dash); start != 0 {
		return s
	}
	if start, _ := idAt(out, dash); start != 0 {
		return s
	}
	return out
}

// unboldLabel takes the emphasis off a bold label that opens a line and
// ends at its colon, "**Performance**: …" or "**Performance:** …", so the
// line reads "Performance: …". A line that does not open so comes back as
// it is.
func unboldLabel(s string) string {
	span, rest, ok := openingBold(s)
	switch {
	case !ok:
		return s
	case strings.HasSuffix(span, ":") && len(strings.TrimSpace(span)) > 1, strings.HasPrefix(rest, ":"):
		return span + rest
	}
	return s
}
