package roundtable

import (
	"errors"
	"fmt"
	"os"
	"sync"

	"github.com/rtgit/rtgit/layout"
	"github.com/rtgit/rtgit/model"
)

// Staleness levels: how far the code moved under an analysis.
const (
	// StaleNone: the base branch has not moved past the analysis.
	StaleNone = "none"
	// StaleInfo: it moved, but none of the files the impact analysis names changed.
	StaleInfo = "info"
	// StaleWarning: some of them changed, were renamed or were deleted.
	StaleWarning = "warning"
	// StaleUnknown: only the commits can be compared, because the impact
	// analysis names no files or there is nothing to compare with.
	StaleUnknown = "unknown"
)

// Tracker is what the staleness check needs from version control. It is
// optional: a Repo without it reports the level unknown.
type Tracker interface {
	// BaseTip names the base branch analyses are compared with and
	// resolves its tip to a full SHA.
	BaseTip() (name, sha string, err error)
	// ResolveCommit turns a full or abbreviated SHA into a full one.
	ResolveCommit(rev string) (string, error)
	// Drift compares two commits for the given paths.
	Drift(from, to string, paths []string) (*Drift, error)
}

// Drift is how the code moved between two commits, seen from some paths.
type Drift struct {
	Commits int         // commits in from..to; -1 when not counted (no overlap)
	Paths   []string    // the paths that differ between the two trees
	Files   []StaleFile // the paths asked about that changed
}

// codeChanged is how many of the paths that differ are not analysis
// documents (the layout's folders), and how many are. Merging an
// analysis, or any other, moves the base branch without moving its code:
// counted as change, it made a merged analysis look stale by its own
// documents. Staleness and refresh both count through here.
func (d *Drift) codeChanged(l layout.Layout) (code, docs int) {
	for _, p := range d.Paths {
		if l.Holds(p) {
			docs++
		}
	}
	return len(d.Paths) - docs, docs
}

// Staleness is the comparison of an analysis with its base branch, as
// status, check, the dashboard and the job summary show it.
type Staleness struct {
	Level          string      `json:"level"`
	Base           string      `json:"base"`            // the branch compared with
	AnalysisCommit string      `json:"analysis_commit"` // the commit the analysis was written against
	BaseTip        string      `json:"base_tip"`
	CommitsBehind  int         `json:"commits_behind"` // -1: not counted, as no named file changed
	ChangedFiles   int         `json:"changed_files"`  // paths changed between the two commits
	NamedFiles     []string    `json:"named_files"`    // the Directly Affected Files
	Files          []StaleFile `json:"files"`          // named files that changed
	Message        string      `json:"message"`
}

// StaleFile is one named file that changed on the base branch.
type StaleFile struct {
	Path      string        `json:"path"`
	Change    string        `json:"change"` // modified, deleted, added, renamed
	RenamedTo string        `json:"renamed_to,omitempty"`
	Commits   []StaleCommit `json:"commits"`
}

// StaleCommit is one commit that changed a named file.
type StaleCommit struct {
	Hash    string `json:"hash"`
	Subject string `json:"subject"`
}

// Oneline is the commit as `git log --oneline` prints it.
func (c StaleCommit) Oneline() string { return shortHash(c.Hash) + " " + c.Subject }

// Staleness compares the analysis with the current tip of the base branch.
func (m *Machine) Staleness(slug string) (*Staleness, error) {
	st, err := m.loadAt(slug, m.source(slug))
	if err != nil {
		return nil, err
	}
	return st.staleness()
}

// analysisCommit is the commit the analysis was written against: the full
// SHA recorded when it started (or last refreshed), else codebase_hash.
func (st *state) analysisCommit() string {
	if st.meta.BaseCommit != "" {
		return st.meta.BaseCommit
	}
	return st.meta.CodebaseHash
}

// namedFiles reads the Directly Affected Files table, as build tools do.
func (st *state) namedFiles() ([]string, error) {
	data, err := st.read(st.it.outputPath(impactArtifact))
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return model.ImpactFiles(data), nil
}

