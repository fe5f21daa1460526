package library

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/rtgit/rtgit/internal/repofs"
	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/stepfile"
)

// RepoStepsDir is where a repository adds or replaces step files.
const RepoStepsDir = ".rtgit/steps"

// Route is the resolved, ordered set of phases and steps for a repository.
type Route struct {
	Phases   []*RoutePhase
	Personas []steps.Persona
	Problems steps.Problems
	Library  string // the library the route comes from: "feature", "bug", …

	lib *Library
}

// RoutePhase is one phase with its lead persona and valid steps in order.
type RoutePhase struct {
	Phase   steps.Phase
	Persona steps.Persona
	Steps   []*steps.Step
}

// Load resolves the route of the feature library from the embedded defaults
// (an FS holding personas.yaml, steps/<phase>/*.md and libraries/) and the
// repository (an FS rooted at the worktree, may be nil). Invalid step files
// are left out and reported in Route.Problems; the error is for failures
// that make any route meaningless.
func Load(embedded, repo fs.FS) (*Route, error) {
	return LoadLibrary(embedded, repo, DefaultLibrary)
}

type stepFile struct {
	fsys   fs.FS
	path   string // path inside fsys
	source string // how the file is named to users
	phase  string
	order  int
	repo   bool
}

// discover lists <root>/<phase>/*.md in fsys. A missing root is no error.
func discover(fsys fs.FS, root, prefix string) ([]stepFile, error) {
	phases, err := fs.ReadDir(fsys, root)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("%s%s: %w", prefix, root, err)
	}
	var out []stepFile
	for _, ph := range phases {
		if !ph.IsDir() {
			continue
		}
		dir := path.Join(root, ph.Name())
		entries, err := fs.ReadDir(fsys, dir)
		if err != nil {
			return nil, fmt.Errorf("%s%s: %w", prefix, dir, err)
		}
		for _, e := range entries {
			if e.IsDir() || !strings.HasSuffix(e.Name(), ".md") {
				continue
			}
			p := path.Join(dir, e.Name())
			out = append(out, stepFile{fsys: fsys, path: p, source: prefix + p, phase: ph.Name(), order: numericPrefix(e.Name()), repo: prefix == ""})
		}
	}
	return out, nil
}

// numericPrefix returns the leading number of a file name, or -1.
func numericPrefix(name string) int {
	end := 0
	for end < len(name) && name[end] >= '0' && name[end] <= '9' {
		end++
	}
	n, err := strconv.Atoi(name[:end])
	if err != nil {
		return -1
	}
	return n
}

func (p *Route) problem(src string, line int, sev steps.Severity, format string, args ...any) {
	p.Problems = append(p.Problems, steps.Problem{Path: src, Line: line, Msg: fmt.Sprintf(format, args...), Severity: sev})
}

