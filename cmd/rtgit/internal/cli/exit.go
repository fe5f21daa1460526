package cli

import (
	"errors"
	"fmt"
	"strings"

	"github.com/fatih/color"
	"github.com/spf13/cobra"

	"github.com/rtgit/rtgit/gitops"
	"github.com/rtgit/rtgit/internal/lazyre"
	"github.com/rtgit/rtgit/internal/termsafe"
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
// Under --json the error is a JSON object instead (see errorJSON).
func report(err error, s Streams, asJSON bool) int {
	stderr := s.Err
	if err == nil {
		return ExitOK
	}
	code := exitCode(err)
	var ce *codedError
	if errors.As(err, &ce) && ce.silent {
		return code
	}
	msg := strings.TrimPrefix(err.Error(), "rtgit: ")
	if asJSON {
		writeErrorJSON(stderr, err, code, msg)
		return code
	}
	// An error can quote a file, a branch or a comment: what a push wrote
	// is shown, never obeyed.
	msg = termsafe.Lines(msg)
	p := s.colors(stderr)
	if i := strings.LastIndex(msg, didYouMean); p.on && i >= 0 {
		msg = msg[:i] + p.hint(msg[i:])
	}
	fmt.Fprintf(stderr, "%s %s\n", p.paint("rtgit:", color.FgRed, color.Bold), msg)
	return code
}

// exitCode is the one place an error becomes an exit code.
func exitCode(err error) int {
	var ce *codedError
	switch {
	case errors.As(err, &ce):
		return ce.code
	case errors.Is(err, gitops.ErrLocked) || errors.Is(err, gitops.ErrIndexLocked):
		return ExitBusy
	}
	return ExitError
}

// usageFromCobra makes cobra's own complaints usage errors: an unknown
// command is found by cobra before any of rtgit's code runs, and comes back
// as a plain error.
func usageFromCobra(root *cobra.Command, args []string, err error) error {
	var ce *codedError
	if err == nil || errors.As(err, &ce) {
		return err
	}
	if _, _, ferr := root.Find(args); ferr != nil {
		return usageErr("%s (rtgit --help lists the commands)", unknownCommand(root, err))
	}
	return err
}

// unknownCommandRe finds the word in cobra's unknown-command error.
var unknownCommandRe = lazyre.New(`^unknown command "([^"]*)"`)

// unknownCommand is cobra's unknown-command error on one line, with the
// nearest commands as "did you mean", closest first: cobra's own
// suggestions come as an indented list on the lines below, in the order
// the commands were added.
func unknownCommand(root *cobra.Command, err error) string {
	msg, _, _ := strings.Cut(err.Error(), "\n")
	m := unknownCommandRe.FindStringSubmatch(msg)
	if m == nil {
		return msg
	}
	var names []string
	for _, c := range root.Commands() {
		if c.IsAvailableCommand() {
			names = append(names, c.Name())
		}
	}
	switch near := suggest(m[1], names); len(near) {
	case 0:
		return msg
	case 1:
		return fmt.Sprintf("%s; did you mean %s?", msg, near[0])
	default:
		return fmt.Sprintf("%s; did you mean one of: %s?", msg, strings.Join(near, ", "))
	}
}

// wantsJSON reports whether the command that ran was asked for JSON.
func wantsJSON(cmd *cobra.Command) bool {
	if cmd == nil {
		return false
	}
	f := cmd.Flags().Lookup("json")
	return f != nil && f.Value.String() == "true"
}
