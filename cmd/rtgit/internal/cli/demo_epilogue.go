package cli

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
)

// printDemoEpilogue tells the user what to try next, in commands that work
// where they are: `rtgit` when it is installed, `go run ./cmd/rtgit` from a
// checkout of rtgit's source when it is not (the README's first command).
// flags are the demo's own (--type, --depth), so the command to keep a
// sample runs the same demo.
func printDemoEpilogue(s Streams, kept bool, dir, slug, flags string) {
	rtgit := rtgitCommand()
	if !kept {
		fmt.Fprintf(s.Out, "\nThe sample repository was removed. Keep one to look around in:\n  %s demo%s --into /tmp/ledgerly\n", rtgit, flags)
		return
	}
	fmt.Fprintf(s.Out, "\nLook around:\n  git -C %s log --oneline\n  %s -C %s status %s\n  %s -C %s check %s\n", dir, rtgit, dir, slug, rtgit, dir, slug)
}

// rtgitCommand is how to invoke rtgit from here.
func rtgitCommand() string {
	if _, err := exec.LookPath("rtgit"); err == nil {
		return "rtgit"
	}
	if _, err := os.Stat(filepath.Join("cmd", "rtgit", "main.go")); err == nil {
		return "go run ./cmd/rtgit"
	}
	return "go run github.com/rtgit/rtgit/cmd/rtgit@latest"
}
