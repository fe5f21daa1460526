package cli

import (
	"encoding/json"
	"errors"
	"io"
	"strconv"

	"github.com/rtgit/rtgit/gitops"
	"github.com/rtgit/rtgit/internal/lazyre"
	"github.com/rtgit/rtgit/steps/meta"
	"github.com/rtgit/rtgit/steps/roundtable"
)

// errorJSON is how a failing command reports under --json, on stderr, so a
// script reading stdout never mistakes an error for a result:
//
//	{"error": {"code": "no_analysis", "message": "…", "path": "…", "line": 3}}
//
// code is a stable word a script can branch on; path and line, when the
// error is about a place in a file, are that place.
type errorJSON struct {
	Error errorBody `json:"error"`
}

type errorBody struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	Path    string `json:"path,omitempty"`
	Line    int    `json:"line,omitempty"`
}

func writeErrorJSON(w io.Writer, err error, exit int, msg string) {
	b := errorBody{Code: errorCode(err, exit), Message: msg}
	b.Path, b.Line = errorPlace(err, msg)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false) // messages quote commands like rtgit new "<description>"
	enc.Encode(errorJSON{b})
}

// errorCode names the kind of failure. The names only ever gain values.
func errorCode(err error, exit int) string {
	switch {
	case exit == ExitUsage:
		return "usage"
	case exit == ExitBusy:
		return "busy"
	case errors.Is(err, roundtable.ErrIncomplete):
		return "incomplete"
	case errors.Is(err, roundtable.ErrNoAnalysis):
		return "no_analysis"
	case errors.Is(err, roundtable.ErrWrongBranch):
		return "wrong_branch"
	case errors.Is(err, roundtable.ErrExists):
		return "exists"
	case errors.Is(err, roundtable.ErrDirty) || errors.Is(err, gitops.ErrDirty):
		return "dirty"
	case errors.Is(err, roundtable.ErrComplete):
		return "complete"
	case exit == ExitIncomplete:
		return "incomplete"
	}
	var pe *meta.ParseError
	if errors.As(err, &pe) {
		return "invalid_file"
	}
	return "error"
}

// placeRe finds the first "path:line" in a message, the form every rtgit
// error about a file position takes.
var placeRe = lazyre.New(`(?:^|[\s(])([^\s:()]+\.(?:md|json|ya?ml|tmpl)):(\d+)\b`)

func errorPlace(err error, msg string) (string, int) {
	var pe *meta.ParseError
	if errors.As(err, &pe) {
		return pe.File, pe.Line
	}
	if m := placeRe.FindStringSubmatch(msg); m != nil {
		n, _ := strconv.Atoi(m[2])
		return m[1], n
	}
	return "", 0
}
