package cli

import (
	"fmt"
	"io"

	"github.com/rtgit/rtgit/steps/roundtable"
)

// printReadyNote follows a reply that left the analysis complete with
// check's verdict: "… is ready to build." only when `rtgit check` would
// pass, else what is left. Next and Skip say it themselves, as their
// reply's last line (Reply.Readiness); other verbs that finish an
// analysis (resolve, rebuild) get it here, from the same computation.
func printReadyNote(w io.Writer, p palette, m *roundtable.Machine, slug string, r *roundtable.Reply) {
	if r.Readiness != nil {
		return
	}
	if note := readyNote(m, slug); note != "" {
		fmt.Fprintln(w, p.warn(note))
	}
}

func readyNote(m *roundtable.Machine, slug string) string {
	r, err := m.Check(slug)
	if err != nil {
		return "" // best effort: `rtgit check` reports the error itself
	}
	return r.Verdict()
}
