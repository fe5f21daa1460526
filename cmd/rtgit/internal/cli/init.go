package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/rtgit/rtgit/templates"
)

type initOptions struct {
	*globals
	force      bool
	ref        string // release tag or commit the workflow pins
	actionRepo string
	mcp        bool // write the coding agents' MCP configuration instead
	getenv     func(string) string
}

// initFiles are what `rtgit init` writes: embedded template -> repo path.
var initFiles = []struct{ template, path string }{
	{"init/config.yaml", ".rtgit/config.yaml"},
	{"init/rtgit.yml", ".github/workflows/rtgit.yml"},
}

func newInitCmd(g *globals, s Streams) *cobra.Command {
	o := &initOptions{globals: g, getenv: os.Getenv}
	cmd := &cobra.Command{
		Use:   "init",
		Short: "Set up a repository for rtgit: settings and the GitHub workflow",
		Long: `Write .rtgit/config.yaml, with every setting at its documented default, and
.github/workflows/rtgit.yml, the workflow that answers analyses from pull-request
comments. Existing files are left alone unless --force is given. Review and
commit the files yourself.

The workflow pins the rtgit Action to a full commit SHA with the release in a
comment (uses: rtgit/rtgit@<sha> # v1.2.3), the release being --ref or this
binary's own version; the SHA is looked up through the GitHub API
(GITHUB_API_URL, token from GITHUB_TOKEN or GH_TOKEN).

With --mcp it writes neither, and instead adds rtgit's Model Context Protocol
server to the project configuration coding agents read (.mcp.json,
.cursor/mcp.json, .vscode/mcp.json, .kiro/settings/mcp.json), keeping every
other server those files name (docs/mcp.md).`,
		Example: "  rtgit init\n  rtgit init --force --ref v1.2.3\n  rtgit init --mcp",
		Args:    exactArgs(0),
		RunE: func(*cobra.Command, []string) error {
			if o.mcp {
				return runInitMCP(o, s)
			}
			return runInit(o, s)
		},
	}
	cmd.Flags().BoolVar(&o.force, "force", false, "overwrite files that already exist")
	cmd.Flags().BoolVar(&o.mcp, "mcp", false, "instead, add `rtgit mcp` to the MCP configuration of Claude Code (.mcp.json), Cursor, VS Code and Kiro")
	cmd.Flags().StringVar(&o.ref, "ref", "", "pin the Action to this release tag (v1.2.3) or commit SHA (default: this binary's version)")
	cmd.Flags().StringVar(&o.actionRepo, "action-repo", defaultActionRepo, "the repository the Action comes from, as owner/name")
	return cmd
}

func runInit(o *initOptions, s Streams) error {
	ws, err := openWorkspace(o.dir, true)
	if err != nil {
		return err
	}
	pin := o.pin(s)
	for _, f := range initFiles {
		data, err := fs.ReadFile(templates.FS, f.template)
		if err != nil {
			return err
		}
		if f.template == "init/rtgit.yml" {
			data = pin.apply(data)
		}
		dst := filepath.Join(ws.root, filepath.FromSlash(f.path))
		if _, err := os.Lstat(dst); err == nil && !o.force {
			fmt.Fprintf(s.Out, "kept     %s (exists; --force replaces it)\n", f.path)
			continue
		} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		if err := writeInside(ws.root, f.path, data); err != nil {
			return err
		}
		fmt.Fprintf(s.Out, "wrote    %s\n", f.path)
	}
	fmt.Fprintln(s.Out, "\n"+pin.explain())
	fmt.Fprintln(s.Out, "\nCommit these files on your default branch. See docs/github-action.md for the rest of the set-up.")
	return nil
}

// writeInside writes rel (a slash path) under root, refusing a symlink
// anywhere on the way, so init never writes outside the repository.
func writeInside(root, rel string, data []byte) error {
	cur := root
	for _, part := range strings.Split(rel, "/") {
		cur = filepath.Join(cur, part)
		if st, err := os.Lstat(cur); err == nil && st.Mode()&os.ModeSymlink != 0 {
			return fmt.Errorf("refusing to write %s: %s is a symlink", rel, cur)
		}
	}
	if err := os.MkdirAll(filepath.Dir(cur), 0o755); err != nil {
		return err
	}
	return os.WriteFile(cur, data, 0o644)
}
