package plan

import (
	"slices"
	"strings"
)

// says reports whether a sentence of any answer says what pred reads.
func (d *deriver) says(pred func(string) bool) bool {
	for _, t := range d.answers() {
		for _, s := range sentences(t) {
			if pred(s) {
				return true
			}
		}
	}
	return false
}

// ruleOut drops what the answers rule out: a file they say stays as it is
// leaves every task, a task left with neither files nor traces that had
// files goes, and of two tasks with the same files and the same traces
// only the first stays (two code tasks keep both titles).
func (d *deriver) ruleOut() {
	var kept []*draft
	for _, t := range d.tasks {
		had := len(t.Files) > 0
		t.Files = slices.DeleteFunc(t.Files, func(f string) bool { return slices.Contains(d.src.ReadOnly, f) })
		if had && len(t.Files) == 0 && len(t.Traces) == 0 {
			continue
		}
		if o := sameAs(kept, t); o != nil {
			if o.Kind == KindCode && t.Kind == KindCode && o.module != nil && t.module != nil {
				o.Title += "; " + t.Title
				t.module.task = o
			}
			continue
		}
		kept = append(kept, t)
	}
	d.tasks = kept
}

// sameAs is the task of kept with t's files and traces, if any.
func sameAs(kept []*draft, t *draft) *draft {
	key := func(x *draft) string {
		f, tr := slices.Clone(x.Files), slices.Clone(x.Traces)
		slices.Sort(f)
		slices.Sort(tr)
		return strings.Join(f, ",") + "|" + strings.Join(tr, ",")
	}
	if len(t.Files) == 0 && len(t.Traces) == 0 {
		return nil
	}
	k := key(t)
	for _, o := range kept {
		if key(o) == k {
			return o
		}
	}
	return nil
}
