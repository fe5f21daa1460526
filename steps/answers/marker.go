package answers

import (
	"errors"
	"fmt"
	"strings"
)

// marker is one parsed marker line.
type marker struct {
	kind string // "file", "answer", "menu", "feedback", "resolved" or "end"
	what string // for "end": the kind of block it closes
	id   string // answer id, for "answer" and the "end" of one

	step, depth, slug string // for "file"
	ai                AIMark // for "ai" and "suggestion"
}

func (m marker) describe() string {
	switch m.kind {
	case "file":
		return "file marker"
	case "end":
		return "closing marker of " + describe(m.what, m.id)
	case "ai":
		return fmt.Sprintf("AI provenance marker for %q", m.id)
	}
	return describe(m.kind, m.id)
}

// parseMarker reads a whole marker line, "<!-- rtgit:... -->". Spacing is
// forgiven because editors and people reflow it; vocabulary is not, since
// a marker rtgit does not understand may be hiding an answer boundary.
func parseMarker(s string) (marker, error) {
	inner := strings.TrimSpace(s[len("<!--") : len(s)-len("-->")])
	fields := strings.Fields(inner)
	name, args := strings.TrimPrefix(fields[0], "rtgit:"), fields[1:]
	switch name {
	case "file":
		return parseFileMarker(args)
	case "answer":
		if id, ok := idArg(args); ok {
			return marker{kind: "answer", id: id}, nil
		}
		return marker{}, errors.New("malformed answer marker; want " + answerOpen("ID") + " with an id of letters, digits, '_', '-' or '.'")
	case "ai", "suggestion":
		ai, err := parseAIArgs(name, args)
		if err != nil {
			return marker{}, err
		}
		return marker{kind: name, id: ai.ID, ai: ai}, nil
	case "menu", "feedback", "resolved":
		if len(args) == 0 {
			return marker{kind: name}, nil
		}
		return marker{}, fmt.Errorf("malformed %s marker; want <!-- rtgit:%s -->", name, name)
	case "end":
		if len(args) == 1 && (args[0] == "menu" || args[0] == "feedback" || args[0] == "resolved") {
			return marker{kind: "end", what: args[0]}, nil
		}
		if id, ok := idArg(args); ok {
			return marker{kind: "end", what: "answer", id: id}, nil
		}
		if len(args) == 2 && args[0] == "suggestion" {
			if id, ok := idArg(args[1:]); ok {
				return marker{kind: "end", what: "suggestion", id: id}, nil
			}
		}
		return marker{}, fmt.Errorf("malformed closing marker; want %s, %s or %s", answerClose("ID"), menuClose, feedbackClose)
	}
	return marker{}, fmt.Errorf("unknown rtgit marker %q; rtgit writes only rtgit:file, rtgit:answer, rtgit:ai, rtgit:suggestion, rtgit:menu, rtgit:feedback, rtgit:resolved and rtgit:end", "rtgit:"+name)
}

func idArg(args []string) (string, bool) {
	if len(args) != 1 {
		return "", false
	}
	id, ok := strings.CutPrefix(args[0], "id=")
	return id, ok && tokenRe.MatchString(id)
}

func parseFileMarker(args []string) (marker, error) {
	m := marker{kind: "file"}
	want := "want " + fileMarker("STEP", "brief|standard|deep", "SLUG")
	for _, a := range args {
		k, v, _ := strings.Cut(a, "=")
		var dst *string
		switch k {
		case "step":
			dst = &m.step
		case "depth":
			dst = &m.depth
		case "slug":
			dst = &m.slug
		default:
			return marker{}, fmt.Errorf("file marker has unknown attribute %q; %s", a, want)
		}
		if *dst != "" {
			return marker{}, fmt.Errorf("file marker repeats %s=; %s", k, want)
		}
		if !tokenRe.MatchString(v) {
			return marker{}, fmt.Errorf("file marker has a bad value in %q; %s", a, want)
		}
		*dst = v
	}
	if m.step == "" || m.depth == "" || m.slug == "" {
		return marker{}, errors.New("file marker needs step, depth and slug; " + want)
	}
	if !depths[m.depth] {
		return marker{}, fmt.Errorf("file marker has depth %q; it must be brief, standard or deep", m.depth)
	}
	return m, nil
}
