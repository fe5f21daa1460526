package portfolio

import (
	"errors"
	"io/fs"
	"path"
	"slices"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/rtgit/rtgit/model"
	"github.com/rtgit/rtgit/plan"
)

// Reader reads an analysis's files at a revision: a commit, a branch, or
// "" for the working tree. A missing file is an error wrapping
// fs.ErrNotExist.
type Reader interface {
	ReadFileAt(rev, path string) ([]byte, error)
	// ListFiles lists the file names directly inside dir at rev.
	ListFiles(rev, dir string) ([]string, error)
}

// The files a footprint is read from, inside an analysis folder. Only
// these blobs are read, never the rest of the branch.
const (
	ImpactFile    = "impact-analysis.md"
	InterfaceFile = "interface-spec.yaml"
	TasksFile     = "tasks.md"
)

// Footprint is what one analysis plans to touch.
type Footprint struct {
	// Files are the Directly Affected Files and the files of the build
	// plan but the changelog, sorted, once each.
	Files []string `json:"files"`
	// Modules are the modules the Directly Affected Files table names.
	Modules []string `json:"modules"`
	// Operations are the names (and HTTP routes) of the operations the
	// interface contracts define.
	Operations []string `json:"operations"`
	// Tasks counts the build plan's tasks.
	Tasks int `json:"-"`
}

// Empty reports whether the analysis has recorded nothing to compare yet.
func (f Footprint) Empty() bool {
	return len(f.Files) == 0 && len(f.Operations) == 0 && len(f.Modules) == 0
}

// planOf reads the tasks of a build plan artifact with the build plan's
// own parser. tasks.md holds prose and a Mermaid graph beside its task
// lines; those lines are not tasks, so Parse's complaints about them are
// beside the point here and only the tasks it read count.
func planOf(doc []byte) plan.Plan {
	p, _ := plan.Parse(string(doc))
	return p
}

// ReadFootprint reads the footprint of the analysis in dir at rev. An
// analysis that has not reached its impact analysis, plan or contracts
// yet simply has fewer files; only an unreadable blob is an error.
func ReadFootprint(r Reader, rev, dir string) (Footprint, error) {
	var f Footprint
	doc, err := readOptional(r, rev, path.Join(dir, ImpactFile))
	if err != nil {
		return f, err
	}
	impact := doc
	f.Modules = model.ImpactModules(doc)
	if doc, err = readOptional(r, rev, path.Join(dir, TasksFile)); err != nil {
		return f, err
	}
	p := planOf(doc)
	f.Files = FootprintFiles(impact, p)
	f.Tasks = len(p.Tasks)
	if doc, err = readOptional(r, rev, path.Join(dir, InterfaceFile)); err != nil {
		return f, err
	}
	f.Operations = Operations(doc)
	f.Modules, f.Operations = Sorted(f.Modules), Sorted(f.Operations)
	return f, nil
}

// FootprintFiles are a footprint's files, from its impact analysis and
// its build plan already read: the Directly Affected Files and the files
// of the plan's tasks, but the changelog, sorted, once each.
func FootprintFiles(impact []byte, p plan.Plan) []string {
	return FootprintOf(model.ImpactFiles(impact), p)
}

// FootprintOf is FootprintFiles of the Directly Affected Files already
// read (model.ImpactFiles).
func FootprintOf(affected []string, p plan.Plan) []string {
	files := slices.Clone(affected)
	for _, t := range p.Tasks {
		files = append(files, t.Files...)
	}
	// Every plan adds an entry to the changelog: sharing it says nothing
	// about changing the same code.
	return Sorted(slices.DeleteFunc(files, plan.IsChangelog))
}

func readOptional(r Reader, rev, p string) ([]byte, error) {
	data, err := r.ReadFileAt(rev, p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	return data, err
}

// Operations lists the operations interface-spec.yaml defines: the keys
// of its operations mapping, and each operation's HTTP route when it has
// one, since two analyses naming the same route differently still collide.
func Operations(doc []byte) []string {
	if len(doc) == 0 {
		return nil
	}
	var spec struct {
		Operations yaml.Node `yaml:"operations"`
	}
	if yaml.Unmarshal(doc, &spec) != nil || spec.Operations.Kind != yaml.MappingNode {
		return nil
	}
	var out []string
	ops := spec.Operations.Content
	for i := 0; i+1 < len(ops); i += 2 {
		out = append(out, ops[i].Value)
		body := ops[i+1]
		if body.Kind != yaml.MappingNode {
			continue
		}
		for j := 0; j+1 < len(body.Content); j += 2 {
			if body.Content[j].Value == "route" && body.Content[j+1].Kind == yaml.ScalarNode {
				if r := strings.Join(strings.Fields(body.Content[j+1].Value), " "); r != "" {
					out = append(out, r)
				}
			}
		}
	}
	return out
}

// Sorted returns the distinct non-empty strings of list, sorted.
func Sorted(list []string) []string {
	out := []string{}
	for _, s := range list {
		if s != "" && !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	sort.Strings(out)
	return out
}

// intersect lists what a and b (both sorted) have in common.
func intersect(a, b []string) []string {
	out := []string{}
	for i, j := 0, 0; i < len(a) && j < len(b); {
		switch {
		case a[i] < b[j]:
			i++
		case a[i] > b[j]:
			j++
		default:
			out = append(out, a[i])
			i++
			j++
		}
	}
	return out
}
