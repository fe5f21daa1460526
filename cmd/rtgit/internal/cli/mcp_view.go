package cli

import (
	"fmt"
	"strings"

	"github.com/rtgit/rtgit/export"
	"github.com/rtgit/rtgit/internal/lazyre"
	"github.com/rtgit/rtgit/mcpserver"
	"github.com/rtgit/rtgit/steps/roundtable"
)

// loadForAgent fills the server's view of one analysis from what the
// exports read: the structured analysis, its status and its readiness.
func loadForAgent(m *roundtable.Machine, slug string) (*mcpserver.Analysis, error) {
	st, err := m.Status(slug)
	if err != nil {
		return nil, err
	}
	src, err := m.Source(slug)
	if err != nil {
		return nil, err
	}
	x := export.New(src)
	a := &mcpserver.Analysis{
		Slug: slug, Description: x.Title, Library: st.Library, State: "ready",
		Done: len(st.StepsCompleted), Total: st.StepsTotal, SignOff: map[string]string{},
		TasksConfirmed: x.TasksConfirmed,
	}
	if st.Step != nil {
		a.State = st.Step.ID
	}
	for _, s := range st.SignOff {
		a.SignOff[s.Area] = s.State
	}
	if r, err := m.Check(slug); err == nil {
		a.Ready = r.Ready && !r.Staleness.Stale()
		for _, f := range checkForAgent(r).Findings {
			if f.Level == "error" {
				a.Missing = append(a.Missing, f.Message)
			}
		}
		if a.State == "ready" && !a.Ready {
			a.State = "complete, not ready"
		}
	}
	for _, r := range x.Requirements {
		req := mcpserver.Requirement{ID: r.ID, Title: r.Title, Statement: r.Statement, Priority: r.Priority, Stories: r.Stories}
		for _, c := range r.Criteria {
			cr := mcpserver.Criterion{ID: c.ID, Text: c.Text}
			for _, s := range c.Steps {
				cr.Steps = append(cr.Steps, s.Keyword+" "+s.Text)
			}
			req.Criteria = append(req.Criteria, cr)
		}
		a.Requirements = append(a.Requirements, req)
	}
	for _, n := range x.NFRs {
		a.NFRs = append(a.NFRs, mcpserver.NFR{ID: n.ID, Category: n.Category, Target: n.Target})
	}
	for _, s := range x.Stories {
		a.Stories = append(a.Stories, mcpserver.Story{ID: s.ID, Priority: s.Priority, Requirements: s.LinkedRequirements,
			Text: fmt.Sprintf("As %s, I want %s, so that %s", s.AsA, s.IWant, s.SoThat)})
	}
	for _, md := range x.Modules {
		a.Modules = append(a.Modules, mcpserver.Module{Name: md.Name, Sections: md.Sections})
	}
	for _, t := range x.Tasks {
		a.Tasks = append(a.Tasks, mcpserver.Task{ID: t.ID, Title: t.Title, Kind: t.Kind, Traces: t.Traces, Files: t.Files,
			DependsOn: t.DependsOn, BlockedBy: t.BlockedBy, Parallel: t.Parallel})
	}
	for _, q := range x.Open {
		a.Open = append(a.Open, mcpserver.Question{ID: q.ID, Text: q.Text})
	}
	for _, f := range x.Affected {
		a.Files = append(a.Files, mcpserver.File{Path: f.Path, Change: f.Change})
	}
	b := &mcpBackend{dir: m.Repo.Root()}
	a.Artifacts = b.artifacts(slug, src)
	for _, name := range a.Artifacts {
		if mm := adrName.FindStringSubmatch(name); mm != nil {
			d := mcpserver.Decision{ID: "ADR-" + mm[1], Title: strings.ReplaceAll(mm[2], "-", " ")}
			if body, err := b.Artifact(slug, name); err == nil {
				d.Why = string(body)
			}
			a.Decisions = append(a.Decisions, d)
		}
	}
	return a, nil
}

var adrName = lazyre.New(`^adr-(\d{4})-(.+)\.md$`)

// checkForAgent turns the readiness gate's answer into findings.
func checkForAgent(r *roundtable.Readiness) *mcpserver.Check {
	c := &mcpserver.Check{Ready: r.Ready && !r.Staleness.Stale()}
	add := func(kind, level, msg string) {
		c.Findings = append(c.Findings, mcpserver.Finding{Kind: kind, Level: level, Message: msg})
	}
	if r.AnalysisStatus != "analyzed" {
		add("status", "error", "analysis_status is "+r.AnalysisStatus+", not analyzed")
	}
	for _, p := range r.Missing {
		add("missing", "error", "missing artifact: "+p)
	}
	for _, x := range r.Clarifications {
		add("clarification", "error", x)
	}
	for _, x := range r.Outline {
		add("outline", "error", "broken outline: "+x)
	}
	for _, q := range r.OpenQuestions {
		add("open_question", "error", q.ID+": "+strings.Join(strings.Fields(q.Text), " "))
	}
	if r.Staleness.Stale() {
		add("stale", "error", r.Staleness.Message)
	}
	for _, n := range r.Review {
		c.Findings = append(c.Findings, mcpserver.Finding{Kind: "review", Level: string(n.Severity), Message: n.Text, Path: n.Path, Line: n.Line})
	}
	for _, miss := range r.SignOffMissing {
		add("signoff", "error", fmt.Sprintf("%v", miss))
	}
	return c
}
