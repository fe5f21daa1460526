package follow

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"

	"github.com/rtgit/rtgit/layout"
	"github.com/rtgit/rtgit/plan"
	"github.com/rtgit/rtgit/portfolio"
	"github.com/rtgit/rtgit/steps/meta"
)

// ErrNotMerged means the base branch does not hold the analysis.
var ErrNotMerged = errors.New("not merged into the base branch")

// Analysis is a merged analysis and the base branch's history since it
// was merged.
type Analysis struct {
	Slug string
	// Dir is the analysis's folder (layout.Layout.Dir).
	Dir string
	// Tip is the base branch's commit everything was read at, Merged the
	// commit that brought the analysis in.
	Tip, Merged string
	Tasks       []plan.Task
	// Issues are the task issues meta.json records, by task id, and
	// Source the id of the issue the analysis started from (GH-7).
	Issues    map[string]int
	Source    string
	Footprint portfolio.Footprint
	// Accepted is the drift baseline a person recorded, nil when none.
	Accepted *Baseline
	// Changes are the base branch's changes after Merged, oldest first,
	// each with the footprint's and the tasks' files it touched.
	Changes []Change
}

// Read reads the analysis slug as the base branch holds it at tip, and
// the branch's first-parent history since its merge.
func Read(r Repo, lay layout.Layout, tip, slug string) (*Analysis, error) {
	dir := lay.Dir(slug)
	metaPath := path.Join(dir, "meta.json")
	data, err := r.ReadFileAt(tip, metaPath)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%s: %w", slug, ErrNotMerged)
	}
	if err != nil {
		return nil, err
	}
	md, err := meta.Parse(metaPath, data)
	if err != nil {
		return nil, err
	}
	if md.Slug != slug {
		return nil, fmt.Errorf("%s: %w (%s names %q)", slug, ErrNotMerged, metaPath, md.Slug)
	}
	a := &Analysis{Slug: slug, Dir: dir, Tip: tip, Issues: md.TaskIssues, Source: md.SourceID}
	if a.Merged, err = r.FirstCommit(tip, metaPath); err != nil {
		return nil, err
	}
	if a.Footprint, err = portfolio.ReadFootprint(r, tip, dir); err != nil {
		return nil, err
	}
	if a.Tasks, err = Tasks(r, lay, tip, slug); err != nil {
		return nil, err
	}
	if a.Accepted, err = ReadBaseline(r, lay, tip, slug); err != nil {
		return nil, err
	}
	if a.Changes, err = r.Mainline(a.Merged, tip, a.paths()); err != nil {
		return nil, err
	}
	return a, nil
}

// paths are the files whose history counts: the footprint and every
// task's files.
func (a *Analysis) paths() []string {
	out := slices.Clone(a.Footprint.Files)
	for _, t := range a.Tasks {
		out = append(out, t.Files...)
	}
	return portfolio.Sorted(out)
}

// Merged lists the analyses the base branch holds at tip: the folders
// under the layout's root with a meta.json.
func Merged(r interface {
	ListDirs(rev, dir string) ([]string, error)
	portfolio.Reader
}, lay layout.Layout, tip string) ([]string, error) {
	dirs, err := r.ListDirs(tip, lay.Root())
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []string
	for _, d := range dirs {
		if _, err := r.ReadFileAt(tip, lay.Meta(d)); err == nil {
			out = append(out, d)
		}
	}
	slices.Sort(out)
	return out, nil
}

// Tasks reads the build plan of the analysis slug at rev; none when it
// has no tasks.md. tasks.md holds prose beside its task lines; only the
// tasks count (as for the footprint).
func Tasks(r portfolio.Reader, lay layout.Layout, rev, slug string) ([]plan.Task, error) {
	doc, err := r.ReadFileAt(rev, path.Join(lay.Dir(slug), portfolio.TasksFile))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	p, _ := plan.Parse(string(doc))
	return p.Tasks, nil
}
