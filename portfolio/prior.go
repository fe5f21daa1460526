package portfolio

import (
	"path"
	"sort"
	"strings"

	"github.com/rtgit/rtgit/internal/lazyre"
)

// Decision is one ADR an analysis recorded, as it recorded it.
type Decision struct {
	ID     string `json:"id"`   // ADR-0001
	Path   string `json:"path"` // repository-relative
	Title  string `json:"title"`
	Status string `json:"status,omitempty"`
	Date   string `json:"date,omitempty"`
	// Decision is the first paragraph of the ADR's Decision Outcome,
	// word for word.
	Decision string `json:"decision"`
}

// Prior is an analysis already merged into the base branch whose files or
// modules the current analysis touches too, with the decisions it took.
type Prior struct {
	Slug string `json:"slug"`
	// Commit is the base branch's commit that brought the analysis in.
	Commit    string     `json:"commit"`
	Files     []string   `json:"files"`   // the files both name
	Modules   []string   `json:"modules"` // the modules both name
	Decisions []Decision `json:"decisions"`
}

// Merged is an analysis found on the base branch, read at rev.
type Merged struct {
	Slug, Dir, Rev string
	Footprint
}

// Priors lists the merged analyses that share files or modules with self,
// with their decisions read from dir at rev. commit names the commit that
// merged a folder; it is only asked for the analyses that are listed,
// since finding it walks history.
func Priors(r Reader, self Footprint, merged []Merged, commit func(Merged) string) ([]Prior, error) {
	out := []Prior{}
	for _, m := range merged {
		files, mods := intersect(self.Files, m.Files), intersect(self.Modules, m.Modules)
		if len(files)+len(mods) == 0 {
			continue
		}
		ds, err := ReadDecisions(r, m.Rev, m.Dir)
		if err != nil {
			return nil, err
		}
		out = append(out, Prior{Slug: m.Slug, Commit: commit(m), Files: files, Modules: mods, Decisions: ds})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Slug < out[j].Slug })
	return out, nil
}

var (
	adrNameRe    = lazyre.New(`^adr-(\d{4})-.+\.md$`)
	frontFieldRe = lazyre.New(`(?m)^(status|date):\s*(.+?)\s*$`)
	markerLineRe = lazyre.New(`^\s*<!--.*-->\s*$`)
)

// ReadDecisions reads the ADRs (adr-NNNN-*.md) of the analysis in dir.
func ReadDecisions(r Reader, rev, dir string) ([]Decision, error) {
	names, err := r.ListFiles(rev, dir)
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	out := []Decision{}
	for _, n := range names {
		m := adrNameRe.FindStringSubmatch(n)
		if m == nil {
			continue
		}
		p := path.Join(dir, n)
		doc, err := r.ReadFileAt(rev, p)
		if err != nil {
			return nil, err
		}
		out = append(out, ParseADR("ADR-"+m[1], p, doc))
	}
	return out, nil
}

// ParseADR reads an ADR's title, front-matter status and date, and the
// first paragraph of its Decision Outcome.
func ParseADR(id, p string, doc []byte) Decision {
	d := Decision{ID: id, Path: p}
	text := strings.ReplaceAll(string(doc), "\r\n", "\n")
	if rest, ok := strings.CutPrefix(text, "---\n"); ok {
		if front, body, ok := strings.Cut(rest, "\n---\n"); ok {
			for _, f := range frontFieldRe.FindAllStringSubmatch(front, -1) {
				if f[1] == "status" {
					d.Status = f[2]
				} else {
					d.Date = strings.Trim(f[2], `"'`)
				}
			}
			text = body
		}
	}
	in := false
	var para []string
	for _, l := range strings.Split(text, "\n") {
		if t, ok := strings.CutPrefix(l, "# "); ok && d.Title == "" {
			d.Title = strings.TrimSpace(t)
			continue
		}
		if strings.HasPrefix(l, "#") {
			if in {
				break
			}
			in = strings.EqualFold(strings.TrimSpace(strings.TrimLeft(l, "#")), "Decision Outcome")
			continue
		}
		if !in || markerLineRe.MatchString(l) {
			continue
		}
		if strings.TrimSpace(l) == "" {
			if len(para) > 0 {
				break
			}
			continue
		}
		para = append(para, strings.TrimSpace(l))
	}
	d.Decision = strings.Join(para, " ")
	return d
}
