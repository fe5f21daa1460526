package cli

import (
	"bytes"
	"os"
	"testing"
)

// Output that is not a terminal never gets a spinner or escape codes, so
// pipes, logs and the testscripts read plain text.
func TestSpinnerOnlyOnATerminal(t *testing.T) {
	var out, errb bytes.Buffer
	g := &globals{}
	if interactive(g, &out) {
		t.Error("a buffer counted as a terminal")
	}
	stop := spin(g, Streams{Out: &out, Err: &errb}, "working")
	stop()
	if out.Len()+errb.Len() != 0 {
		t.Errorf("spinner wrote %q %q", out.String(), errb.String())
	}
	t.Setenv("NO_COLOR", "1")
	if interactive(g, os.Stdout) {
		t.Error("NO_COLOR left the terminal interactive")
	}
	t.Setenv("NO_COLOR", "")
	if interactive(&globals{noColor: true}, os.Stdout) {
		t.Error("--no-color left the terminal interactive")
	}
}
