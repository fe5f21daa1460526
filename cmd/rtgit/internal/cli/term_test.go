package cli

import (
	"bytes"
	"io"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/rtgit/rtgit/steps/roundtable"
)

// ansi matches the escape codes colour and the spinner write.
var ansi = regexp.MustCompile(`\x1b\[[0-9;?]*[a-zA-Z]`)

// termRun runs rtgit in dir with both streams counted as terminals when
// tty is set (the decision the operating system makes for a real one).
func termRun(t *testing.T, tty bool, dir string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	s := Streams{In: strings.NewReader(""), Out: &out, Err: &errb}
	if tty {
		s.Terminal = func(w io.Writer) bool { return w == &out || w == &errb }
	}
	code = Run(append([]string{"-C", dir}, args...), s)
	return code, out.String(), errb.String()
}

// termRepo is the demo repository with one analysis just started, on its
// branch: status and check have plenty to say about it.
func termRepo(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := seedDemoRepo(dir); err != nil {
		t.Fatal(err)
	}
	if code, out, errs := termRun(t, false, dir, "new", "--slug", "invoice-export", "Let customers export invoices as CSV"); code != 0 {
		t.Fatalf("new: exit %d\n%s%s", code, out, errs)
	}
	return dir
}

// The commands that colour, each run on a terminal and off one.
var colourCommands = [][]string{
	{"status"},
	{"status", "--all"},
	{"check"},
	{"next"},
	{"lint"},
	{"scan", "--explain", "invoice export csv"},
	{"status", "invoce-export"},
}

// Output that is not a terminal has no escape codes at all, and on a
// terminal the colours are the only difference: stripped of them, it is
// the same text a pipe reads.
func TestColourOnlyOnATerminal(t *testing.T) {
	t.Setenv("NO_COLOR", "")
	t.Setenv("TERM", "xterm-256color")
	dir := termRepo(t)
	coloured := 0
	for _, args := range colourCommands {
		pcode, pout, perr := termRun(t, false, dir, args...)
		if ansi.MatchString(pout + perr) {
			t.Errorf("rtgit %v to a buffer wrote escape codes:\n%q\n%q", args, pout, perr)
		}
		tcode, tout, terr := termRun(t, true, dir, args...)
		if tcode != pcode {
			t.Errorf("rtgit %v: exit %d on a terminal, %d off one", args, tcode, pcode)
		}
		if ansi.MatchString(tout + terr) {
			coloured++
		}
		if got := ansi.ReplaceAllString(tout, ""); got != pout {
			t.Errorf("rtgit %v: terminal stdout less colour differs from plain:\n%s\n---\n%s", args, got, pout)
		}
		if got := ansi.ReplaceAllString(terr, ""); got != perr {
			t.Errorf("rtgit %v: terminal stderr less colour differs from plain:\n%q\n---\n%q", args, got, perr)
		}
	}
	if coloured != len(colourCommands) {
		t.Errorf("%d of %d commands coloured their output on a terminal", coloured, len(colourCommands))
	}
}

// The demo's conversation: speakers bold on a terminal, the same words off it.
func TestDemoConversationColour(t *testing.T) {
	t.Setenv("NO_COLOR", "")
	t.Setenv("TERM", "xterm")
	r := &roundtable.Reply{Lines: []roundtable.Line{{Speaker: "Maya Chen", Text: "Who uses it?"}, {Text: "Step 00-01 written."}}}
	var plain, tty bytes.Buffer
	printConversation(Streams{Out: &plain}, r)
	printConversation(Streams{Out: &tty, Terminal: func(io.Writer) bool { return true }}, r)
	if want := "Maya Chen: Who uses it?\nStep 00-01 written.\n\n"; plain.String() != want {
		t.Errorf("plain: %q, want %q", plain.String(), want)
	}
	if want := "\x1b[1mMaya Chen:\x1b[22m Who uses it?\nStep 00-01 written.\n\n"; tty.String() != want {
		t.Errorf("terminal: %q, want %q", tty.String(), want)
	}
}

// NO_COLOR, TERM=dumb and --no-color each make a terminal plain.
func TestNoColourOnRequest(t *testing.T) {
	dir := termRepo(t)
	cases := []struct {
		name, noColor, term string
		flag                bool
	}{
		{"NO_COLOR", "1", "xterm", false},
		{"TERM=dumb", "", "dumb", false},
		{"--no-color", "", "xterm", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Setenv("NO_COLOR", c.noColor)
			t.Setenv("TERM", c.term)
			for _, args := range colourCommands {
				if c.flag {
					args = append([]string{"--no-color"}, args...)
				}
				plainOnTerminal(t, dir, args...)
			}
		})
	}
}

