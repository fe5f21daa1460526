package plan

import (
	"slices"
	"strings"

	"github.com/rtgit/rtgit/internal/lazyre"
)

var buildItem = lazyre.New(`(?m)(?:^|\s)\d+[.)]\s+`)

// dependencies links the derived tasks; it never adds an edge that would
// close a cycle.
func (d *deriver) dependencies() {
	if !d.fromBuildOrder() {
		d.fromDesign()
	}
	if d.testsFirst() {
		for _, c := range d.tasks {
			if c.Kind != KindCode || c.module == nil {
				continue
			}
			for _, t := range d.tasks {
				if t.Kind == KindTest && (slices.ContainsFunc(t.frs, func(fr string) bool { return slices.Contains(c.Traces, fr) }) || t.module != nil && t.module == c.module) {
					d.edge(c, t)
				}
			}
		}
	}
	var code, sinks []*draft
	for _, t := range d.tasks {
		if t.Kind == KindCode {
			code = append(code, t)
		}
	}
	for _, c := range code {
		if !slices.ContainsFunc(code, func(o *draft) bool { return slices.Contains(o.DependsOn, c.ID) }) {
			sinks = append(sinks, c)
		}
	}
	for _, v := range d.tasks {
		if v.Kind != KindVerify {
			continue
		}
		named := false
		for _, c := range code {
			if c.module != nil && mentions(v.text, c.module.name) || slices.ContainsFunc(c.Files, func(f string) bool { return strings.Contains(v.text, f) }) {
				d.edge(v, c)
				named = true
			}
		}
		if !named {
			for _, c := range sinks {
				d.edge(v, c)
			}
		}
	}
}

// fromBuildOrder orders the module tasks as the build order answer does:
// the modules of each numbered item wait for those of the item before.
func (d *deriver) fromBuildOrder() bool {
	items := buildItem.Split(d.src.BuildOrder, -1)
	var steps [][]*module
	placed := map[*module]bool{}
	for _, it := range items {
		var here []*module
		for _, m := range d.mods {
			if !placed[m] && mentions(it, m.name) {
				here = append(here, m)
				placed[m] = true
			}
		}
		if here != nil {
			steps = append(steps, here)
		}
	}
	if len(steps) < 2 {
		return false
	}
	for i := 1; i < len(steps); i++ {
		for _, m := range steps[i] {
			for _, prev := range steps[i-1] {
				d.edge(m.task, prev.task)
			}
		}
	}
	return true
}

// fromDesign makes a module wait for each module whose types its design
// uses, unless that module uses types of its own; failing that, for each
// module whose functions it calls, unless that module names anything of
// it.
func (d *deriver) fromDesign() {
	uses := func(a *module, names []string) bool {
		return slices.ContainsFunc(names, func(n string) bool {
			return !slices.Contains(a.types, n) && !slices.Contains(a.funcs, n) && mentions(a.text, n)
		})
	}
	for _, a := range d.mods {
		for _, b := range d.mods {
			switch {
			case a == b:
			case uses(a, b.types) && !uses(b, a.types):
				d.edge(a.task, b.task)
			case uses(a, b.funcs) && !uses(b, a.types) && !uses(b, a.funcs):
				d.edge(a.task, b.task)
			}
		}
	}
}

// testsFirst: an answer asks for the tests before the code, by name
// ("test-first", "TDD") or in plain words (saysTestFirst).
func (d *deriver) testsFirst() bool {
	return d.says(func(s saying) bool { return s.testFirst })
}

// edge makes from wait for to, unless to already waits for from.
func (d *deriver) edge(from, to *draft) {
	if from == nil || to == nil || from == to || slices.Contains(from.DependsOn, to.ID) || d.reaches(to, from.ID) {
		return
	}
	from.DependsOn = append(from.DependsOn, to.ID)
}

func (d *deriver) reaches(t *draft, id string) bool {
	seen := map[string]bool{}
	var walk func(*draft) bool
	walk = func(t *draft) bool {
		if t.ID == id {
			return true
		}
		if seen[t.ID] {
			return false
		}
		seen[t.ID] = true
		for _, dep := range t.DependsOn {
			if n := d.byID(dep); n != nil && walk(n) {
				return true
			}
		}
		return false
	}
	return walk(t)
}

func (d *deriver) byID(id string) *draft {
	for _, t := range d.tasks {
		if t.ID == id {
			return t
		}
	}
	return nil
}

// blocked marks the tasks an open question names (questionsOf).
func (d *deriver) blocked() {
	for _, t := range d.tasks {
		for _, q := range d.questionsOf(t) {
			if !slices.Contains(t.BlockedBy, q) {
				t.BlockedBy = append(t.BlockedBy, q)
			}
		}
	}
}

// questionsOf are the open questions that name a task: by a requirement,
// criterion, story or NFR id it traces, or, for a code task, by its
// module's name.
func (d *deriver) questionsOf(t *draft) []string {
	var out []string
	for _, q := range d.src.Questions {
		named := ids(q.Text)
		hit := slices.ContainsFunc(t.Traces, func(id string) bool { return slices.Contains(named, id) })
		if !hit && t.module != nil && t.Kind == KindCode {
			hit = mentions(q.Text, t.module.name)
		}
		if hit {
			out = append(out, q.ID)
		}
	}
	return out
}

// parallel marks the tasks that share no file with another task of their
// phase and neither wait for nor are waited for by one.
func (d *deriver) parallel() {
	for _, t := range d.tasks {
		t.Parallel = true
		for _, o := range d.tasks {
			if o == t || o.Kind != t.Kind {
				continue
			}
			if slices.Contains(t.DependsOn, o.ID) || slices.Contains(o.DependsOn, t.ID) ||
				slices.ContainsFunc(t.Files, func(f string) bool { return slices.Contains(o.Files, f) }) {
				t.Parallel = false
				break
			}
		}
	}
	// A phase of one task runs alone; [P] would say nothing.
	for _, k := range Kinds {
		n := 0
		for _, t := range d.tasks {
			if t.Kind == k {
				n++
			}
		}
		if n == 1 {
			for _, t := range d.tasks {
				if t.Kind == k {
					t.Parallel = false
				}
			}
		}
	}
}
