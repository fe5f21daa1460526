package follow

import (
	"strconv"
	"strings"

	"github.com/rtgit/rtgit/internal/lazyre"
	"github.com/rtgit/rtgit/plan"
)

// How a task was done.
const (
	DoneChanged = "changed" // a merged change touched its files
	DoneNamed   = "named"   // a merged change named it
)

// Work is one change as the rule for when it does a task reads it: the
// files it touched and the texts where it says what it does (its commit
// messages; a pull request's title and body). It is the one place that
// rule lives: `rtgit verify` asks it what a pull request advances, and
// build progress asks it of every change merged after an analysis, so
// that what verify says a change advances is what status counts done
// once it is merged.
type Work struct {
	files  map[string]bool
	text   string
	ids    map[string]bool
	closes map[int]bool
}

var (
	taskIDRe = lazyre.New(`\bT\d{3,}\b`)
	// closesRe is GitHub's closing keywords before an issue number.
	closesRe = lazyre.New(`(?i)\b(?:close[sd]?|fix(?:e[sd])?|resolve[sd]?)\s*:?\s+#(\d+)\b`)
)

// NewWork reads a change once: what it names is found in texts here, not
// again for every task it is asked about.
func NewWork(files, texts []string) *Work {
	w := &Work{files: make(map[string]bool, len(files)), text: strings.Join(texts, "\n"), ids: map[string]bool{}, closes: map[int]bool{}}
	for _, f := range files {
		w.files[f] = true
	}
	for _, id := range taskIDRe.FindAllString(w.text, -1) {
		if containsWord(w.text, id) {
			w.ids[id] = true
		}
	}
	for _, m := range closesRe.FindAllStringSubmatch(w.text, -1) {
		if n, err := strconv.Atoi(m[1]); err == nil {
			w.closes[n] = true
		}
	}
	return w
}

// Touches reports whether the change touched f.
func (w *Work) Touches(f string) bool { return w.files[f] }

// Closes reports whether the change's texts close issue n the way GitHub
// reads them (Closes #n, fixes, resolves).
func (w *Work) Closes(n int) bool { return n > 0 && w.closes[n] }

// Changes lists the files of t the change touched, the changelog left
// out: every plan adds to it, so touching it does no task in particular.
func (w *Work) Changes(t plan.Task) []string {
	var out []string
	for _, f := range t.Files {
		if w.files[f] && !plan.IsChangelog(f) {
			out = append(out, f)
		}
	}
	return out
}

// Names reports whether the change names task t of the analysis slug,
// published as issue (0: not published), whose footprint is owned: it
// closes the task's issue, or it names the task's id and either touches
// one of owned or names slug. Every analysis numbers its tasks from
// T001, so a bare id elsewhere is no one analysis's.
func (w *Work) Names(slug string, owned []string, t plan.Task, issue int) bool {
	if w.Closes(issue) {
		return true
	}
	if !w.ids[t.ID] {
		return false
	}
	if containsWord(w.text, slug) {
		return true
	}
	for _, f := range owned {
		if w.files[f] {
			return true
		}
	}
	return false
}

// Does says how the change does task t (DoneChanged, DoneNamed), or ""
// when it does not: touching one of the task's files wins over naming it.
func (w *Work) Does(slug string, owned []string, t plan.Task, issue int) string {
	switch {
	case len(w.Changes(t)) > 0:
		return DoneChanged
	case w.Names(slug, owned, t, issue):
		return DoneNamed
	}
	return ""
}

// containsWord reports whether w stands in s as a word of its own: a
// slug or id inside a longer name (csv-export-v2, T0012) is not it.
func containsWord(s, w string) bool {
	for i := 0; ; {
		j := strings.Index(s[i:], w)
		if j < 0 {
			return false
		}
		j += i
		end := j + len(w)
		if (j == 0 || !wordByte(s[j-1])) && (end == len(s) || !wordByte(s[end])) {
			return true
		}
		i = j + 1
	}
}

func wordByte(b byte) bool {
	return b == '_' || b == '-' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}
