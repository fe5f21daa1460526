package roundtable

import (
	"encoding/json"
	"errors"
	"os"
	"path"
	"sort"
	"strings"

	"github.com/rtgit/rtgit/model"
)

// Handoff is the machine-readable part of `rtgit check --json`: what a
// build tool needs to start from an analysis without parsing markdown.
// The open questions (Q-NNN) sit beside it in Readiness.
type Handoff struct {
	Artifacts    []HandoffArtifact `json:"artifacts"`
	Requirements []HandoffItem     `json:"requirements"` // FR, NFR and CON ids
	Stories      []HandoffItem     `json:"stories"`      // US ids
	Decisions    []HandoffItem     `json:"decisions"`    // ADR ids
}

// HandoffArtifact is one file of the analysis.
type HandoffArtifact struct {
	Path string `json:"path"` // repository-relative
	Kind string `json:"kind"` // see artifactKinds
}

// HandoffItem is one identified requirement, story or decision.
type HandoffItem struct {
	ID     string   `json:"id"`
	Title  string   `json:"title,omitempty"`
	Path   string   `json:"path"`             // the artifact that defines it
	Status string   `json:"status,omitempty"` // decisions: accepted, deprecated, …
	Links  []string `json:"links,omitempty"`  // stories: linked requirement ids
}

// artifactKinds names each artifact's kind by its file name; families are
// matched by prefix in kindOf.
var artifactKinds = map[string]string{
	"meta.json": "meta", "quick-scan.md": "quick-scan", "requirements-spec.md": "requirements-spec",
	"user-stories.json": "user-stories", "traceability-matrix.csv": "traceability-matrix",
	"impact-analysis.md": "impact-analysis", "architecture-overview.md": "architecture-overview",
	"tech-stack-decision.md": "tech-stack-decision", "module-design.md": "module-design-index",
	"interface-spec.yaml": "interface-spec", "data-flow.md": "data-flow", "error-taxonomy.md": "error-taxonomy",
	"design-review.md": "design-review", "nfr-matrix.md": "nfr-matrix", "component-interactions.md": "component-interactions",
	// The bug library's own documents.
	"bug-report.md": "bug-report", "root-cause-analysis.md": "root-cause-analysis", "fix-strategy.md": "fix-strategy",
}

func kindOf(name string) string {
	if k, ok := artifactKinds[name]; ok {
		return k
	}
	switch {
	case strings.HasPrefix(name, "adr-"):
		return "adr"
	case strings.HasPrefix(name, "module-design-"):
		return "module-design"
	}
	return "other"
}

// handoff lists the analysis's artifacts and the ids they define.
func (st *state) handoff() (*Handoff, error) {
	h := &Handoff{Artifacts: []HandoffArtifact{}, Requirements: []HandoffItem{}, Stories: []HandoffItem{},
		Decisions: []HandoffItem{}}
	names, err := st.list(st.it.dir())
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	sort.Strings(names)
	for _, n := range names {
		if kindOf(n) == "other" {
			continue
		}
		h.Artifacts = append(h.Artifacts, HandoffArtifact{Path: path.Join(st.it.dir(), n), Kind: kindOf(n)})
	}
	nfr := st.it.outputPath("nfr-matrix.md")
	if _, err := st.read(nfr); err == nil {
		h.Artifacts = append(h.Artifacts, HandoffArtifact{Path: nfr, Kind: "nfr-matrix"})
	}
	spec := st.it.outputPath("requirements-spec.md")
	if data, err := st.read(spec); err == nil {
		for _, r := range model.SpecHeadings(data) {
			h.Requirements = append(h.Requirements, HandoffItem{ID: r.ID, Title: r.Title, Path: spec})
		}
	}
	storiesPath := st.it.outputPath("user-stories.json")
	if data, err := st.read(storiesPath); err == nil {
		var stories []struct {
			ID     string   `json:"id"`
			IWant  string   `json:"i_want"`
			Linked []string `json:"linked_requirements"`
		}
		if json.Unmarshal(data, &stories) == nil {
			for _, s := range stories {
				h.Stories = append(h.Stories, HandoffItem{ID: s.ID, Title: s.IWant, Path: storiesPath, Links: s.Linked})
			}
		}
	}
	for _, n := range names {
		number, ok := model.ADRNumber(n)
		if !ok {
			continue
		}
		p := path.Join(st.it.dir(), n)
		item := HandoffItem{ID: "ADR-" + number, Path: p}
		if data, err := st.read(p); err == nil {
			item.Status, item.Title = model.ADRStatus(data), model.DocTitle(data)
		}
		h.Decisions = append(h.Decisions, item)
	}
	return h, nil
}
