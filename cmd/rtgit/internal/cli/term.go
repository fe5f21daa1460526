package cli

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"
)

// Terminal niceties: a spinner on long work (a scan of a big repository,
// status over many analyses). Only when stdout and stderr are terminals,
// so pipes, files, CI logs and tests see plain output; NO_COLOR or
// --no-color turn it off too.

// interactive reports whether w is a terminal a person is watching.
func interactive(g *globals, w io.Writer) bool {
	if g.noColor || os.Getenv("NO_COLOR") != "" || os.Getenv("TERM") == "dumb" {
		return false
	}
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// spin shows label with a spinner on s.Err after a short delay (quick work
// shows nothing), until the returned stop is called, which clears it.
func spin(g *globals, s Streams, label string) (stop func()) {
	if !interactive(g, s.Out) || !interactive(g, s.Err) {
		return func() {}
	}
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		frames := `|/-\`
		tick := time.NewTicker(100 * time.Millisecond)
		defer tick.Stop()
		shown := false
		start := time.Now()
		for i := 0; ; i++ {
			select {
			case <-done:
				if shown {
					fmt.Fprint(s.Err, "\r\x1b[K")
				}
				return
			case <-tick.C:
				if time.Since(start) < 300*time.Millisecond {
					continue
				}
				shown = true
				fmt.Fprintf(s.Err, "\r\x1b[36m%c\x1b[0m %s", frames[i%len(frames)], label)
			}
		}
	}()
	return func() { close(done); wg.Wait() }
}
