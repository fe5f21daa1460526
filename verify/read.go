package verify

import (
	"errors"
	"io/fs"
	"path"

	"github.com/rtgit/rtgit/model"
	"github.com/rtgit/rtgit/plan"
	"github.com/rtgit/rtgit/portfolio"
	"github.com/rtgit/rtgit/steps/meta"
)

// ReadAnalysis reads what verify needs of the analysis in dir at rev:
// its footprint's files, build plan and read-only files from the
// artifacts the analysis committed, and its published issues from
// meta.json (only those: the rest of the file is check's to read). Only those blobs are read, each once: verify reads every
// analysis the base holds, so their cost is most of its own.
func ReadAnalysis(r portfolio.Reader, rev, slug, dir string) (Analysis, error) {
	a := Analysis{Slug: slug, Dir: dir}
	impact, err := optional(r, rev, path.Join(dir, portfolio.ImpactFile))
	if err != nil {
		return a, err
	}
	tasks, err := optional(r, rev, path.Join(dir, portfolio.TasksFile))
	if err != nil {
		return a, err
	}
	// tasks.md holds prose and a graph beside its task lines; only the
	// tasks it reads count (as portfolio reads it).
	a.Plan, _ = plan.Parse(string(tasks))
	// The impact analysis's table is read once for both of its lists.
	affected, readOnly := model.ImpactTable(impact)
	a.Footprint = portfolio.FootprintOf(affected, a.Plan)
	a.ReadOnly = readOnly
	mp := path.Join(dir, "meta.json")
	data, err := optional(r, rev, mp)
	if err != nil || data == nil {
		return a, err
	}
	a.TaskIssues, err = meta.ParseTaskIssues(rev+":"+mp, data)
	return a, err
}

func optional(r portfolio.Reader, rev, p string) ([]byte, error) {
	data, err := r.ReadFileAt(rev, p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	return data, err
}
