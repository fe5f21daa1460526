package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"sort"

	"github.com/spf13/cobra"

	"github.com/rtgit/rtgit/gitops"
	"github.com/rtgit/rtgit/internal/atomicfile"
	"github.com/rtgit/rtgit/layout"
	"github.com/rtgit/rtgit/portfolio"
	"github.com/rtgit/rtgit/settings"
	"github.com/rtgit/rtgit/steps/roundtable"
	"github.com/rtgit/rtgit/verify"
)

type verifyOptions struct {
	*globals
	base, head string
	junit      []string
	json       bool
	sarif      string
}

func newVerifyCmd(g *globals, s Streams) *cobra.Command {
	o := &verifyOptions{globals: g}
	cmd := &cobra.Command{
		Use:   "verify",
		Short: "Check a change against the analyses the base branch holds",
		Long: `Check the change from --base (the default branch) to --head (HEAD), as a pull
request shows it, against every analysis merged into the base, without a model:

  - what it advances: the tasks whose files it changes, and the tasks its commit
    messages name ("Closes #N" of the issue a task was published as, or a task
    id beside the analysis's files or its slug), by the rule rtgit status
    counts a merged change's tasks done;
  - what nobody planned: a file an analysis marks read-only, and a file an
    analysis names among those it affects that no task of its plan changes;
  - criteria and tests: for each criterion a test task of an advanced analysis
    traces, whether a test names its id (AC-001-02 in a test's name or a comment
    beside it; AC_001_02 in an identifier), and with --junit reports, whether that
    test ran and passed;
  - phantom work (a closed task issue no merged change did), in the Action:
    the repository records each task's issue, not whether it is closed, so a
    local run does not check it and its report says so.

Each finding has a level: error, warning or note, set per rule under
verify.levels in .rtgit/config.yaml, read from the default branch only. By
default only a changed read-only file and a failing test of a criterion are
errors. verify exits 1 when an error-level finding exists, 0 otherwise
(docs/verify.md).`,
		Example: "  rtgit verify\n  rtgit verify --base main --head feature --junit report.xml --sarif verify.sarif\n  rtgit verify --json | jq '.findings[]'",
		Args:    exactArgs(0),
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runVerify(cmd.Context(), o, s)
		},
	}
	cmd.Flags().StringVar(&o.base, "base", "", "the base `REV` the change is checked against (default: the default branch)")
	cmd.Flags().StringVar(&o.head, "head", "HEAD", "the `REV` the change ends at")
	cmd.Flags().StringArrayVar(&o.junit, "junit", nil, "a JUnit XML report of the change's tests (`FILE`; may be repeated)")
	cmd.Flags().BoolVar(&o.json, "json", false, "print the report as JSON")
	cmd.Flags().StringVar(&o.sarif, "sarif", "", "also write the findings as SARIF 2.1.0 to `FILE`")
	return cmd
}

func runVerify(ctx context.Context, o *verifyOptions, s Streams) error {
	if ctx == nil {
		ctx = context.Background()
	}
	w, err := openWorkspace(o.dir, true)
	if err != nil {
		return err
	}
	g := w.repo
	branch, err := g.DefaultBranch()
	if err != nil {
		return err
	}
	base := o.base
	if base == "" {
		base = branch
	}
	// One object store for everything verify reads: the settings, the
	// range, the analyses and the tests.
	snap, err := g.Snapshot()
	if err != nil {
		return err
	}
	defer snap.Close()
	cfg, err := settings.FromBranch(snap, branch)
	if err != nil {
		return err
	}
	levels, err := verify.ParseConfig(cfg.Source, cfg.Data)
	if err != nil {
		return err
	}
	lay, err := layout.Parse(cfg.Source, cfg.Data)
	if err != nil {
		return err
	}
	in, err := verifyInput(snap, lay, base, o.head)
	if err != nil {
		return err
	}
	in.Levels = levels
	for _, f := range o.junit {
		res, err := readJUnit(f)
		if err != nil {
			return err
		}
		in.Reports = append(in.Reports, res...)
		in.Reported = true
	}
	rep, err := verify.Run(ctx, in)
	if err != nil {
		return err
	}
	if o.sarif != "" {
		if err := writeSARIF(o.sarif, rep); err != nil {
			return err
		}
	}
	if o.json {
		err = verify.WriteJSON(s.Out, rep)
	} else {
		err = verify.WriteText(s.Out, rep)
	}
	if err != nil {
		return err
	}
	if n := rep.Errors(); n > 0 {
		return silent(ExitError, fmt.Errorf("verify: %d error-level finding(s)", n))
	}
	return nil
}

