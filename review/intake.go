package review

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/rtgit/rtgit/steps/library"
	"github.com/rtgit/rtgit/steps/meta"
	"github.com/rtgit/rtgit/steps/roundtable"
)

// Starter is a Machine that can start an analysis.
type Starter interface {
	New(o roundtable.NewOptions) (*roundtable.Reply, error)
}

// ErrNoBranch is a branch the remote does not have.
var ErrNoBranch = errors.New("no such branch")

// AnalysisBody is the description of an analysis pull request: what it
// is, how to answer, and the dashboard. source, when set, is the issue
// the analysis started from, named so GitHub links the two.
func AnalysisBody(route *library.Route, st *roundtable.Status, source int) string {
	var b strings.Builder
	if source > 0 {
		fmt.Fprintf(&b, "Analysis of #%d. ", source)
	}
	b.WriteString(analysisKind(route) + " analysis of **" + branchText(st.Description) + "**, run by rtgit.\n\n" +
		"Answer the open questions by commenting here (`/rtgit help` lists the commands), by commenting on a line of the answer file, " +
		"or by editing it on the branch.\n\n" + Dashboard(route, st))
	return b.String()
}

// analysisKind names the analysis by its library: a feature's is a
// requirements analysis, a bug's a bug analysis (it has no requirements).
func analysisKind(route *library.Route) string {
	if route == nil || route.Library == "" || route.Library == library.DefaultLibrary {
		return "Requirements"
	}
	return strings.ToUpper(route.Library[:1]) + route.Library[1:]
}

// AnalysisTitle is the title of an analysis pull request.
func AnalysisTitle(description string) string {
	title := "rtgit: " + strings.Join(strings.Fields(description), " ")
	if r := []rune(title); len(r) > 200 {
		title = string(r[:200])
	}
	return title
}

// analysisMarker records, in rtgit's reply on an issue, the pull request
// that analyses it; only rtgit's own comments are believed.
func analysisMarker(slug string, pr int) string {
	return marker(fmt.Sprintf("analysis=%s pr=%d", slug, pr))
}

// intake handles an event on an issue: `/rtgit analyze`, or the analyze
// label added. A writer's request opens the analysis once; asking again
// points at the pull request already open.
func (a *Action) intake(ctx context.Context, res *Result) (*Result, error) {
	ev := a.Event
	tr := a.Tracker
	if tr == nil {
		return res, errors.New("intake needs the issues API")
	}
	trigger, actor := ev.Comment, ev.Sender
	if trigger != nil {
		actor = trigger.User
	}
	if ev.Label != "" && !strings.EqualFold(ev.Label, a.Config.Labels.Analyze) {
		res.Skipped = fmt.Sprintf("label %q on #%d is not %q", ev.Label, ev.Issue, a.Config.Labels.Analyze)
		return res, nil
	}
	if actor.IsBot() || strings.EqualFold(actor.Login, a.Self) {
		res.Skipped = fmt.Sprintf("the request on #%d is by %s, a bot or rtgit itself", ev.Issue, actor.Login)
		return res, nil
	}
	comments, err := tr.IssueComments(ctx, ev.Issue)
	if err != nil {
		return res, err
	}
	if trigger != nil && a.repliedTo(comments)[trigger.Key()] {
		res.Skipped = fmt.Sprintf("comment %s on #%d was answered by an earlier run", trigger.Key(), ev.Issue)
		return res, nil
	}
	p, err := a.GitHub.Permission(ctx, actor.Login)
	if err != nil {
		return res, err
	}
	if !CanWrite(p) {
		return res, a.refuseIntake(ctx, res, comments, trigger, actor)
	}
	if trigger != nil {
		a.react(ctx, res, *trigger, "eyes")
	}
	reply := func(body string) error {
		head := ""
		if trigger != nil {
			head = replyMarker(*trigger) + "\n"
		}
		return a.GitHub.Post(ctx, ev.Issue, nil, head+body)
	}
	if ev.AnalyzeErr != nil {
		if trigger != nil {
			a.react(ctx, res, *trigger, "confused")
		}
		res.Done = append(res.Done, fmt.Sprintf("#%d: %v", ev.Issue, ev.AnalyzeErr))
		return res, reply(fmt.Sprintf("I couldn't start the analysis: %s.\n", defang(ev.AnalyzeErr.Error())))
	}
	if pr := a.analysisOf(ctx, comments); pr != nil {
		res.PR = pr.Number
		res.Done = append(res.Done, fmt.Sprintf("#%d is already analysed in #%d", ev.Issue, pr.Number))
		return res, reply(fmt.Sprintf("This issue is already being analysed in #%d (%s); answer the questions there.\n", pr.Number, pr.URL))
	}
	is, err := tr.Issue(ctx, ev.Issue)
	if err != nil {
		return res, err
	}
	if is.PullRequest {
		res.Skipped = fmt.Sprintf("#%d is a pull request", is.Number)
		return res, nil
	}
	cmd := AnalyzeCommand{}
	if ev.Analyze != nil {
		cmd = *ev.Analyze
	}
	pr, msg, err := a.openAnalysis(ctx, is, IntakeOptions(is, a.Config.Labels, cmd))
	if err != nil {
		return res, err
	}
	if pr == nil {
		res.Done = append(res.Done, fmt.Sprintf("#%d: %s", is.Number, msg))
		return res, reply(msg + "\n")
	}
	res.PR, res.Slug = pr.Number, strings.TrimPrefix(pr.HeadRef, roundtable.BranchPrefix)
	if msg == "" {
		// Found by its branch: the earlier reply is gone, or was never
		// posted. This one records the pull request for next time.
		res.Done = append(res.Done, fmt.Sprintf("#%d is already analysed in #%d", is.Number, pr.Number))
		return res, reply(analysisMarker(res.Slug, pr.Number) + "\n" +
			fmt.Sprintf("This issue is already being analysed in #%d (%s); answer the questions there.\n", pr.Number, pr.URL))
	}
	res.Done = append(res.Done, fmt.Sprintf("#%d: %s #%d", is.Number, msg, pr.Number))
	if trigger != nil {
		a.react(ctx, res, *trigger, "+1")
	}
	return res, reply(analysisMarker(res.Slug, pr.Number) + "\n" + fmt.Sprintf(
		"**Maya Chen** (Business Analyst): %s the analysis of this issue in #%d (%s). The first questions are waiting there; "+
			"answer them by commenting on the pull request or by editing the answer file on the branch `%s`.\n", msg, pr.Number, pr.URL, pr.HeadRef))
}

