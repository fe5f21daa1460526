package cli

import (
	"errors"
	"fmt"
	"io"
	"io/fs"

	"github.com/rtgit/rtgit/internal/termsafe"
	"github.com/rtgit/rtgit/signoff"
	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/roundtable"
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
		case signoff.StateStale, signoff.StateChangesRequested, signoff.StatePartly:
			line = p.warn(line)
		case signoff.StateNone:
			line = p.faint(line)
		}
		fmt.Fprintf(w, "    %s\n", line)
	}
}

// loadPolicy reads the signoff section of .rtgit/config.yaml under root;
// no file is no policy.
func loadPolicy(root string) (signoff.Policy, error) {
	data, err := steps.ReadRepoFile(root, roundtable.ConfigPath)
	if errors.Is(err, fs.ErrNotExist) {
		return signoff.Policy{MinApprovers: 1}, nil
	}
	if err != nil {
		return signoff.Policy{}, fmt.Errorf("%s: %w", roundtable.ConfigPath, err)
	}
	return signoff.ParsePolicy(roundtable.ConfigPath, data)
}
