package publish

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/rtgit/rtgit/plan"
	"github.com/rtgit/rtgit/review"
)

// Tracker is what publishing needs of GitHub; review.Client is one.
type Tracker interface {
	Issue(ctx context.Context, number int) (*review.Issue, error)
	IssuesLabeled(ctx context.Context, label string) ([]review.Issue, error)
	IssueComments(ctx context.Context, number int) ([]review.Comment, error)
	CreateIssue(ctx context.Context, title, body string, labels []string) (*review.Issue, error)
	EditIssue(ctx context.Context, number int, title, body string) error
	AddLabels(ctx context.Context, number int, labels ...string) error
	CloseIssue(ctx context.Context, number int) error
	Post(ctx context.Context, number int, to *review.Comment, body string) error
	EditComment(ctx context.Context, id int64, body string) error
}

// File is an artifact as it reads at the analysis commit, for linking a
// requirement id to its line.
type File struct {
	Path, Content string
}

// Options say what to publish and where.
type Options struct {
	Slug string
	// Dir is the analysis's folder (docs/requirements/<slug> unless the
	// settings move it); "" is that default.
	Dir         string
	Description string
	Tasks       []plan.Task
	// Source is the issue the analysis started from; 0 publishes to a
	// tracking issue rtgit opens (once) instead.
	Source int
	// PR is the analysis pull request, 0 when there is none.
	PR int
	// Commit is the analysis commit the links point at, and BlobURL the
	// repository's address for files (https://github.com/o/r/blob).
	Commit, BlobURL string
	// Artifacts are searched, in order, for the line each traced id is
	// first named on.
	Artifacts []File
	Labels    review.Labels
	// Self is the account rtgit acts as; only its issues and comments are
	// rtgit's.
	Self string
	// DryRun reports every write it would make, and makes none.
	DryRun bool
	Log    io.Writer
	// MaxCreates bounds the issues one publish opens (0:
	// review.DefaultMaxPerPublish). A plan needing more is refused before anything
	// is written.
	MaxCreates int
	// Pause waits between creates, as GitHub asks of content-creating
	// requests to stay clear of its secondary rate limit; nil does not.
	Pause func(ctx context.Context, d time.Duration) error
}

// Result is what a publish did (or, dry, would do).
type Result struct {
	// Issues maps each task to its issue; tasks a dry run would create
	// are missing.
	Issues                      map[string]int
	Created, Updated, Unchanged []string // task ids
	Removed                     []string // task ids no longer in the plan, whose issues were closed now
	Target                      int      // the issue with the task list; 0 when a dry run would open it
	Writes                      int      // write calls made, or that a dry run would make
}

// TooManyError refuses a publish that would open more issues than its
// bound.
type TooManyError struct{ New, Max int }

func (e *TooManyError) Error() string {
	return fmt.Sprintf("the build plan needs %d new issues and one publish opens at most %d (issues.max_per_publish in .rtgit/config.yaml on the default branch); split the plan, or raise the limit",
		e.New, e.Max)
}

// createPause is the wait between two creates.
const createPause = time.Second

const markerPrefix = "<!-- rtgit:bot"

func taskMarker(slug, id string) string {
	return fmt.Sprintf("%s task slug=%s id=%s -->", markerPrefix, slug, id)
}

// taskEnd closes rtgit's part of a task issue's body. What a person
// writes below it (or above the task marker) is theirs: a later publish
// rewrites only what lies between the two.
const taskEnd = markerPrefix + " task-end -->"

// ownPart splits an issue's body into what a person wrote before rtgit's
// part, rtgit's part (the task marker's line through taskEnd), and what
// they wrote after it. A body without taskEnd (one published before it
// existed) is rtgit's from the marker down. Line endings are read as
// GitHub's editor may leave them, \r\n.
func ownPart(body, slug, id string) (before, own, after string) {
	body = strings.ReplaceAll(body, "\r\n", "\n")
	start := strings.Index(body, taskMarker(slug, id))
	if start < 0 {
		return "", body, ""
	}
	before, rest := body[:start], body[start:]
	end := strings.Index(rest, taskEnd)
	if end < 0 {
		return before, rest, ""
	}
	end += len(taskEnd)
	if strings.HasPrefix(rest[end:], "\n") {
		end++
	}
	return before, rest[:end], rest[end:]
}

func summaryMarker(slug string) string {
	return fmt.Sprintf("%s published slug=%s -->", markerPrefix, slug)
}
func trackingMarker(slug string) string {
	return fmt.Sprintf("%s tracking slug=%s -->", markerPrefix, slug)
}
func removedMarker(slug, id string) string {
	return fmt.Sprintf("%s task-removed slug=%s id=%s -->", markerPrefix, slug, id)
}