// analysisOf finds the pull request rtgit's earlier reply on the issue
// named, if it is still there.
func (a *Action) analysisOf(ctx context.Context, comments []Comment) *PullRequest {
	for i := len(comments) - 1; i >= 0; i-- {
		c := comments[i]
		if !a.own(c) {
			continue
		}
		var slug string
		var n int
		for _, line := range strings.Split(c.Body, "\n") {
			if _, err := fmt.Sscanf(line, markerPrefix+" analysis=%s pr=%d -->", &slug, &n); err == nil && n > 0 {
				if pr, err := a.GitHub.PullRequest(ctx, n); err == nil && pr.HeadRef == roundtable.BranchPrefix+slug {
					return pr
				}
			}
		}
	}
	return nil
}

// openAnalysis makes sure the issue's analysis branch and pull request
// exist, creating what is missing: after a run that stopped between the
// push and the pull request, the next one opens the pull request for the
// branch already there. A branch of that name analysing something else is
// left alone. With no pull request, msg says why; with one that was
// already open, msg is "".
func (a *Action) openAnalysis(ctx context.Context, is *Issue, o roundtable.NewOptions) (pr *PullRequest, msg string, err error) {
	branch := roundtable.BranchPrefix + o.Slug
	if pr, err = a.GitHub.PullRequestFor(ctx, branch); err != nil {
		return nil, "", err
	}
	def, err := a.Tracker.DefaultBranch(ctx)
	if err != nil {
		return nil, "", err
	}
	tip, err := a.Git.Fetch(ctx, branch)
	switch {
	case err == nil:
		metaPath := a.Config.Layout.Meta(o.Slug)
		data, err := a.Git.ReadAt(tip, metaPath)
		if err != nil {
			return nil, "", err
		}
		md, err := meta.Parse(metaPath, data)
		if err != nil {
			return nil, "", err
		}
		if md.SourceID != o.SourceID {
			return nil, fmt.Sprintf("The branch `%s` already holds another analysis (%s). Ask again with `/rtgit analyze --slug <another-slug>`.",
				branch, branchText(firstNonEmpty(md.SourceID, md.Description))), nil
		}
		if pr != nil {
			return pr, "", nil
		}
		if err := a.Git.CheckoutAt(branch, tip); err != nil {
			return nil, "", err
		}
		msg = "I've opened"
	case errors.Is(err, ErrNoBranch):
		base, err := a.Git.Fetch(ctx, def)
		if err != nil {
			return nil, "", err
		}
		starter, ok := a.Machine.(Starter)
		if !ok {
			return nil, "", errors.New("this machine cannot start an analysis")
		}
		o.Base = base
		if _, err := starter.New(o); err != nil {
			var unknown *library.UnknownLibraryError
			if errors.As(err, &unknown) {
				return nil, fmt.Sprintf("I couldn't start the analysis: %s.", defang(err.Error())), nil
			}
			return nil, "", err
		}
		if err := a.Git.Push(ctx, branch, ""); err != nil {
			return nil, "", err
		}
		a.logf("pushed the new analysis %s", branch)
		msg = "I've started"
	default:
		return nil, "", err
	}
	st, err := a.Machine.Status(o.Slug)
	if err != nil {
		return nil, "", err
	}
	route, err := a.Route()
	if err != nil {
		return nil, "", err
	}
	pr, err = a.Tracker.CreatePullRequest(ctx, branch, def, AnalysisTitle(st.Description), AnalysisBody(route, st, is.Number))
	return pr, msg, err
}

// refuseIntake answers an outsider's request once per issue, and a
// repeated one not at all.
func (a *Action) refuseIntake(ctx context.Context, res *Result, comments []Comment, trigger *Comment, actor User) error {
	res.Skipped = fmt.Sprintf("@%s has no write access; #%d is not analysed", actor.Login, a.Event.Issue)
	if trigger != nil {
		res.Outsiders = append(res.Outsiders, *trigger)
	}
	for _, c := range comments {
		if a.own(c) && containsMarker(c.Body, "intake-refused") {
			return nil
		}
	}
	return a.GitHub.Post(ctx, a.Event.Issue, nil, marker("intake-refused")+"\n"+fmt.Sprintf(
		"Thanks, @%s. Only people with write access to this repository can start an rtgit analysis, so I haven't. "+
			"A maintainer can comment `/rtgit analyze` here to start one.\n", actor.Login))
}

func firstNonEmpty(vs ...string) string {
	for _, v := range vs {
		if v != "" {
			return v
		}
	}
	return ""
}
