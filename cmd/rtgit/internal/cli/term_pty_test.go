package cli

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/creack/pty"
)

// On a real (pseudo-)terminal the spinner shows its label, takes a new
// one (the progress count), lets a warning through on a line of its own,
// and clears its line when stopped. It never hides the cursor: an
// interrupted rtgit would leave it hidden.
func TestSpinnerOnAPseudoTerminal(t *testing.T) {
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Skipf("no pseudo-terminal here: %v", err)
	}
	defer ptmx.Close()
	defer tty.Close()
	t.Setenv("NO_COLOR", "")
	t.Setenv("TERM", "xterm")
	defer func(d time.Duration) { spinDelay = d }(spinDelay)
	spinDelay = 0

	var mu sync.Mutex
	var seen, all bytes.Buffer // since the last reset; everything
	go func() {
		buf := make([]byte, 4096)
		for {
			n, err := ptmx.Read(buf)
			mu.Lock()
			seen.Write(buf[:n])
			all.Write(buf[:n])
			mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	waitFor := func(what string) {
		t.Helper()
		for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
			mu.Lock()
			ok := strings.Contains(seen.String(), what)
			mu.Unlock()
			if ok {
				return
			}
		}
		mu.Lock()
		defer mu.Unlock()
		t.Fatalf("the terminal never showed %q; it got %q", what, seen.String())
	}

	s := Streams{Out: tty, Err: tty, live: &liveLine{}}
	if !s.interactive(tty) {
		t.Fatal("a pseudo-terminal did not count as a terminal")
	}
	sp := s.spin("reading the analyses")
	waitFor(" reading the analyses")
	sp.Label("reading the analyses: 3 of 7")
	waitFor(" reading the analyses: 3 of 7")
	// A warning meanwhile clears the spinner's line and keeps a line of
	// its own; the spinner carries on below it.
	s.warn("the model timed out")
	waitFor("\r\x1b[K\x1b[33mrtgit: warning:\x1b[0m the model timed out\r\n")
	mu.Lock()
	seen.Reset()
	mu.Unlock()
	waitFor(" reading the analyses: 3 of 7")
	sp.Stop()
	sp.Stop()
	tty.Write([]byte("after"))
	waitFor("after")
	mu.Lock()
	got, whole := seen.String(), all.String()
	mu.Unlock()
	if !strings.HasSuffix(got, "\r\x1b[Kafter") {
		t.Errorf("the spinner's line was not cleared when it stopped: %q", got)
	}
	if strings.Contains(whole, "\x1b[?25l") {
		t.Errorf("the spinner hid the cursor, which an interrupt would leave hidden: %q", whole)
	}

	// --no-color on the same terminal: nothing at all.
	mu.Lock()
	seen.Reset()
	mu.Unlock()
	off := true
	quiet := Streams{Out: tty, Err: tty, noColor: &off}.spin("scanning")
	time.Sleep(200 * time.Millisecond)
	quiet.Stop()
	tty.Write([]byte("end"))
	waitFor("end")
	mu.Lock()
	defer mu.Unlock()
	if got := seen.String(); got != "end" {
		t.Errorf("--no-color still drew a spinner: %q", got)
	}
}
