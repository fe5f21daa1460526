package portfolio

import (
	"fmt"
	"sort"
	"strings"
)

// Analysis is one analysis seen from outside: where it lives, how far it
// got, who started it and what it plans to touch.
type Analysis struct {
	Slug string `json:"slug"`
	// Branch is rtgit/<slug>, or origin/rtgit/<slug> for an analysis this
	// clone has only as a remote-tracking branch.
	Branch string `json:"branch"`
	// State is the open step's id, "ready" once analyzed and passing
	// check's gate, "not ready" once analyzed but refused, or the
	// analysis_status when neither says more.
	State string `json:"state"`
	// Owner is the author of the analysis's first commit.
	Owner string `json:"owner,omitempty"`
	Footprint
}

// Overlap is another open analysis that plans to change some of the same
// files, or defines some of the same operations.
type Overlap struct {
	Slug       string   `json:"slug"`
	Branch     string   `json:"branch"`
	Files      []string `json:"files"`
	Operations []string `json:"operations"`
	State      string   `json:"state"`
	Owner      string   `json:"owner,omitempty"`
}

// Overlaps lists the analyses among others that share files or operations
// with self, by slug. self itself, if listed, is skipped.
func Overlaps(self Analysis, others []Analysis) []Overlap {
	out := []Overlap{}
	for _, o := range others {
		if o.Slug == self.Slug {
			continue
		}
		files, ops := intersect(self.Files, o.Files), intersect(self.Operations, o.Operations)
		if len(files)+len(ops) == 0 {
			continue
		}
		out = append(out, Overlap{Slug: o.Slug, Branch: o.Branch, Files: files, Operations: ops, State: o.State, Owner: o.Owner})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Slug < out[j].Slug })
	return out
}

// AllOverlaps computes the overlaps of every analysis with every other,
// keyed by slug. It indexes files and operations once, so a hundred
// analyses cost a pass over their footprints, not a pass per pair.
func AllOverlaps(all []Analysis) map[string][]Overlap {
	byKey := map[string][]int{}
	for i, a := range all {
		for _, f := range a.Files {
			byKey["f\x00"+f] = append(byKey["f\x00"+f], i)
		}
		for _, op := range a.Operations {
			byKey["o\x00"+op] = append(byKey["o\x00"+op], i)
		}
	}
	out := map[string][]Overlap{}
	for i, a := range all {
		seen := map[int]bool{}
		var peers []Analysis
		visit := func(prefix string, keys []string) {
			for _, k := range keys {
				for _, j := range byKey[prefix+k] {
					if j != i && !seen[j] {
						seen[j] = true
						peers = append(peers, all[j])
					}
				}
			}
		}
		visit("f\x00", a.Files)
		visit("o\x00", a.Operations)
		if len(peers) > 0 {
			out[a.Slug] = Overlaps(a, peers)
		}
	}
	return out
}

// Line says an overlap in one line, for status, check and the dashboard's
// plain-text callers.
func (o Overlap) Line() string {
	var what []string
	if len(o.Files) > 0 {
		what = append(what, plural(len(o.Files), "file", "files")+" "+strings.Join(o.Files, ", "))
	}
	if len(o.Operations) > 0 {
		what = append(what, plural(len(o.Operations), "operation", "operations")+" "+strings.Join(o.Operations, ", "))
	}
	who := o.State
	if o.Owner != "" {
		who += ", started by " + o.Owner
	}
	return fmt.Sprintf("%s (%s, %s) plans to change the same %s", o.Slug, o.Branch, who, strings.Join(what, "; and the same "))
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
