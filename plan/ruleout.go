package plan

import (
	"slices"
	"strings"
	"sync"

	"github.com/rtgit/rtgit/model"
)

// saying is what one answer text says of the plan, read a sentence at a
// time.
type saying struct {
	testFirst, changelogElsewhere, docsElsewhere bool
}

// says reports whether any answer says what pick reads. Each text is read
// once (sayingOf), however many plans are derived from it.
func (d *deriver) says(pick func(saying) bool) bool {
	for _, t := range d.answers() {
		if t != "" && pick(sayingOf(t)) {
			return true
		}
	}
	return false
}

var sayingMemo struct {
	mu sync.Mutex
	m  map[string]saying
}

func sayingOf(text string) saying {
	sayingMemo.mu.Lock()
	v, ok := sayingMemo.m[text]
	sayingMemo.mu.Unlock()
	if ok {
		return v
	}
	// A text that names no test orders nothing; one that names no doc,
	// changelog or release rules nothing out.
	lower := strings.ToLower(text)
	tests := strings.Contains(lower, "test") || strings.Contains(lower, "spec") || strings.Contains(lower, "tdd")
	others := false
	for _, w := range []string{"doc", "readme", "user guide", "changelog", "change log", "changes file", "release notes", "news entry", "history file"} {
		others = others || strings.Contains(lower, w)
	}
	if tests || others {
		v.testFirst = tests && testFirst.MatchString(text)
		for _, s := range sentences(text) {
			v.testFirst = v.testFirst || tests && saysTestFirst(s)
			v.changelogElsewhere = v.changelogElsewhere || others && model.SaysChangelogElsewhere(s)
			v.docsElsewhere = v.docsElsewhere || others && model.SaysDocsElsewhere(s)
		}
	}
	sayingMemo.mu.Lock()
	if sayingMemo.m == nil || len(sayingMemo.m) >= sentenceMemoSize {
		sayingMemo.m = make(map[string]saying, sentenceMemoSize)
	}
	sayingMemo.m[text] = v
	sayingMemo.mu.Unlock()
	return v
}

// ruleOut drops what the answers rule out: a file they say stays as it is
// leaves every task, a task left with neither files nor traces that had
// files goes, and of two tasks with the same files and the same traces
// only the first stays (two code tasks keep both titles); tasks without
// files are the same only when their titles are too.
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
	// Without files, the same traces do not make the same work: two
	// modules nobody has placed in a file yet are two tasks.
	k := key(t)
	for _, o := range kept {
		if key(o) == k && (len(t.Files) > 0 || o.Title == t.Title) {
			return o
		}
	}
	return nil
}
