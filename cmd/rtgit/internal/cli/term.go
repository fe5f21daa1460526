package cli

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/briandowns/spinner"
	"github.com/fatih/color"
	"golang.org/x/term"

	"github.com/rtgit/rtgit/steps/meta"
	"github.com/rtgit/rtgit/steps/roundtable"
)

// Terminal niceties: colour and a spinner for a person at a terminal,
// plain text for everything else (pipes, files, CI logs, --json, tests).
// Every colour decision goes through a palette and every spinner through
// spin, and both ask Streams.interactive, so there is one rule:
//
// colour and spinners need the stream to be a terminal, and are off when
// NO_COLOR is set to anything non-empty, when TERM is dumb, or with
// --no-color. Nothing forces them on: fatih/color, which paints, does not
// read CLICOLOR_FORCE or FORCE_COLOR, so rtgit does not either.

// interactive reports whether w is a terminal a person is watching and
// colour is allowed there.
func (s Streams) interactive(w io.Writer) bool {
	if (s.noColor != nil && *s.noColor) || os.Getenv("NO_COLOR") != "" || os.Getenv("TERM") == "dumb" {
		return false
	}
	if s.Terminal != nil {
		return s.Terminal(w)
	}
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// colors is the palette for text written to w.
func (s Streams) colors(w io.Writer) palette { return palette{on: s.interactive(w)} }

// palette paints text when on and hands it back untouched when off, so
// callers format exactly the same text either way: what a pipe reads is
// what a terminal shows, less the escape codes.
type palette struct{ on bool }

func (p palette) paint(text string, attrs ...color.Attribute) string {
	if !p.on || text == "" {
		return text
	}
	c := color.New(attrs...)
	c.EnableColor() // the decision was ours, not the library's guess from os.Stdout
	return c.Sprint(text)
}

// bad marks what blocks: errors, missing pieces, open questions.
func (p palette) bad(s string) string { return p.paint(s, color.FgRed) }

// warn marks what deserves a look but does not block.
func (p palette) warn(s string) string { return p.paint(s, color.FgYellow) }

// good marks what is done or passed.
func (p palette) good(s string) string { return p.paint(s, color.FgGreen) }

// head marks headings and names.
func (p palette) head(s string) string { return p.paint(s, color.Bold) }

// hint marks something to type next: a command, a suggestion, an id.
func (p palette) hint(s string) string { return p.paint(s, color.FgCyan) }

// faint marks secondary detail.
func (p palette) faint(s string) string { return p.paint(s, color.Faint) }

// spinDelay keeps quick work quiet: the spinner appears only after it.
var spinDelay = 300 * time.Millisecond

// progress is a spinner with a label on stderr. Its methods do nothing
// when stdout and stderr are not both interactive.
type progress struct {
	mu      sync.Mutex
	sp      *spinner.Spinner
	live    *liveLine
	timer   *time.Timer
	stopped bool
}

// liveLine is the spinner currently drawn on stderr, so a warning printed
// meanwhile can clear its line first instead of running into it.
type liveLine struct {
	mu sync.Mutex
	sp *spinner.Spinner
}

func (l *liveLine) set(sp *spinner.Spinner) {
	if l == nil {
		return
	}
	l.mu.Lock()
	l.sp = sp
	l.mu.Unlock()
}

// above writes text on w above the spinner, if one is drawn; the spinner
// redraws itself on the next line at its next tick.
func (l *liveLine) above(w io.Writer, text string) {
	if l == nil {
		io.WriteString(w, text)
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.sp == nil {
		io.WriteString(w, text)
		return
	}
	l.sp.Lock()
	defer l.sp.Unlock()
	io.WriteString(w, "\r\x1b[K"+text)
}

// spin shows label with a spinner on s.Err after spinDelay, until Stop,
// which clears the line.
func (s Streams) spin(label string) *progress {
	p := &progress{live: s.live}
	f, ok := s.Err.(*os.File)
	if !ok || !s.interactive(s.Out) || !s.interactive(s.Err) {
		return p
	}
	p.sp = spinner.New(spinner.CharSets[14], 100*time.Millisecond, spinner.WithWriterFile(f), spinner.WithSuffix(" "+label), spinner.WithColor("cyan"),
		// A hidden cursor would stay hidden after Ctrl-C.
		spinner.WithHiddenCursor(false))
	p.timer = time.AfterFunc(spinDelay, func() {
		p.mu.Lock()
		defer p.mu.Unlock()
		if !p.stopped {
			p.sp.Start()
			p.live.set(p.sp)
		}
	})
	return p
}

// Label replaces the text beside the spinner, e.g. with a count.
func (p *progress) Label(label string) {
	if p.sp == nil {
		return
	}
	p.sp.Lock()
	p.sp.Suffix = " " + label
	p.sp.Unlock()
}

// Stop clears the spinner; it is safe to call more than once.
func (p *progress) Stop() {
	if p.sp == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.stopped = true
	p.timer.Stop()
	p.live.set(nil)
	p.sp.Stop()
}

// warn prints a problem that does not stop the command on stderr.
func (s Streams) warn(msg string) {
	p := s.colors(s.Err)
	s.live.above(s.Err, fmt.Sprintf("%s %s\n", p.paint("rtgit: warning:", color.FgYellow), msg))
}

// state paints an analysis status: analyzed is done, partial under way,
// raw not started, error broken.
func (p palette) state(s string) string {
	switch s {
	case meta.StatusAnalyzed:
		return p.good(s)
	case meta.StatusPartial:
		return p.warn(s)
	case "error":
		return p.bad(s)
	}
	return p.hint(s)
}

// staleness paints a staleness line by its level: changed files the
// impact analysis names are a warning; the rest is information.
func (p palette) staleness(level, line string) string {
	switch level {
	case roundtable.StaleWarning:
		return p.warn(line)
	case roundtable.StaleNone:
		return p.good(line)
	}
	return p.faint(line)
}

// box is a question's tick box, green once answered.
func (p palette) box(answered bool) string {
	if answered {
		return p.good("[x]")
	}
	return "[ ]"
}
