package quickscan

import (
	"fmt"
	"strings"
)

// A change edits code, and often the files that go with it: the
// changelog entry that announces it, the page of the manual that
// describes the name it changes. Those files rank low among the hits, as
// they should (the change is not about them), so the scan names them in
// a short list of their own instead of in place of code: a changelog or
// document mentioning the identifiers the top code files are about.

// maxCompanions is how many companions a scan lists.
const maxCompanions = 5

// Companion is a changelog or document likely to change with the code.
type Companion struct {
	Path string `json:"path"`
	Kind string `json:"kind"`
	Why  string `json:"why"`
}

// companionsOf picks the companions of ranked files: changelogs first (a
// change usually adds an entry), then documents, each by rank, that
// mention an identifier of the top source files, the keywords they
// define or, when they define none, those the top one matches.
func companionsOf(ranked []File) []Companion {
	ids := identifiers(ranked)
	if len(ids) == 0 {
		return nil
	}
	var logs, docs []Companion
	for _, f := range ranked {
		if f.Kind != KindChangelog && f.Kind != KindDoc {
			continue
		}
		var named []string
		for _, m := range f.Matched {
			if ids[m] {
				named = append(named, m)
			}
		}
		if len(named) == 0 {
			continue
		}
		c := Companion{Path: f.Path, Kind: f.Kind}
		if f.Kind == KindChangelog {
			c.Why = fmt.Sprintf("the changelog; it mentions %s", strings.Join(named, ", "))
			logs = append(logs, c)
		} else {
			c.Why = fmt.Sprintf("documentation that mentions %s", strings.Join(named, ", "))
			docs = append(docs, c)
		}
	}
	out := append(logs, docs...)
	return out[:min(len(out), maxCompanions)]
}

// identifiers are the keywords the code a change lands in is about: those
// the top three source files define, else those the top one matches.
func identifiers(ranked []File) map[string]bool {
	ids := map[string]bool{}
	var top []File
	for _, f := range ranked {
		if f.Kind == KindSource {
			top = append(top, f)
			if len(top) == 3 {
				break
			}
		}
	}
	for _, f := range top {
		for _, d := range f.Defines {
			for _, k := range strings.Split(d, "+") {
				ids[k] = true
			}
		}
	}
	if len(ids) == 0 && len(top) > 0 {
		for _, m := range top[0].Matched {
			ids[m] = true
		}
	}
	return ids
}
