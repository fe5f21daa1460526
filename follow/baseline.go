package follow

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"time"

	"github.com/rtgit/rtgit/layout"
)

// BaselineFile records, in the analysis's folder on the default branch,
// the commit up to which a person read the code against the analysis and
// found it still right. It is a file of its own rather than a field of
// meta.json: meta.json is the analysis's record, written on its branch
// and signed off with it, while the baseline moves on the default branch
// long after, each time someone accepts.
const BaselineFile = "drift-baseline.json"

// Baseline is an accepted drift baseline.
type Baseline struct {
	// Commit is the base branch's commit the code was read at.
	Commit string `json:"commit"`
	By     string `json:"accepted_by"`
	At     string `json:"accepted_at"` // RFC 3339, UTC
}

// BaselinePath is where slug's baseline is recorded.
func BaselinePath(lay layout.Layout, slug string) string {
	return path.Join(lay.Dir(slug), BaselineFile)
}

// ReadBaseline reads slug's baseline at rev; nil when none was recorded.
func ReadBaseline(r interface {
	ReadFileAt(rev, path string) ([]byte, error)
}, lay layout.Layout, rev, slug string) (*Baseline, error) {
	p := BaselinePath(lay, slug)
	data, err := r.ReadFileAt(rev, p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var b Baseline
	if err := json.Unmarshal(data, &b); err != nil {
		return nil, fmt.Errorf("%s: %v", p, err)
	}
	if len(b.Commit) != 40 {
		return nil, fmt.Errorf("%s: commit %q is not a full commit id", p, b.Commit)
	}
	return &b, nil
}

// Marshal renders the baseline as the file holds it.
func (b Baseline) Marshal() []byte {
	data, _ := json.MarshalIndent(b, "", "  ")
	return append(data, '\n')
}

// NewBaseline is the baseline of commit, accepted by who now.
func NewBaseline(commit, who string, now time.Time) Baseline {
	return Baseline{Commit: commit, By: who, At: now.UTC().Format(time.RFC3339)}
}
