package cli

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/rtgit/rtgit/mcpserver"
	"github.com/rtgit/rtgit/steps/roundtable"
)

type mcpOptions struct {
	*globals
	allowWrite bool
}

func newMCPCmd(g *globals, s Streams) *cobra.Command {
	o := &mcpOptions{globals: g}
	cmd := &cobra.Command{
		Use:   "mcp",
		Short: "Serve the analyses to coding agents over the Model Context Protocol (stdio)",
		Long: `Serve this repository's analyses to a coding agent over the Model Context
Protocol, on standard input and output: an agent's MCP configuration starts it
(rtgit init --mcp writes that configuration). The tools list the analyses, summarise
one, give the build-plan tasks that are ready with the requirements, criteria,
modules and questions each needs, fetch one item by id and run the readiness
check; every artifact is a resource, rtgit://<slug>/<file>.

It reads what every other command reads and changes nothing, unless started
with --allow-write: then one more tool, comment, records a comment or an
answer on the open step exactly as rtgit comment does, and commits it
(docs/mcp.md).`,
		Example: "  rtgit mcp\n  rtgit -C ~/src/shop mcp --allow-write",
		Args:    exactArgs(0),
		RunE: func(*cobra.Command, []string) error {
			return runMCP(o, s)
		},
	}
	cmd.Flags().BoolVar(&o.allowWrite, "allow-write", false, "also serve the comment tool, which records and commits")
	return cmd
}

func runMCP(o *mcpOptions, s Streams) error {
	if _, err := openWorkspace(o.dir, true); err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	b := &mcpBackend{dir: o.dir}
	err := mcpserver.Run(ctx, b, mcpserver.Options{AllowWrite: o.allowWrite, Version: Version()})
	if err != nil && ctx.Err() == nil && !strings.Contains(err.Error(), "EOF") {
		return fmt.Errorf("mcp: %w", err)
	}
	return nil
}

// mcpBackend reads analyses for the server through the step machine, as
// the commands do. Each call opens the repository afresh, so what it
// serves is what the branches and working tree hold at that moment.
type mcpBackend struct{ dir string }

// quiet are streams for the machine that print nothing: standard output
// carries the protocol.
func quiet() Streams {
	return Streams{In: strings.NewReader(""), Out: io.Discard, Err: io.Discard, Terminal: func(io.Writer) bool { return false }}
}

func (b *mcpBackend) machine() (*roundtable.Machine, error) { return machine(b.dir, quiet()) }

func (b *mcpBackend) List() ([]mcpserver.Row, error) {
	m, err := b.machine()
	if err != nil {
		return nil, err
	}
	list, err := m.List()
	if err != nil {
		return nil, err
	}
	var rows []mcpserver.Row
	for _, a := range list {
		state := a.State
		if a.Err != nil {
			state = "unreadable"
		}
		rows = append(rows, mcpserver.Row{Slug: a.Slug, State: state, Done: a.Done, Total: a.Total, Tasks: a.Tasks})
	}
	return rows, nil
}

func (b *mcpBackend) known(m *roundtable.Machine, slug string) error {
	list, err := m.List()
	if err != nil {
		return err
	}
	var slugs []string
	for _, a := range list {
		if a.Slug == slug {
			return nil
		}
		slugs = append(slugs, a.Slug)
	}
	if len(slugs) == 0 {
		return fmt.Errorf("no analysis %q: this repository has none", slug)
	}
	return fmt.Errorf("no analysis %q; the analyses are %s", slug, strings.Join(slugs[:min(len(slugs), 10)], ", "))
}

func (b *mcpBackend) Load(slug string) (*mcpserver.Analysis, error) {
	m, err := b.machine()
	if err != nil {
		return nil, err
	}
	if err := b.known(m, slug); err != nil {
		return nil, err
	}
	return loadForAgent(m, slug)
}

func (b *mcpBackend) Check(slug string) (*mcpserver.Check, error) {
	m, err := b.machine()
	if err != nil {
		return nil, err
	}
	if err := b.known(m, slug); err != nil {
		return nil, err
	}
	r, err := m.Check(slug)
	if err != nil {
		return nil, err
	}
	return checkForAgent(r), nil
}

func (b *mcpBackend) Artifacts(slug string) ([]string, error) {
	m, err := b.machine()
	if err != nil {
		return nil, err
	}
	if err := b.known(m, slug); err != nil {
		return nil, err
	}
	src, err := m.Source(slug)
	if err != nil {
		return nil, err
	}
	return b.artifacts(slug, src), nil
}

func (b *mcpBackend) Artifact(slug, name string) ([]byte, error) {
	m, err := b.machine()
	if err != nil {
		return nil, err
	}
	src, err := m.Source(slug)
	if err != nil {
		return nil, err
	}
	ws, err := openWorkspace(b.dir, true)
	if err != nil {
		return nil, err
	}
	p := path.Join(src.Dir, name)
	if branch, _ := ws.repo.HeadBranch(); branch == analysisBranch(slug) {
		return os.ReadFile(filepath.Join(ws.root, filepath.FromSlash(p)))
	}
	return ws.repo.ReadFileAt(src.Commit, p)
}

func (b *mcpBackend) artifacts(slug string, src *roundtable.Source) []string {
	ws, err := openWorkspace(b.dir, true)
	if err != nil {
		return nil
	}
	var names []string
	if branch, _ := ws.repo.HeadBranch(); branch == analysisBranch(slug) {
		entries, _ := os.ReadDir(filepath.Join(ws.root, filepath.FromSlash(src.Dir)))
		for _, e := range entries {
			if !e.IsDir() {
				names = append(names, e.Name())
			}
		}
	} else if files, err := ws.repo.ListFiles(src.Commit, src.Dir); err == nil {
		for _, f := range files {
			if rel := strings.TrimPrefix(f, src.Dir+"/"); !strings.Contains(rel, "/") {
				names = append(names, rel)
			}
		}
	}
	slices.Sort(names)
	return names
}

// Comment is `rtgit comment`: on the analysis branch, through the step
// machine, which validates and commits; the reply is what the persona
// says, as the command prints it.
func (b *mcpBackend) Comment(slug, text string) (string, error) {
	ws, err := openWorkspace(b.dir, true)
	if err != nil {
		return "", err
	}
	an, err := loadAnalyses(ws)
	if err != nil {
		return "", err
	}
	var out bytes.Buffer
	s := quiet()
	s.Out = &out
	if err := an.onBranch(slug, false, s); err != nil {
		return "", err
	}
	m, err := machineWithAI(ws, s, nil)
	if err != nil {
		return "", err
	}
	r, err := m.Comment(slug, text)
	if r != nil {
		printReply(&out, palette{}, slug, r)
	}
	if err != nil {
		return out.String(), err
	}
	return out.String(), nil
}

func analysisBranch(slug string) string { return "rtgit/" + slug }
