package meta

import (
	"math"

	"github.com/rtgit/rtgit/internal/lazyre"
)

// taskIDRe is the form of a build-plan task id (T001) as task_issues keys
// it.
var taskIDRe = lazyre.New(`^T[0-9]{3,}$`)

// taskIssues decodes task_issues. With source_url it ties an analysis to
// its tracker: source_url is the issue the analysis started from,
// task_issues the issue each task of the build plan was published as.
// ParseTaskIssues reads only the task_issues of a meta.json: the issue
// each task was published as. The file is still checked as JSON with its
// top-level keys given once, and a wrong task_issues is the error Parse
// gives; the other fields are not decoded. rtgit verify needs no more, and
// it reads the meta.json of every analysis the base holds; `rtgit check`
// reports what is wrong elsewhere in the file.
func ParseTaskIssues(name string, data []byte) (map[string]int, error) {
	p, members, err := topLevel(name, data)
	if err != nil {
		return nil, err
	}
	for _, mb := range members {
		if mb.key == "task_issues" && !mb.isNull() {
			return p.taskIssues(mb.value, mb.path)
		}
	}
	return nil, nil
}

func (p *parser) taskIssues(v value, path string) (map[string]int, error) {
	members, err := p.object(v, path)
	if err != nil {
		return nil, err
	}
	out := make(map[string]int, len(members))
	for _, mb := range members {
		if !taskIDRe.MatchString(mb.key) {
			return nil, p.errAt(mb.value.off, "%s: %q is not a task id such as T001", path, mb.key)
		}
		n, err := p.integer(mb.value, mb.path, 1, math.MaxInt32)
		if err != nil {
			return nil, err
		}
		out[mb.key] = int(n)
	}
	return out, nil
}

// addSource writes source_url and task_issues, each only once it has
// content, so an analysis that never met a tracker keeps its old shape.
func (m *Meta) addSource(o *object) {
	if m.SourceURL != "" {
		o.add("source_url", m.SourceURL)
	}
	if len(m.TaskIssues) > 0 {
		o.add("task_issues", m.TaskIssues)
	}
}