// plainOnTerminal runs rtgit on a terminal and fails if it wrote colour.
func plainOnTerminal(t *testing.T, dir string, args ...string) {
	t.Helper()
	_, out, errs := termRun(t, true, dir, args...)
	if ansi.MatchString(out + errs) {
		t.Errorf("rtgit %v wrote escape codes:\n%q\n%q", args, out, errs)
	}
}

// --json is for programs: never coloured, even on a terminal, and neither
// is a JSON error.
func TestJSONIsNeverColoured(t *testing.T) {
	t.Setenv("NO_COLOR", "")
	t.Setenv("TERM", "xterm")
	dir := termRepo(t)
	for _, args := range [][]string{{"status", "--json"}, {"check", "--json"}, {"lint", "--json"}, {"scan", "--json", "invoice"}, {"status", "--json", "invoce-export"}} {
		plainOnTerminal(t, dir, args...)
	}
}

// On a terminal the colours land where a reader looks: check's blocking
// lines red, the rtgit: prefix red and bold, a suggestion cyan, the status
// of an analysis by how far it got.
func TestColoursWhereIntended(t *testing.T) {
	t.Setenv("NO_COLOR", "")
	t.Setenv("TERM", "xterm")
	dir := termRepo(t)
	const (
		red, cyan, reset      = "\x1b[31m", "\x1b[36m", "\x1b[0m"
		boldRed, boldRedReset = "\x1b[31;1m", "\x1b[0;22m"
	)
	code, out, _ := termRun(t, true, dir, "check")
	if code != ExitIncomplete {
		t.Fatalf("check: exit %d, want %d", code, ExitIncomplete)
	}
	if want := red + "analysis_status is raw, not analyzed" + reset + "\n"; !strings.Contains(out, want) {
		t.Errorf("check's error line is not red:\n%q", out)
	}
	if !regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(red) + `missing artifact: [^\x1b]+` + regexp.QuoteMeta(reset) + `$`).MatchString(out) {
		t.Errorf("check's missing artifacts are not red:\n%q", out)
	}

	_, _, errs := termRun(t, true, dir, "status", "invoce-export")
	want := boldRed + "rtgit:" + boldRedReset + ` no such analysis "invoce-export"; ` + cyan + "did you mean invoice-export?" + reset + "\n"
	if errs != want {
		t.Errorf("unknown slug on a terminal:\n got %q\nwant %q", errs, want)
	}

	_, out, _ = termRun(t, true, dir, "status", "--all")
	if !strings.Contains(out, cyan+"raw"+reset) {
		t.Errorf("a raw analysis's status is not cyan in the list:\n%q", out)
	}
	_, out, _ = termRun(t, true, dir, "status")
	if !strings.HasPrefix(out, "\x1b[1minvoice-export\x1b[22m  "+cyan+"raw"+reset+"  ") {
		t.Errorf("status heading:\n%q", out)
	}
}

// The list's columns stay aligned when painted: colour is added after the
// layout, so every cell starts where it does in plain text.
func TestPaintColumnKeepsTheLayout(t *testing.T) {
	table := "SLUG  STATUS    PHASE\n" +
		"a     analyzed  -\n" +
		"bb    error     \n" +
		"ccc   raw       00\n"
	got := paintColumn(palette{on: true}, table, "STATUS", []string{"analyzed", "error", "raw"})
	want := "\x1b[1mSLUG  STATUS    PHASE\x1b[22m\n" +
		"a     \x1b[32manalyzed\x1b[0m  -\n" +
		"bb    \x1b[31merror\x1b[0m     \n" +
		"ccc   \x1b[36mraw\x1b[0m       00\n"
	if got != want {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
	if plain := paintColumn(palette{}, table, "STATUS", nil); plain != table {
		t.Errorf("an off palette changed the table: %q", plain)
	}
}

// A spinner needs both streams to be terminals; a buffer, NO_COLOR or
// --no-color leave it out entirely.
func TestSpinnerOnlyOnATerminal(t *testing.T) {
	var out, errb bytes.Buffer
	sp := Streams{Out: &out, Err: &errb}.spin("working")
	sp.Label("working: 1 of 2")
	sp.Stop()
	if out.Len()+errb.Len() != 0 {
		t.Errorf("spinner wrote %q %q", out.String(), errb.String())
	}
	if (Streams{}).interactive(&out) {
		t.Error("a buffer counted as a terminal")
	}
	yes := func(io.Writer) bool { return true }
	t.Setenv("TERM", "xterm")
	t.Setenv("NO_COLOR", "1")
	if (Streams{Terminal: yes}).interactive(os.Stdout) {
		t.Error("NO_COLOR left the terminal interactive")
	}
	t.Setenv("NO_COLOR", "")
	noColor := true
	if (Streams{Terminal: yes, noColor: &noColor}).interactive(os.Stdout) {
		t.Error("--no-color left the terminal interactive")
	}
}
