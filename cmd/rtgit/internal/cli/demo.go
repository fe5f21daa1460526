package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/spf13/cobra"
	"gopkg.in/yaml.v3"

	"github.com/rtgit/rtgit/gitops"
	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/library"
	"github.com/rtgit/rtgit/steps/roundtable"
	"github.com/rtgit/rtgit/templates"
)

type demoOptions struct {
	*globals
	into  string
	kind  string
	depth string
}

func newDemoCmd(g *globals, s Streams) *cobra.Command {
	o := &demoOptions{globals: g}
	cmd := &cobra.Command{
		Use:   "demo",
		Short: "Run a whole roundtable on a throwaway sample repository",
		Long: `Create a small sample codebase in a new git repository, then run a complete
analysis on it with scripted answers, through the same code paths as the real
commands, printing the conversation as it goes. It ends with the tree of
artifacts. The sample repository is removed afterwards unless --into names
where to keep it. --depth brief runs every phase in brief mode, where each step
is one drafted answer to confirm.`,
		Example: "  rtgit demo\n  rtgit demo --depth brief\n  rtgit demo --type bug\n  rtgit demo --into /tmp/ledgerly",
		Args:    exactArgs(0),
		RunE:    func(*cobra.Command, []string) error { return runDemo(o, s) },
	}
	cmd.Flags().StringVar(&o.into, "into", "", "create the sample repository in `DIR` (default: a new temporary directory)")
	cmd.Flags().StringVar(&o.depth, "depth", "", "run every phase at this depth: brief, standard or deep (default: what the quick scan decides)")
	cmd.Flags().StringVar(&o.kind, "type", "feature", "the analysis to run: feature, or bug (the bug library on a defect of the sample)")
	return cmd
}

// demoScript is templates/demo/answers.yaml: the description and the
// answers the demo user gives, by step and question id.
type demoScript struct {
	Slug        string                       `yaml:"slug"`
	Description string                       `yaml:"description"`
	Answers     map[string]map[string]string `yaml:"answers"`
	Comments    map[string][]string          `yaml:"comments"` // step id -> comments posted before continuing
}

const demoDescription = "Let customers export their invoices as CSV"

