package steps

import (
	"fmt"
	"sort"
)

// Severity says whether a problem stops a step from running.
type Severity int

const (
	// Error makes the step invalid: it is skipped and never completed.
	Error Severity = iota
	// Warning is reported but the step still runs.
	Warning
	// Info is something a maintainer may want to know (the dialect a file
	// is written in, a field kept but not used); it never blocks anything.
	Info
)

// String names the severity as lint prints it.
func (s Severity) String() string {
	switch s {
	case Warning:
		return "warning"
	case Info:
		return "info"
	}
	return "error"
}

// Problem is one finding about a step file, printed as "path:line: message".
type Problem struct {
	Path     string
	Line     int
	Msg      string
	Severity Severity
}

func (p Problem) String() string {
	prefix := ""
	if p.Severity != Error {
		prefix = p.Severity.String() + ": "
	}
	if p.Line > 0 {
		return fmt.Sprintf("%s:%d: %s%s", p.Path, p.Line, prefix, p.Msg)
	}
	return fmt.Sprintf("%s: %s%s", p.Path, prefix, p.Msg)
}

// Problems is a sortable list of findings.
type Problems []Problem

// HasErrors reports whether any problem is an Error.
func (ps Problems) HasErrors() bool {
	for _, p := range ps {
		if p.Severity == Error {
			return true
		}
	}
	return false
}

// Sort orders problems by path, then line, so output is stable.
func (ps Problems) Sort() {
	sort.SliceStable(ps, func(i, j int) bool {
		if ps[i].Path != ps[j].Path {
			return ps[i].Path < ps[j].Path
		}
		return ps[i].Line < ps[j].Line
	})
}

// Unique sorts ps and drops repeats, for reports that gather problems from
// several routes sharing files.
func (ps Problems) Unique() Problems {
	seen := map[Problem]bool{}
	var out Problems
	for _, p := range ps {
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	out.Sort()
	return out
}