// verifyInput reads the change and the merged analyses through gitops.
func verifyInput(g *gitops.Snapshot, lay layout.Layout, base, head string) (verify.Input, error) {
	rg, err := g.RangeChange(base, head)
	if err != nil {
		return verify.Input{}, err
	}
	return verify.Input{
		Change:  rangeChange{rg},
		Base:    mergedAnalyses{g: g, rev: rg.Base, root: lay.Root()},
		Sources: headSources{g: g, rev: rg.Head},
	}, nil
}

// rangeChange is a commit range as verify reads a change.
type rangeChange struct{ r *gitops.Range }

func (c rangeChange) ChangedFiles(context.Context) ([]string, error) { return c.r.Files, nil }
func (c rangeChange) Texts(context.Context) ([]string, error)        { return c.r.Messages, nil }

// mergedAnalyses are the analyses whose folder, with its meta.json, the
// base holds at rev.
type mergedAnalyses struct {
	g    *gitops.Snapshot
	rev  string
	root string // the layout's folder of analyses
}

// analysisFiles are the files of an analysis folder verify reads.
var analysisFiles = map[string]bool{
	"meta.json": true, portfolio.ImpactFile: true, portfolio.TasksFile: true,
}

func (m mergedAnalyses) Analyses(context.Context) ([]verify.Analysis, error) {
	root := m.root
	// One walk of the analyses' folder reads the three files of every
	// analysis, never its answers or other documents.
	files, err := m.g.ReadUnder(m.rev, root,
		func(p string) bool { return path.Dir(p) == root },
		func(p string) bool { return path.Dir(path.Dir(p)) == root && analysisFiles[path.Base(p)] })
	if err != nil {
		return nil, err
	}
	dirs := map[string]bool{}
	for p := range files {
		if path.Base(p) == "meta.json" {
			dirs[path.Dir(p)] = true
		}
	}
	var out []verify.Analysis
	for dir := range dirs {
		slug := path.Base(dir)
		if roundtable.ValidateSlug(slug) != nil {
			continue
		}
		a, err := verify.ReadAnalysis(blobs(files), m.rev, slug, dir)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, nil
}

// blobs is files already read, as a portfolio.Reader.
type blobs map[string][]byte

func (b blobs) ReadFileAt(rev, p string) ([]byte, error) {
	if data, ok := b[p]; ok {
		return data, nil
	}
	return nil, fmt.Errorf("%s:%s: %w", rev, p, fs.ErrNotExist)
}

func (b blobs) ListFiles(rev, dir string) ([]string, error) {
	var out []string
	for p := range b {
		if path.Dir(p) == dir {
			out = append(out, path.Base(p))
		}
	}
	sort.Strings(out)
	return out, nil
}

// headSources are the test files of the change's head commit.
type headSources struct {
	g interface {
		ReadFileAt(rev, p string) ([]byte, error)
	}
	rev string
}

func (h headSources) TestFiles(_ context.Context, paths []string, visit func(string, []byte) error) error {
	for _, p := range paths {
		if !verify.IsTestFile(p) {
			continue
		}
		data, err := h.g.ReadFileAt(h.rev, p)
		if errors.Is(err, fs.ErrNotExist) {
			continue // a file the task will create, not there yet
		}
		if err != nil {
			return err
		}
		if err := visit(p, data); err != nil {
			return err
		}
	}
	return nil
}

func readJUnit(name string) ([]verify.TestResult, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, fmt.Errorf("--junit: %w", err)
	}
	defer f.Close()
	res, err := verify.ReadJUnit(f)
	if err != nil {
		return nil, fmt.Errorf("--junit %s: not a JUnit XML report: %w", name, err)
	}
	return res, nil
}

func writeSARIF(name string, rep verify.Report) error {
	var b bytes.Buffer
	if err := verify.WriteSARIF(&b, rep, Version()); err != nil {
		return err
	}
	if err := atomicfile.WriteFile(name, b.Bytes(), 0o644); err != nil {
		return fmt.Errorf("--sarif: %w", err)
	}
	return nil
}
