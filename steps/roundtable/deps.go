package roundtable

import (
	"fmt"
	"path"
	"sort"
	"strings"

	"github.com/rtgit/rtgit/internal/lazyre"
	"github.com/rtgit/rtgit/model"
	"github.com/rtgit/rtgit/steps/artifacts"
)

// defs is what an analysis defines that later answers build on:
// requirement and story ids, module names and architecture decisions,
// each with the step that defines its kind.
type defs struct {
	ids       map[string]bool   // FR-001, NFR-002, US-003
	modules   map[string]string // lower-case name -> name
	decisions map[string]string // lower-case title -> title
	owner     map[string]string // "FR", "NFR", "US", "module", "decision" -> defining step id
}

func newDefs() *defs {
	return &defs{ids: map[string]bool{}, modules: map[string]string{}, decisions: map[string]string{}, owner: map[string]string{}}
}

// answerDefs reads what the answers define now, through the transforms
// their mappings name.
func (st *state) answerDefs() (*defs, error) {
	d := newDefs()
	sets, err := st.renderSet()
	if err != nil {
		return nil, err
	}
	for _, sa := range sets {
		for _, mp := range sa.step.Mappings {
			switch mp.Transform {
			case "requirements", "nfrs", "nfr-matrix", "user-stories", "module-design", "adr":
			default:
				continue // defines nothing later answers name
			}
			// Read as the transform reads it, with nothing earlier: only
			// what this answer defines counts.
			r := model.ReadTransform(model.TransformAnswer{Transform: mp.Transform, Step: sa.step.ID, Question: mp.Question, Answer: sa.answer[mp.Question]})
			switch mp.Transform {
			case "requirements":
				d.owner["FR"] = sa.step.ID
				for _, x := range r.Requirements {
					d.ids[x.ID] = true
				}
			case "nfrs", "nfr-matrix":
				d.owner["NFR"] = sa.step.ID
				for _, x := range r.NFRs {
					d.ids[x.ID] = true
				}
			case "user-stories":
				d.owner["US"] = sa.step.ID
				for _, s := range r.Stories {
					d.ids[s.ID] = true
				}
			case "module-design":
				d.owner["module"] = sa.step.ID
				for _, m := range r.Modules {
					d.modules[strings.ToLower(m.Name)] = m.Name
				}
			case "adr":
				if len(r.Decisions) > 0 {
					d.owner["decision"] = sa.step.ID
					for _, x := range r.Decisions {
						d.decisions[strings.ToLower(x.Title)] = x.Title
					}
				}
			}
		}
	}
	return d, nil
}

var (
	moduleTitleRe = lazyre.New(`(?m)^# Module Design: (.+?)\s*$`)
	adrTitleRe    = lazyre.New(`(?m)^# (.+?)\s*$`)
)

// artifactDefs reads what the artifacts on disk were rendered with: the
// module of each module design, and the title of each ADR. Set beside
// answerDefs, it tells what a revision is taking away. A module design is
// removed with its module, so once a revision is applied only its reply
// names the answers still using the module; ids and decisions stay
// visible to rtgit status.
func (st *state) artifactDefs() *defs {
	d := newDefs()
	names, _ := st.list(st.it.dir())
	for _, n := range names {
		switch {
		case strings.HasPrefix(n, "module-design-") && path.Ext(n) == ".md":
			data, _ := st.read(st.it.dir() + "/" + n)
			if m := moduleTitleRe.FindSubmatch(data); m != nil && len(artifacts.BlockKeys(data)) > 0 {
				d.modules[strings.ToLower(string(m[1]))] = string(m[1])
			}
		case strings.HasPrefix(n, "adr-") && path.Ext(n) == ".md":
			data, _ := st.read(st.it.dir() + "/" + n)
			// A deprecated record is a decision the answers once made.
			if strings.Contains(string(data), "\nstatus: accepted\n") || strings.Contains(string(data), "\nstatus: deprecated\n") {
				if m := adrTitleRe.FindSubmatch(data); m != nil && !strings.EqualFold(string(m[1]), "Architecture approach") {
					d.decisions[strings.ToLower(string(m[1]))] = string(m[1])
				}
			}
		}
	}
	return d
}

