package follow

import "github.com/rtgit/rtgit/portfolio"

// Repo is the base branch as follow reads it.
type Repo interface {
	portfolio.Reader
	// FirstCommit is the commit of rev's first-parent history that
	// brought path in: the merge of an analysis for its meta.json.
	FirstCommit(rev, path string) (string, error)
	// Mainline lists the first-parent history of to after from, oldest
	// first, with which of paths each commit changed.
	Mainline(from, to string, paths []string) ([]Change, error)
	// Drift lists which of paths changed between from and to, with the
	// commits that changed each.
	Drift(from, to string, paths []string) ([]File, error)
}

// Change is one commit of the base branch's first-parent history: one
// change as the branch took it.
type Change struct {
	Hash, Subject string
	// Message is the whole message, with, for a merge, the messages of
	// the commits it brought in.
	Message string
	// Touched are the asked paths it changed.
	Touched []string
}

// File is one owned file that changed after the baseline.
type File struct {
	Path      string   `json:"path"`
	Change    string   `json:"change"` // modified, deleted, added or renamed
	RenamedTo string   `json:"renamed_to,omitempty"`
	Commits   []Commit `json:"commits"` // newest first
}

// Commit is a commit as `git log --oneline` shows it.
type Commit struct {
	Hash    string `json:"hash"`
	Subject string `json:"subject"`
}
