package cli

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/rtgit/rtgit/gitops"
)

// Exit codes. They are part of rtgit's interface: scripts and the GitHub
// Action branch on them, so they only ever gain new values.
const (
	ExitOK         = 0 // success
	ExitError      = 1 // failure, or problems found (lint, check)
	ExitUsage      = 2 // bad command line
	ExitIncomplete = 3 // answers missing or invalid; nothing changed
	ExitBusy       = 4 // another process holds a lock; try again
)

// codedError carries an exit code with an error that may already have been
// reported in full on stdout.
type codedError struct {
	code   int
	err    error
	silent bool // the command already explained itself
}

func (e *codedError) Error() string { return e.err.Error() }
func (e *codedError) Unwrap() error { return e.err }

func usageErr(format string, args ...any) error {
	return &codedError{code: ExitUsage, err: fmt.Errorf(format, args...)}
}

// silent returns an error that sets the exit code without a second message.
func silent(code int, err error) error { return &codedError{code: code, err: err, silent: true} }

// report prints err once, prefixed "rtgit:", and returns the exit code.
func report(err error, stderr io.Writer) int {
	if err == nil {
		return ExitOK
	}
	code := ExitError
	var ce *codedError
	if errors.As(err, &ce) {
		code = ce.code
		if ce.silent {
			return code
		}
	} else if errors.Is(err, gitops.ErrLocked) || errors.Is(err, gitops.ErrIndexLocked) {
		code = ExitBusy
	}
	msg := strings.TrimPrefix(err.Error(), "rtgit: ")
	fmt.Fprintf(stderr, "rtgit: %s\n", msg)
	return code
}