func runDemo(o *demoOptions, s Streams) error {
	name := "demo/answers.yaml"
	if o.kind != "" && o.kind != library.DefaultLibrary {
		name = "demo/answers-" + o.kind + ".yaml"
	}
	raw, err := fs.ReadFile(templates.FS, name)
	if errors.Is(err, fs.ErrNotExist) {
		return usageErr("demo: no demo for --type %s (feature or bug)", o.kind)
	}
	if err != nil {
		return err
	}
	var script demoScript
	if err := yaml.Unmarshal(raw, &script); err != nil {
		return fmt.Errorf("embedded:templates/%s: %w", name, err)
	}
	if d := steps.Depth(o.depth); o.depth != "" && !d.Valid() {
		return usageErr("demo: depth %q must be brief, standard or deep", o.depth)
	}
	dir := o.into
	if dir == "" {
		if dir, err = os.MkdirTemp("", "rtgit-demo-*"); err != nil {
			return err
		}
		// A throwaway repository is thrown away, even when the demo fails.
		defer os.RemoveAll(dir)
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := seedDemoRepo(dir); err != nil {
		return err
	}
	typeFlag := ""
	if name != "demo/answers.yaml" {
		typeFlag = "--type " + o.kind + " "
	}
	p := s.colors(s.Out)
	fmt.Fprintf(s.Out, "Sample repository: %s\n\n%s\n\n", dir, p.hint(fmt.Sprintf("$ rtgit new %s--slug %s %q", typeFlag, script.Slug, script.Description)))
	m, err := machine(dir, s)
	if err != nil {
		return err
	}
	r, err := m.New(roundtable.NewOptions{Description: script.Description, Slug: script.Slug, Library: o.kind})
	if err != nil {
		return err
	}
	for {
		printConversation(s, r)
		if r.Done || r.Step == nil {
			break
		}
		step := r.Step
		if d := steps.Depth(o.depth); d != "" && step.Depth != d {
			fmt.Fprintf(s.Out, "%s\n\n", p.hint(fmt.Sprintf("$ rtgit depth %s %s", script.Slug, d)))
			dr, err := m.SetDepth(script.Slug, d)
			if err != nil {
				return err
			}
			printConversation(s, dr)
			if dr.Step != nil {
				step = dr.Step
			}
		}
		for _, q := range step.Questions {
			text, ok := script.Answers[step.ID][q.ID]
			if !ok {
				if q.Answered || !q.Required {
					continue
				}
				return fmt.Errorf("demo script has no answer for %s %s", step.ID, q.ID)
			}
			fmt.Fprintf(s.Out, "  %s\n  %s %s\n\n", q.Text, p.head("You:"), oneLine(text))
			if _, err := m.Answer(script.Slug, q.ID, text); err != nil {
				return err
			}
		}
		for _, c := range script.Comments[step.ID] {
			fmt.Fprintln(s.Out, p.hint(fmt.Sprintf("$ rtgit comment %s %q", script.Slug, c)))
			cr, err := m.Comment(script.Slug, c)
			if err != nil {
				return err
			}
			printConversation(s, &roundtable.Reply{Lines: cr.Lines})
			if cr.Step != nil && cr.Step.ID != step.ID {
				r = cr
			}
		}
		fmt.Fprintf(s.Out, "%s\n\n", p.hint("$ rtgit next "+script.Slug))
		if r, err = m.Next(script.Slug); err != nil {
			return err
		}
	}
	if err := printArtifactTree(s, dir, script.Slug); err != nil {
		return err
	}
	flags := ""
	if o.kind != "" && o.kind != library.DefaultLibrary {
		flags += " --type " + o.kind
	}
	if o.depth != "" {
		flags += " --depth " + o.depth
	}
	printDemoEpilogue(s, o.into != "", dir, script.Slug, flags)
	return nil
}

// seedDemoRepo writes the embedded sample codebase and commits it.
func seedDemoRepo(dir string) error {
	repo, err := gitops.Init(dir)
	if err != nil {
		return err
	}
	var paths []string
	err = fs.WalkDir(templates.FS, "demo/repo", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(templates.FS, p)
		if err != nil {
			return err
		}
		rel := strings.TrimPrefix(p, "demo/repo/")
		dst := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		paths = append(paths, rel)
		return os.WriteFile(dst, data, 0o644)
	})
	if err != nil {
		return err
	}
	_, err = repo.Commit(paths, "Import ledgerly")
	return err
}

// printConversation shows the persona lines and the open step's header,
// the way a person would hear the roundtable.
func printConversation(s Streams, r *roundtable.Reply) {
	p := s.colors(s.Out)
	for _, l := range r.Lines {
		if l.Speaker != "" {
			fmt.Fprintf(s.Out, "%s %s\n", p.head(l.Speaker+":"), l.Text)
		} else {
			fmt.Fprintln(s.Out, l.Text)
		}
	}
	if len(r.Lines) > 0 {
		fmt.Fprintln(s.Out)
	}
	if r.Step != nil {
		fmt.Fprintf(s.Out, "%s  [%s]\n\n", p.head(r.Step.Header), r.Step.Depth)
	}
}

func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 160 {
		s = s[:157] + "..."
	}
	return s
}

// printArtifactTree lists what the analysis produced, with sizes.
func printArtifactTree(s Streams, dir, slug string) error {
	fmt.Fprintf(s.Out, "\nArtifacts on branch %s%s in %s:\n", roundtable.BranchPrefix, slug, dir)
	var files []string
	root := filepath.Join(dir, "docs")
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		files = append(files, filepath.ToSlash(rel))
		return nil
	})
	if err != nil {
		return err
	}
	// By folder, then name: a plain sort puts a folder's subfolder
	// ("answers/") between its own files, splitting it in two.
	sort.Slice(files, func(i, j int) bool {
		di, dj := path.Dir(files[i]), path.Dir(files[j])
		if di != dj {
			return di < dj
		}
		return files[i] < files[j]
	})
	last := ""
	for _, f := range files {
		if d := path.Dir(f); d != last {
			fmt.Fprintf(s.Out, "  %s/\n", d)
			last = d
		}
		st, _ := os.Stat(filepath.Join(dir, filepath.FromSlash(f)))
		fmt.Fprintf(s.Out, "    %-40s %6d bytes\n", path.Base(f), st.Size())
	}
	return nil
}