func (p *Route) build(files []stepFile) {
	byPhase := map[string][]*steps.Step{}
	type owner struct {
		source string
		repo   bool
		phase  string
	}
	owners := map[string]owner{}
	for _, f := range files {
		if f.order < 0 {
			p.problem(f.source, 0, steps.Error, "step file names must start with a number, like 09-%s", path.Base(f.path))
			continue
		}
		if !validPhaseKey(f.phase) {
			p.problem(f.source, 0, steps.Error, "phase directory %q must be named NN-name", f.phase)
			continue
		}
		data, err := fs.ReadFile(f.fsys, f.path)
		if errors.Is(err, repofs.ErrOutside) {
			p.problem(f.source, 0, steps.Error, "is a symlink leading outside the repository; rtgit reads nothing there")
			continue
		}
		if err != nil {
			p.problem(f.source, 0, steps.Error, "cannot read: %v", err)
			continue
		}
		s, probs := parseStepFile(f, data)
		p.Problems = append(p.Problems, probs...)
		if s == nil || probs.HasErrors() {
			continue
		}
		s.Phase, s.Source, s.Order = f.phase, f.source, f.order
		if num, _, _ := strings.Cut(f.phase, "-"); !strings.HasPrefix(s.ID, num+"-") {
			p.problem(f.source, s.FieldLine("step_id"), steps.Error, "step_id %q does not belong to phase directory %s (want %s-NN)", s.ID, f.phase, num)
			continue
		}
		if key, ok := steps.MatchPersona(p.Personas, s.Persona); ok && key != s.Persona {
			p.problem(f.source, s.FieldLine("persona"), steps.Info, "persona %q is read as %q", s.Persona, key)
			s.Persona = key
		}
		if lead, ok := steps.FindPersona(p.Personas, s.Persona); ok && lead.Contributes {
			p.problem(f.source, s.FieldLine("persona"), steps.Error, "%s is a contributing persona: contributing personas join the table but never lead a step; name a lead and list %q under the step's topics", lead.Name, lead.Key)
			continue
		}
		if _, ok := steps.FindPersona(p.Personas, s.Persona); !ok {
			p.problem(f.source, s.FieldLine("persona"), steps.Error, "unknown persona %q (known: %s)", s.Persona, strings.Join(p.personaKeys(), ", "))
			continue
		}
		if prev, dup := owners[s.ID]; dup {
			if f.repo && !prev.repo && prev.phase == f.phase {
				byPhase[f.phase] = removeStep(byPhase[f.phase], s.ID)
			} else {
				p.problem(f.source, s.FieldLine("step_id"), steps.Warning, "duplicate step_id %q (already defined by %s); skipping this file", s.ID, prev.source)
				continue
			}
		}
		owners[s.ID] = owner{source: f.source, repo: f.repo, phase: f.phase}
		byPhase[f.phase] = append(byPhase[f.phase], s)
	}
	keys := make([]string, 0, len(byPhase))
	for k := range byPhase {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		list := byPhase[k]
		sort.SliceStable(list, func(i, j int) bool {
			if list[i].Order != list[j].Order {
				return list[i].Order < list[j].Order
			}
			return list[i].ID < list[j].ID
		})
		phase, key := p.lib.phase(k)
		known := key != ""
		if !known {
			key, known = steps.PersonaForPhase(p.Personas, k)
		}
		if !known {
			fb, _ := steps.FindPersona(p.Personas, key)
			p.problem(RepoStepsDir+"/"+k, 0, steps.Warning, "Unknown phase key '%s'. Falling back to %s (%s).", k, fb.Name, fb.Role)
		}
		lead, ok := steps.FindPersona(p.Personas, key)
		if !ok {
			p.problem(p.lib.Source, 0, steps.Warning, "phase %s names lead %q, who is not a persona; %s leads it", k, key, steps.FallbackPersona)
			lead, _ = steps.FindPersona(p.Personas, steps.FallbackPersona)
		}
		p.Phases = append(p.Phases, &RoutePhase{Phase: phase, Persona: lead, Steps: list})
	}
}

// parsedDefaults memoizes the parse of each default step file, keyed by
// its name and bytes. The defaults are compiled in and cannot change while
// the process runs, yet one command loads the route several times (the
// action: once per comment, for the status, for the reply).
var parsedDefaults sync.Map // string → parsedStep

type parsedStep struct {
	step  *steps.Step
	probs steps.Problems
}

// parseStepFile parses f, reusing an earlier parse of the same default
// file. Each caller gets its own copy of the Step, since build fills in
// where the file was found; nothing changes a Step's contents after
// parsing, so the rest is shared.
func parseStepFile(f stepFile, data []byte) (*steps.Step, steps.Problems) {
	if f.repo {
		return stepfile.Parse(f.source, data)
	}
	key := f.source + "\x00" + string(data)
	v, ok := parsedDefaults.Load(key)
	if !ok {
		s, probs := stepfile.Parse(f.source, data)
		v, _ = parsedDefaults.LoadOrStore(key, parsedStep{s, probs})
	}
	ps := v.(parsedStep)
	if ps.step == nil {
		return nil, ps.probs
	}
	cp := *ps.step
	return &cp, ps.probs
}

func removeStep(list []*steps.Step, id string) []*steps.Step {
	out := list[:0]
	for _, s := range list {
		if s.ID != id {
			out = append(out, s)
		}
	}
	return out
}

func (p *Route) personaKeys() []string {
	keys := make([]string, len(p.Personas))
	for i, ps := range p.Personas {
		keys[i] = ps.Key
	}
	return keys
}

