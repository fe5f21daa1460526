package artifacts

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/rtgit/rtgit/internal/lazyre"
	"github.com/rtgit/rtgit/model"
)

// TraceRow is one requirement/story link of the traceability matrix.
type TraceRow struct {
	Requirement, Story, Priority, Status string
	// Source is where the answers behind the row came from: SourceUser,
	// or the record of a model's draft a person confirmed.
	Source string
}

// TraceColumns head traceability-matrix.csv: the seed's matrix, which
// readers of the framework's files expect, column for column.
var TraceColumns = []string{"Requirement", "User Story", "Priority", "Status"}

// SourceColumn is appended to TraceColumns when a requirement or story
// link of the matrix came from a model's draft. It goes last, and only
// then, so an analysis written without a model keeps exactly the seed's
// four columns and readers that index the first four keep working.
const SourceColumn = "Source"

// SourceUser is the Source of a row built from a person's own answers.
const SourceUser = "user"

// Answers the matrix's rows come from.
const (
	frRef      = "01-06.requirements"
	nfrRef     = "01-05.nfrs"
	storiesRef = "01-07.stories"
)

// rowSource is the Source of a row linking requirement id and story
// (either may be ""): the drafts behind either answer, or SourceUser.
func rowSource(in Input, id, story string) string {
	if in.Source == nil {
		return SourceUser
	}
	var refs []string
	switch idKind(id) {
	case 0:
		refs = append(refs, frRef)
	case 1:
		refs = append(refs, nfrRef)
	}
	if story != "" {
		refs = append(refs, storiesRef)
	}
	var out []string
	for _, ref := range refs {
		if s := in.Source(ref); s != "" && !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	if len(out) == 0 {
		return SourceUser
	}
	return strings.Join(out, "; ")
}

// traceInputs gathers what the matrix links: the requirements of 01-06 and
// 01-05, the stories of 01-07 and the priorities being answered.
func traceInputs(in Input) ([]string, []model.Story, model.Priorities) {
	prio := in.Model.Priorities
	ids, _ := definedIDs(in)
	defined := map[string]bool{}
	for _, id := range ids {
		defined[id] = true
	}
	var stories []model.Story
	if in.Model.Defined.HaveStories {
		stories = in.Model.Defined.Stories
	} else if in.Read != nil {
		if data, _ := in.Read(in.ItemDir + "/user-stories.json"); data != nil {
			_ = json.Unmarshal(data, &stories)
		}
	}
	for _, id := range prio.Order {
		if !strings.HasPrefix(id, "US-") {
			ids = append(ids, id)
		}
	}
	for _, s := range stories {
		ids = append(ids, s.LinkedRequirements...)
	}
	// A priority or a story link naming an id no requirement defines (one
	// removed since, or a typo) gets no row: the matrix lists only what
	// the requirements define.
	ids = slices.DeleteFunc(uniq(ids), func(id string) bool { return !defined[id] })
	sort.SliceStable(ids, func(i, j int) bool { return idKind(ids[i]) < idKind(ids[j]) })
	pruneLinks(in, stories)
	prio.Apply(stories)
	return ids, stories, prio
}

func idKind(id string) int {
	switch {
	case strings.HasPrefix(id, "FR-"):
		return 0
	case strings.HasPrefix(id, "NFR-"):
		return 1
	}
	return 2
}

// TraceRows builds one row per requirement/story link; a requirement no
// story covers, and a story linked to no requirement, get a row of their
// own. Rows' Source is left empty; see rowSource.
func TraceRows(ids []string, stories []model.Story, prio model.Priorities) []TraceRow {
	var rows []TraceRow
	linked := map[string]bool{}
	for _, id := range ids {
		n := 0
		for _, s := range stories {
			for _, r := range s.LinkedRequirements {
				if r == id {
					p := prio.Of[id]
					if p == "" {
						p = s.Priority
					}
					rows = append(rows, TraceRow{Requirement: id, Story: s.ID, Priority: p, Status: "Draft"})
					linked[s.ID] = true
					n++
				}
			}
		}
		if n == 0 {
			rows = append(rows, TraceRow{Requirement: id, Priority: prio.Of[id], Status: "Draft"})
		}
	}
	for _, s := range stories {
		if !linked[s.ID] {
			rows = append(rows, TraceRow{Story: s.ID, Priority: s.Priority, Status: "Draft"})
		}
	}
	return rows
}

// traceability writes traceability-matrix.csv and puts the priorities into
// user-stories.json and the specification's stories; with a #Section it
// renders the matrix as the seed's markdown table instead.
func traceability(in Input) (Result, error) {
	ids, stories, prio := traceInputs(in)
	rows := TraceRows(ids, stories, prio)
	// Status follows sign-off: a row is a draft until the area that
	// owns the matrix is approved.
	if in.Approved != nil && in.Approved() {
		for i := range rows {
			rows[i].Status = "Approved"
		}
	}
	if in.Section != "" {
		return section(in, traceTable(rows)), nil
	}
	drafted := false
	for i := range rows {
		rows[i].Source = rowSource(in, rows[i].Requirement, rows[i].Story)
		drafted = drafted || rows[i].Source != SourceUser
	}
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	if drafted {
		_ = w.Write(append(slices.Clone(TraceColumns), SourceColumn))
	} else {
		_ = w.Write(TraceColumns)
	}
	for _, r := range rows {
		rec := []string{r.Requirement, r.Story, r.Priority, r.Status}
		if drafted {
			rec = append(rec, r.Source)
		}
		_ = w.Write(rec)
	}
	w.Flush()
	if err := w.Error(); err != nil {
		return Result{}, err
	}
	res := Result{Files: []File{{in.OutputPath, buf.Bytes()}}}
	if in.Model.Defined.HaveStories {
		data, err := json.MarshalIndent(stories, "", "  ")
		if err != nil {
			return Result{}, err
		}
		res.Files = append(res.Files, File{in.ItemDir + "/user-stories.json", append(data, '\n')})
		res.Fills = append(res.Fills, Fill{Path: in.ItemDir + "/requirements-spec.md", Template: "requirements-spec.md",
			Section: "User Stories", Key: storiesKey, Body: storiesMarkdown(stories)})
	}
	return res, nil
}

// traceTable groups the links per requirement, like the seed's matrix.
func traceTable(rows []TraceRow) string {
	var b strings.Builder
	b.WriteString("| Requirement | User Story | Priority | Status |\n| --- | --- | --- | --- |\n")
	for i := 0; i < len(rows); {
		j := i
		var us []string
		for j < len(rows) && rows[j].Requirement == rows[i].Requirement && rows[i].Requirement != "" {
			if rows[j].Story != "" {
				us = append(us, rows[j].Story)
			}
			j++
		}
		if j == i { // a story with no requirement
			us = []string{rows[i].Story}
			j = i + 1
		}
		story := strings.Join(us, ", ")
		if story == "" {
			story = "--"
		}
		req := rows[i].Requirement
		if req == "" {
			req = "--"
		}
		p := rows[i].Priority
		if p == "" {
			p = "Unprioritised"
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", req, story, p, rows[i].Status)
		i = j
	}
	return b.String()
}

// definedIDs lists the requirement ids the analysis defines: the FR ids
// of 01-06 and the NFR ids of 01-05, and which of those two kinds it
// knows (a step not answered yet defines nothing either way).
func definedIDs(in Input) (ids []string, known map[string]bool) {
	known = map[string]bool{}
	d := in.Model.Defined
	if d.HaveFRs {
		known["FR"] = true
		for _, r := range d.FRs {
			ids = append(ids, r.ID)
		}
	}
	if d.HaveNFRs {
		known["NFR"] = true
		for _, x := range d.NFRs {
			ids = append(ids, x.ID)
		}
	}
	return ids, known
}

// pruneLinks drops story links to requirements of a kind the analysis
// defines but not with that id: a requirement removed since the story was
// written. The story's answer still names it, and rtgit status reports it
// there; the derived files hold only ids that exist.
func pruneLinks(in Input, stories []model.Story) {
	ids, known := definedIDs(in)
	have := map[string]bool{}
	for _, id := range ids {
		have[id] = true
	}
	for i := range stories {
		stories[i].LinkedRequirements = slices.DeleteFunc(stories[i].LinkedRequirements, func(id string) bool {
			kind, _, _ := strings.Cut(id, "-")
			return known[kind] && !have[id]
		})
	}
}

// approvedCell is a traceability row's Status cell once the area is
// approved, at the end of the row.
var approvedCell = lazyre.New(`(?m)\| Approved \|\s*$`)

// WithoutSignOff is a block's text as it reads before any approval: the
// traceability matrix's Status column follows sign-off, so an approval
// rewrites it, and what an approval covers (and what a hand edit is)
// cannot include what the approval itself writes.
func WithoutSignOff(text string) string {
	return approvedCell.ReplaceAllString(text, "| Draft |")
}