// markedTask reads the task id from an issue body's marker for slug.
func markedTask(body, slug string) (string, bool) {
	prefix := fmt.Sprintf("%s task slug=%s id=", markerPrefix, slug)
	for _, line := range strings.Split(body, "\n") {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), prefix); ok {
			if id, ok := strings.CutSuffix(rest, " -->"); ok && plan.IsTaskID(id) {
				return id, true
			}
		}
	}
	return "", false
}

type publisher struct {
	Options
	ctx context.Context
	t   Tracker
	res *Result
	// mine are rtgit's own issues for this analysis, by task id.
	mine map[string]review.Issue
}

func (p *publisher) logf(format string, args ...any) {
	if p.Log != nil {
		fmt.Fprintf(p.Log, format+"\n", args...)
	}
}

// write counts a write call and reports whether to make it.
func (p *publisher) write(format string, args ...any) bool {
	p.res.Writes++
	if p.DryRun {
		p.logf("would "+format, args...)
		return false
	}
	p.logf(format, args...)
	return true
}

func (p *publisher) own(login string) bool { return p.Self != "" && strings.EqualFold(login, p.Self) }

// Publish brings the tracker in line with the plan.
func Publish(ctx context.Context, t Tracker, o Options) (*Result, error) {
	p := &publisher{Options: o, ctx: ctx, t: t, res: &Result{Issues: map[string]int{}}, mine: map[string]review.Issue{}}
	if o.Self == "" {
		return nil, fmt.Errorf("the account rtgit acts as is unknown")
	}
	existing, err := t.IssuesLabeled(ctx, o.Labels.Task)
	if err != nil {
		return nil, err
	}
	for _, is := range existing {
		if !p.own(is.User.Login) {
			continue // anyone can type a marker
		}
		if id, ok := markedTask(is.Body, o.Slug); ok {
			// Two issues for one task (a create retried after its answer
			// was lost): the first one is the task's.
			if prev, dup := p.mine[id]; !dup || is.Number < prev.Number {
				p.mine[id] = is
			}
		}
	}
	for id, is := range p.mine {
		p.res.Issues[id] = is.Number
	}
	max := o.MaxCreates
	if max <= 0 {
		max = review.DefaultMaxPerPublish
	}
	if n := p.missing(); n > max {
		return p.res, &TooManyError{New: n, Max: max}
	}
	if err := p.createMissing(); err != nil {
		return p.res, err
	}
	if err := p.updateExisting(); err != nil {
		return p.res, err
	}
	if err := p.closeRemoved(); err != nil {
		return p.res, err
	}
	return p.res, p.summarise()
}

// inPlan is the plan's tasks by id.
func (p *publisher) inPlan() map[string]plan.Task {
	out := map[string]plan.Task{}
	for _, t := range p.Tasks {
		out[t.ID] = t
	}
	return out
}

// missing counts the plan's tasks that have no issue yet.
func (p *publisher) missing() int {
	n := 0
	for id := range p.inPlan() {
		if _, ok := p.mine[id]; !ok {
			n++
		}
	}
	return n
}

// createMissing opens an issue for every task that has none, each after
// the tasks it depends on, so its body can name their issues.
func (p *publisher) createMissing() error {
	tasks := p.inPlan()
	pending := slices.Clone(p.Tasks)
	for len(pending) > 0 {
		next := pending[:0]
		progressed := false
		for _, t := range pending {
			if _, ok := p.mine[t.ID]; ok {
				progressed = true
				continue
			}
			ready := true
			for _, d := range t.DependsOn {
				if _, known := tasks[d]; known && p.res.Issues[d] == 0 && d != t.ID && !p.DryRun {
					ready = false
				}
			}
			if !ready {
				next = append(next, t)
				continue
			}
			progressed = true
			if err := p.create(t); err != nil {
				return err
			}
		}
		if !progressed {
			// A cycle the plan's check would have refused: open the rest
			// anyway; their bodies name the missing tasks by id.
			for _, t := range next {
				if err := p.create(t); err != nil {
					return err
				}
			}
			return nil
		}
		pending = next
	}
	return nil
}

func (p *publisher) create(t plan.Task) error {
	title, body := p.title(t), p.body(t)
	if !p.write("create an issue: %s", title) {
		// A dry run counts what it would create, so its summary agrees
		// with the lines it printed.
		p.res.Created = append(p.res.Created, t.ID)
		return nil
	}
	if len(p.res.Created) > 0 && p.Pause != nil {
		if err := p.Pause(p.ctx, createPause); err != nil {
			return err
		}
	}
	is, err := p.t.CreateIssue(p.ctx, title, body, []string{p.Labels.Task})
	if err != nil {
		return err
	}
	p.res.Created = append(p.res.Created, t.ID)
	p.res.Issues[t.ID] = is.Number
	p.mine[t.ID] = review.Issue{Number: is.Number, Title: title, Body: body, State: "open"}
	return nil
}