// checkRefs verifies what one file cannot check alone: that placeholders
// name earlier steps' questions and depends_on names real steps.
func (p *Route) checkRefs() {
	index := map[string]int{}
	questions := map[string]map[string]bool{}
	for i, s := range p.Steps() {
		index[s.ID] = i
		questions[s.ID] = map[string]bool{}
		for _, q := range s.AllQuestions() {
			questions[s.ID][q.ID] = true
		}
	}
	for i, s := range p.Steps() {
		for _, d := range s.DependsOn {
			if _, ok := index[d]; !ok {
				p.problem(s.Source, s.FieldLine("depends_on"), steps.Warning, "depends_on names unknown step %q", d)
			}
		}
		for _, text := range templates(s) {
			for _, name := range stepfile.Placeholders(text.s) {
				step, q, ok := stepfile.SplitRef(name)
				if !ok {
					continue
				}
				j, known := index[step]
				switch {
				case !known:
					p.problem(s.Source, text.line, steps.Error, "placeholder {{%s}} names unknown step %s", name, step)
				case j >= i:
					p.problem(s.Source, text.line, steps.Error, "placeholder {{%s}} names step %s, which does not run before %s", name, step, s.ID)
				case !questions[step][q] && isEmbedded(s.Source) && !isEmbedded(p.Steps()[j].Source):
					// The repository replaced that step; the default that
					// quotes it still runs, with the value unknown.
					p.problem(s.Source, text.line, steps.Warning, "placeholder {{%s}}: step %s, as replaced by %s, asks no question %q; it renders as (not known yet)", name, step, p.Steps()[j].Source, q)
				case !questions[step][q]:
					p.problem(s.Source, text.line, steps.Error, "placeholder {{%s}}: step %s asks no question %q", name, step, q)
				}
			}
		}
	}
}

type located struct {
	s    string
	line int
}

// templates lists every text of the step that may hold placeholders.
func templates(s *steps.Step) []located {
	var out []located
	for _, sec := range []*steps.Section{s.Brief, s.Standard, s.Deep, s.Whole} {
		if sec == nil {
			continue
		}
		for _, pr := range sec.Prose {
			out = append(out, located{pr, 0})
		}
		for _, q := range sec.Questions {
			out = append(out, located{q.Draft, q.Line}, located{q.Text, q.Line})
		}
	}
	return out
}

// RepoErrors returns the errors found in the repository's own step files.
// A repository file that does not parse must never quietly give way to
// the embedded step it was meant to replace, so callers that run steps
// stop on these.
func (p *Route) RepoErrors() steps.Problems {
	var out steps.Problems
	for _, pr := range p.Problems {
		if pr.Severity == steps.Error && !strings.HasPrefix(pr.Path, "embedded:") {
			out = append(out, pr)
		}
	}
	return out
}

func isEmbedded(source string) bool { return strings.HasPrefix(source, "embedded:") }

// Steps returns every step of the route in run order.
func (p *Route) Steps() []*steps.Step {
	var out []*steps.Step
	for _, ph := range p.Phases {
		out = append(out, ph.Steps...)
	}
	return out
}

// Step finds a step and its phase by id.
func (p *Route) Step(id string) (*steps.Step, *RoutePhase) {
	for _, ph := range p.Phases {
		for _, s := range ph.Steps {
			if s.ID == id {
				return s, ph
			}
		}
	}
	return nil, nil
}

// Phase finds a phase by key.
func (p *Route) Phase(key string) *RoutePhase {
	for _, ph := range p.Phases {
		if ph.Phase.Key == key {
			return ph
		}
	}
	return nil
}

// PersonaOf returns the persona who leads step s.
func (p *Route) PersonaOf(s *steps.Step) steps.Persona {
	ps, _ := steps.FindPersona(p.Personas, s.Persona)
	return ps
}

// validPhaseKey reports whether a directory name looks like NN-name.
func validPhaseKey(key string) bool {
	num, rest, ok := strings.Cut(key, "-")
	if !ok || len(num) != 2 || rest == "" {
		return false
	}
	for _, c := range num {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// dedupe drops a problem reported twice in a row (the same text is often
// read as both a section's and the whole body's prose).
func dedupe(ps steps.Problems) steps.Problems {
	out := ps[:0]
	for i, p := range ps {
		if i > 0 && p == ps[i-1] {
			continue
		}
		out = append(out, p)
	}
	return out
}
