package cli

import (
	"fmt"
	"io"

	"github.com/rtgit/rtgit/internal/termsafe"
	"github.com/rtgit/rtgit/signoff"
)

// printSignOff writes a line per sign-off area under `rtgit status`.
func printSignOff(w io.Writer, p palette, areas []signoff.AreaStatus) {
	if len(areas) == 0 {
		return
	}
	fmt.Fprintf(w, "  %s\n", p.head("sign-off"))
	for _, a := range areas {
		line := termsafe.String(a.Line())
		switch a.State {
		case signoff.StateApproved:
			line = p.good(line)
		case signoff.StateStale, signoff.StateChangesRequested, signoff.StatePartly, signoff.StateUnverified:
			line = p.warn(line)
		case signoff.StateNone:
			line = p.faint(line)
		}
		fmt.Fprintf(w, "    %s\n", line)
	}
}