// updateExisting edits the issues whose title or body no longer match
// their task.
func (p *publisher) updateExisting() error {
	for _, t := range p.Tasks {
		is, ok := p.mine[t.ID]
		if !ok || slices.Contains(p.res.Created, t.ID) {
			continue
		}
		title, own := p.title(t), p.body(t)
		before, old, after := ownPart(is.Body, p.Slug, t.ID)
		if is.Title == title && old == own {
			p.res.Unchanged = append(p.res.Unchanged, t.ID)
			continue
		}
		// Only rtgit's part is rewritten: a person's notes around it stay.
		body := before + own + after
		p.res.Updated = append(p.res.Updated, t.ID)
		if !p.write("update #%d: %s", is.Number, title) {
			continue
		}
		if err := p.t.EditIssue(p.ctx, is.Number, title, body); err != nil {
			return err
		}
	}
	return nil
}

// closeRemoved closes each open issue whose task left the plan, with one
// note naming the tasks of the plan that took over its files or its
// requirements. A run stopped between the note and the close closes it
// on the next publish without a second note; one a person reopened after
// its note stays open.
func (p *publisher) closeRemoved() error {
	tasks := p.inPlan()
	var ids []string
	for id := range p.mine {
		if _, ok := tasks[id]; !ok && p.mine[id].State != "closed" {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	for _, id := range ids {
		is := p.mine[id]
		delete(p.res.Issues, id)
		comments, err := p.t.IssueComments(p.ctx, is.Number)
		if err != nil {
			return err
		}
		noted := slices.ContainsFunc(comments, func(c review.Comment) bool {
			return p.own(c.User.Login) && strings.Contains(c.Body, removedMarker(p.Slug, id))
		})
		if noted && is.StateReason == "reopened" {
			continue // a person opened it again after rtgit closed it
		}
		p.res.Removed = append(p.res.Removed, id)
		if !noted && p.write("comment on #%d: %s is no longer in the plan", is.Number, id) {
			if err := p.t.Post(p.ctx, is.Number, nil, p.removedNote(id, is.Body)); err != nil {
				return err
			}
		}
		if !p.write("close #%d", is.Number) {
			continue
		}
		if err := p.t.CloseIssue(p.ctx, is.Number); err != nil {
			return err
		}
	}
	return nil
}

// removedNote says a task left the plan and which tasks replace it.
func (p *publisher) removedNote(id, oldBody string) string {
	var b strings.Builder
	b.WriteString(removedMarker(p.Slug, id) + "\n")
	fmt.Fprintf(&b, "%s is no longer in the plan of `%s`%s, so this issue is closed as not planned.", id, p.Slug, p.atCommit())
	var by []string
	for _, t := range p.replacements(id, oldBody) {
		ref := t.ID
		if n := p.res.Issues[t.ID]; n > 0 {
			ref = fmt.Sprintf("#%d (%s)", n, t.ID)
		}
		by = append(by, ref)
	}
	if len(by) > 0 {
		fmt.Fprintf(&b, " Its files or requirements are now in %s.", strings.Join(by, ", "))
	} else {
		b.WriteString(" No task of the plan takes over its files or requirements.")
	}
	b.WriteString(" Reopen it if the work still needs doing.\n")
	return b.String()
}

// replacements are the plan's tasks that share a file or a traced id with
// the task rtgit's own part of oldBody described.
func (p *publisher) replacements(id, oldBody string) []plan.Task {
	// The old body is rtgit's own rendering (body): its Files line holds
	// code spans, its Traces line ids, each perhaps a link.
	_, own, _ := ownPart(oldBody, p.Slug, id)
	var files, traces []string
	for _, l := range strings.Split(own, "\n") {
		if rest, ok := strings.CutPrefix(l, "**Files:** "); ok {
			for i, part := range strings.Split(rest, "`") {
				if i%2 == 1 {
					files = append(files, part)
				}
			}
		}
		if rest, ok := strings.CutPrefix(l, "**Traces:** "); ok {
			for _, ref := range strings.Split(rest, ", ") {
				ref, _, _ = strings.Cut(strings.TrimPrefix(ref, "["), "]")
				traces = append(traces, ref)
			}
		}
	}
	var out []plan.Task
	for _, t := range p.Tasks {
		if slices.ContainsFunc(t.Files, func(f string) bool { return slices.Contains(files, f) }) ||
			slices.ContainsFunc(t.Traces, func(id string) bool { return slices.Contains(traces, id) }) {
			out = append(out, t)
		}
	}
	return out
}

func (p *publisher) atCommit() string {
	if len(p.Commit) >= 7 {
		return " as of " + p.Commit[:7]
	}
	return ""
}
