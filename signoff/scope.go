package signoff

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sort"
	"strings"
)

// Answer is one question's answer as the person gave it.
type Answer struct {
	ID   string
	Text string
}

// Part is one finished step's share of an area: the answers to the
// questions it asked that belong to the area, and for every area but tasks
// the step's depth and feedback, which shape the artifacts as much as the
// answers do.
type Part struct {
	Step     string
	Depth    string
	Answers  []Answer
	Feedback string
}

// Digest fingerprints the part. Whitespace around an answer is not part of
// it, as it is not part of what the artifacts are built from.
func (p Part) Digest() string {
	h := sha256.New()
	fmt.Fprintf(h, "step %s\ndepth %s\n", p.Step, p.Depth)
	for _, a := range p.Answers {
		fmt.Fprintf(h, "answer %s %q\n", a.ID, strings.TrimSpace(a.Text))
	}
	fmt.Fprintf(h, "feedback %q\n", strings.TrimSpace(p.Feedback))
	return "sha256:" + hex.EncodeToString(h.Sum(nil))
}

// Scope is one area of one analysis as it stands: the steps the analysis
// runs in it, the ones not finished yet, and the shares of the finished
// ones.
type Scope struct {
	Area  string
	Steps []string // in plan order
	Open  []string // steps not finished, in plan order
	Parts []Part   // one per finished step
}

// Empty reports whether the analysis runs no step in the area: there is
// nothing to approve.
func (s Scope) Empty() bool { return len(s.Steps) == 0 }

// Complete reports whether every step of the area is finished.
func (s Scope) Complete() bool { return !s.Empty() && len(s.Open) == 0 }

// Digest fingerprints the whole area: every part's digest, by step.
func (s Scope) Digest() string {
	h := sha256.New()
	fmt.Fprintf(h, "area %s\n", s.Area)
	parts := s.PartDigests()
	ids := make([]string, 0, len(parts))
	for id := range parts {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		fmt.Fprintf(h, "%s %s\n", id, parts[id])
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil))
}

// PartDigests maps each finished step to its part's digest.
func (s Scope) PartDigests() map[string]string {
	out := make(map[string]string, len(s.Parts))
	for _, p := range s.Parts {
		out[p.Step] = p.Digest()
	}
	return out
}

// changedSince lists, in plan order, the steps whose share differs from
// the digests an approval recorded, including steps added or reopened since.
func (s Scope) changedSince(then map[string]string) []string {
	now := s.PartDigests()
	var out []string
	for _, id := range s.Steps {
		if now[id] != then[id] {
			out = append(out, id)
		}
	}
	// Parts that are no step (the settled questions): changed, added or
	// gone.
	var extra []string
	for id, d := range now {
		if !contains(s.Steps, id) && then[id] != d {
			extra = append(extra, id)
		}
	}
	for id := range then {
		if _, still := now[id]; !still && !contains(s.Steps, id) {
			extra = append(extra, id)
		}
	}
	sort.Strings(extra)
	return append(out, extra...)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
