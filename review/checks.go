package review

import (
	"context"
	"fmt"

	"github.com/google/go-github/v60/github"
)

// Levels of a finding, as verify and SARIF name them.
const (
	LevelError   = "error"
	LevelWarning = "warning"
	LevelNote    = "note"
)

// Finding is one thing verify found, placed on a file (and a line, when
// it has one) for a check run's annotation.
type Finding struct {
	Level   string // error, warning or note
	Path    string // repository-relative; "" for a finding on no file
	Line    int    // 1-based; 0 for the whole file
	Title   string
	Message string
}

// CheckRun is a completed check run to write on a commit.
type CheckRun struct {
	Name, HeadSHA string
	// Conclusion is success, neutral or failure.
	Conclusion     string
	Title, Summary string
	Annotations    []Finding
}

// AnnotationBatch is how many annotations GitHub takes in one request
// creating or updating a check run.
const AnnotationBatch = 50

// Checks writes check runs.
type Checks interface {
	// WriteCheckRun creates the check run, its first AnnotationBatch
	// annotations with it and the rest in updates of AnnotationBatch
	// each. It returns how many requests it made.
	WriteCheckRun(ctx context.Context, run CheckRun) (int, error)
}

func annotationLevel(level string) string {
	switch level {
	case LevelError:
		return "failure"
	case LevelWarning:
		return "warning"
	}
	return "notice"
}

func annotations(fs []Finding) []*github.CheckRunAnnotation {
	out := make([]*github.CheckRunAnnotation, 0, len(fs))
	for _, f := range fs {
		line := max(f.Line, 1) // GitHub requires a line; a whole file starts at 1
		a := &github.CheckRunAnnotation{Path: github.String(f.Path), StartLine: github.Int(line), EndLine: github.Int(line),
			AnnotationLevel: github.String(annotationLevel(f.Level)), Message: github.String(f.Message)}
		if f.Title != "" {
			a.Title = github.String(f.Title)
		}
		out = append(out, a)
	}
	return out
}

func (c *Client) WriteCheckRun(ctx context.Context, run CheckRun) (int, error) {
	batch := func(i int) []*github.CheckRunAnnotation {
		return annotations(run.Annotations[i:min(i+AnnotationBatch, len(run.Annotations))])
	}
	output := func(i int) *github.CheckRunOutput {
		return &github.CheckRunOutput{Title: github.String(run.Title), Summary: github.String(run.Summary), Annotations: batch(i)}
	}
	status := "completed"
	cr, resp, err := c.gh.Checks.CreateCheckRun(ctx, c.owner, c.repo, github.CreateCheckRunOptions{Name: run.Name, HeadSHA: run.HeadSHA,
		Status: &status, Conclusion: github.String(run.Conclusion), Output: output(0)})
	if err != nil {
		return 1, apiErr("create the check run "+run.Name, resp, err)
	}
	n := 1
	for i := AnnotationBatch; i < len(run.Annotations); i += AnnotationBatch {
		n++
		if _, resp, err := c.gh.Checks.UpdateCheckRun(ctx, c.owner, c.repo, cr.GetID(), github.UpdateCheckRunOptions{Name: run.Name, Output: output(i)}); err != nil {
			return n, apiErr(fmt.Sprintf("add annotations to the check run %s", run.Name), resp, err)
		}
	}
	return n, nil
}
