package cli

import (
	"strings"
	"testing"
)

// Whoever pushes an analysis branch chooses its author's name, and
// `rtgit status` shows it to everyone who lists the analyses: control
// sequences in it (a window title, an erased line, a cursor move) must
// reach the terminal as visible escapes, never as commands.
func TestStatusEscapesWhatAPushWrote(t *testing.T) {
	h := newHarness(t)
	ws := h.workspace()
	gitCmd(t, ws, "config", "user.name", "Eve\x1b]0;pwned\x07\x1b[2K\x1b[1A")
	gitCmd(t, ws, "switch", "-q", "-c", "work")
	rtgitIn(t, ws, 0, "new", "--slug", "hostile-name", "Export \x1b[2Jeverything")
	gitCmd(t, ws, "switch", "-q", "work")
	out := rtgitIn(t, ws, 0, "status")
	if strings.ContainsAny(out, "\x1b\x07") {
		t.Errorf("status printed control characters raw: %q", out)
	}
	mustContain(t, "status", out, `Eve\x1b]0;pwned\x07\x1b[2K\x1b[1A`)
	out = rtgitIn(t, ws, 0, "status", "hostile-name")
	if strings.ContainsAny(out, "\x1b\x07") {
		t.Errorf("status hostile-name printed control characters raw: %q", out)
	}
	mustContain(t, "status hostile-name", out, `Export \x1b[2Jeverything`)
}