// dangling names, as "path:line: …", each answer of a step after the
// defining one that refers to a requirement or story id no step defines,
// or to a module or decision that before had and after has not. Nothing
// is rewritten: the person who wrote the answer decides. An answer file
// staged in c (a build plan derived again, say) is read as it will be
// committed; c may be nil.
func (st *state) dangling(before, after *defs, c *changeset) []string {
	removedModules := gone(before.modules, after.modules)
	removedDecisions := gone(before.decisions, after.decisions)
	var out []string
	for _, s := range st.route.Steps() {
		if !st.meta.HasStep(s.ID) {
			if cur, _ := st.current(); cur != s {
				continue
			}
		}
		rel := st.it.answerPath(s)
		data, err := st.read(rel)
		if c != nil {
			if staged, ok := c.files[rel]; ok && !c.removed[rel] {
				data, err = staged, nil
			}
		}
		if err != nil {
			continue
		}
		for i, line := range answerLines(string(data)) {
			if line == "" {
				continue
			}
			where := fmt.Sprintf("%s:%d", rel, i+1)
			// The model reads every id a line names; only the kinds a step
			// defines (FR, NFR, US) have an owner to have lost them.
			for _, id := range model.IDs(line) {
				kind, _, _ := strings.Cut(id, "-")
				owner := after.owner[kind]
				if owner == "" || !st.earlier(owner, s.ID) || after.ids[id] {
					continue
				}
				out = append(out, fmt.Sprintf("%s: step %s refers to %s, which step %s no longer defines", where, s.ID, id, owner))
			}
			low := strings.ToLower(line)
			for _, name := range removedModules {
				if owner := after.owner["module"]; st.earlier(owner, s.ID) && mentions(low, name) {
					out = append(out, fmt.Sprintf("%s: step %s refers to module %s, which step %s no longer defines", where, s.ID, name, owner))
				}
			}
			for _, title := range removedDecisions {
				if owner := after.owner["decision"]; owner != "" && st.earlier(owner, s.ID) && mentions(low, title) {
					out = append(out, fmt.Sprintf("%s: step %s refers to the decision %q, which step %s no longer records", where, s.ID, title, owner))
				}
			}
		}
	}
	return out
}

// answerLines returns the lines of an answer file with everything outside
// its answer and feedback blocks blanked, so line numbers stay those of
// the file while question texts and drafts' hints are not searched.
func answerLines(doc string) []string {
	lines := strings.Split(doc, "\n")
	in := false
	for i, l := range lines {
		t := strings.TrimSpace(l)
		switch {
		case strings.HasPrefix(t, "<!-- rtgit:answer ") || t == "<!-- rtgit:feedback -->":
			in = true
			lines[i] = ""
			continue
		case strings.HasPrefix(t, "<!-- rtgit:end "):
			in = false
		}
		if !in {
			lines[i] = ""
		}
	}
	return lines
}

// gone lists what before names and after does not, sorted.
func gone(before, after map[string]string) []string {
	var out []string
	for k, v := range before {
		if _, ok := after[k]; !ok {
			out = append(out, v)
		}
	}
	sort.Strings(out)
	return out
}

// mentions reports whether low holds name as a whole phrase.
func mentions(low, name string) bool {
	n := strings.ToLower(name)
	for i := 0; ; {
		j := strings.Index(low[i:], n)
		if j < 0 {
			return false
		}
		j += i
		end := j + len(n)
		if (j == 0 || !isWord(low[j-1])) && (end == len(low) || !isWord(low[end])) {
			return true
		}
		i = j + 1
	}
}

func isWord(b byte) bool {
	return b == '_' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 0x80
}

// earlier reports whether step a comes before step b in the route.
func (st *state) earlier(a, b string) bool {
	if a == "" || a == b {
		return false
	}
	for _, s := range st.route.Steps() {
		switch s.ID {
		case a:
			return true
		case b:
			return false
		}
	}
	return false
}