func (st *state) staleness() (*Staleness, error) {
	s := &Staleness{Level: StaleUnknown, NamedFiles: []string{}, Files: []StaleFile{}}
	tr, ok := st.tracker()
	if !ok {
		s.Message = "this repository cannot be compared with a base branch"
		return s, nil
	}
	named, err := st.namedFiles()
	if err != nil {
		return nil, err
	}
	if named != nil {
		s.NamedFiles = named
	}
	recorded := st.analysisCommit()
	if recorded == "" {
		s.Message = "meta.json records no codebase_hash, so there is nothing to compare with"
		return s, nil
	}
	from, err := tr.ResolveCommit(recorded)
	if err != nil {
		s.Message = fmt.Sprintf("the analysis commit %s is not in this repository (%v)", shortHash(recorded), err)
		return s, nil
	}
	s.AnalysisCommit = from
	name, tip, err := tr.BaseTip()
	if err != nil {
		s.Message = fmt.Sprintf("no base branch to compare with: %v", err)
		return s, nil
	}
	s.Base, s.BaseTip = name, tip
	if tip == from {
		s.Level, s.Message = StaleNone, fmt.Sprintf("%s has not moved since %s", name, shortHash(from))
		return s, nil
	}
	d, err := tr.Drift(from, tip, named)
	if err != nil {
		// A recorded commit the object store lacks (a shallow clone, a
		// rewritten history) leaves only the hashes to compare.
		s.Message = fmt.Sprintf("%s is at %s but the analysis commit %s cannot be compared with it: %v", name, shortHash(tip), shortHash(from), err)
		return s, nil
	}
	code, docs := d.codeChanged(st.m.Layout)
	s.CommitsBehind, s.ChangedFiles = d.Commits, code
	if d.Files != nil {
		s.Files = d.Files
	}
	moved := fmt.Sprintf("%s moved from %s to %s, changing %s", name, shortHash(from), shortHash(tip), plural(code, "file"))
	if d.Commits >= 0 {
		moved = fmt.Sprintf("%s moved %s past %s to %s, changing %s", name, plural(d.Commits, "commit"), shortHash(from), shortHash(tip), plural(code, "file"))
	}
	switch {
	case code == 0 && docs > 0:
		s.Level, s.Message = StaleNone, fmt.Sprintf("%s moved from %s to %s, changing only analysis documents under %s/", name, shortHash(from), shortHash(tip), st.m.Layout.Root())
	case code == 0 || d.Commits == 0:
		s.Level, s.Message = StaleNone, fmt.Sprintf("%s (%s) has no commits the analysis at %s lacks", name, shortHash(tip), shortHash(from))
	case len(named) == 0:
		s.Level, s.Message = StaleUnknown, moved+"; the impact analysis names no files, so only the commits can be compared"
	case len(s.Files) > 0:
		s.Level, s.Message = StaleWarning, moved+fmt.Sprintf("; %d of the %d files the impact analysis names changed", len(s.Files), len(named))
	default:
		s.Level, s.Message = StaleInfo, moved+fmt.Sprintf("; none of the %d files the impact analysis names changed", len(named))
	}
	return s, nil
}

// Lines describes the staleness for people: the message, then each
// changed file with the commits that changed it.
func (s *Staleness) Lines() []string {
	out := []string{fmt.Sprintf("staleness: %s: %s", s.Level, s.Message)}
	for _, f := range s.Files {
		what := f.Change
		if f.RenamedTo != "" {
			what += " to " + f.RenamedTo
		}
		out = append(out, fmt.Sprintf("  %s (%s)", f.Path, what))
		for _, c := range f.Commits {
			out = append(out, "    "+c.Oneline())
		}
	}
	return out
}

// Stale reports whether the level should stop a build.
func (s *Staleness) Stale() bool { return s != nil && s.Level == StaleWarning }

// tracker is the Tracker the staleness check uses: the one List shares,
// else the Repo's own.
func (st *state) tracker() (Tracker, bool) {
	if st.tr != nil {
		return st.tr, true
	}
	tr, ok := st.m.Repo.(Tracker)
	return tr, ok
}

// tipOnce resolves the base tip once for a whole list. The base branch
// cannot move while the list is read, and on a repository whose refs are
// packed (as a clone or git gc leaves them) every lookup reads the whole
// packed-refs file again: once per analysis, that was four tenths of
// `rtgit status` over 1,000 analyses.
type tipOnce struct {
	Tracker
	once      sync.Once
	name, sha string
	err       error
}

func (t *tipOnce) BaseTip() (string, string, error) {
	t.once.Do(func() { t.name, t.sha, t.err = t.Tracker.BaseTip() })
	return t.name, t.sha, t.err
}
