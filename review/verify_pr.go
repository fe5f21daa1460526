package review

import (
	"context"
	"fmt"
	"strings"

	"github.com/rtgit/rtgit/steps"
)

// CheckName is the name of the check run verify writes.
const CheckName = "rtgit verify"

// MaxAnnotations bounds the annotations one check run carries, and so
// its requests: one create and at most 19 updates. Findings past it are
// counted in the summary.
const MaxAnnotations = 1000

// maxCommentFindings bounds the findings the comment lists.
const maxCommentFindings = 50

// VerifyReport is what verify found in a pull request's range.
type VerifyReport struct {
	Findings []Finding
	// Summary is a few lines of markdown: what the change advances, what
	// it does that nobody planned.
	Summary string
}

// PRVerifier runs verify on the range base..head, reading the analyses the
// base holds; texts are the pull request's own (its title and body), where
// a change names the tasks it does, as its commits do. The pull request's code is read, never run.
type PRVerifier func(ctx context.Context, base, head string, texts []string) (*VerifyReport, error)

// verifyMarker tags rtgit's one verify comment on a pull request.
var verifyMarker = marker("verify")

// counts is "1 error, 2 warnings, 0 notes".
func counts(fs []Finding) (string, int) {
	n := map[string]int{}
	for _, f := range fs {
		n[f.Level]++
	}
	return fmt.Sprintf("%s, %s, %s", steps.Count(n[LevelError], "error", "errors"), steps.Count(n[LevelWarning], "warning", "warnings"),
		steps.Count(n[LevelNote], "note", "notes")), n[LevelError]
}

// verifyPR answers a pull_request event: verify on a pull request that
// is not an analysis's, written as one check run with its annotations and
// one comment kept current. Forks and people without write access are
// refused before anything is fetched; a refused run writes nothing.
func (a *Action) verifyPR(ctx context.Context, res *Result) (*Result, error) {
	ev := a.Event
	if a.Verify == nil || a.Checks == nil || a.AfterMerge == nil {
		return res, fmt.Errorf("verify is not available in this run")
	}
	pr, err := a.GitHub.PullRequest(ctx, ev.PR)
	if err != nil {
		return res, err
	}
	res.PR = pr.Number
	if _, err := SlugFromBranch(pr.HeadRef); err == nil {
		res.Skipped = fmt.Sprintf("#%d is an analysis pull request: its comments drive it, verify does not run on it", pr.Number)
		return res, nil
	}
	if pr.State != "open" && !ev.Merged {
		res.Skipped = fmt.Sprintf("#%d is %s", pr.Number, pr.State)
		return res, nil
	}
	if pr.Fork() {
		res.Skipped = fmt.Sprintf("#%d comes from the fork %s: rtgit verifies only pull requests from this repository's branches", pr.Number, orGone(pr.HeadRepo))
		a.logf("%s", res.Skipped)
		return res, nil
	}
	who := ev.Sender
	if who.Login == "" || who.IsBot() {
		res.Skipped = fmt.Sprintf("#%d was pushed by %s, not a person with write access: not verified", pr.Number, orGone(who.Login))
		return res, nil
	}
	perm, err := a.GitHub.Permission(ctx, who.Login)
	if err != nil {
		return res, err
	}
	if !CanWrite(perm) {
		res.Skipped = fmt.Sprintf("#%d was pushed by @%s, who has %s access, not write: not verified", pr.Number, who.Login, perm)
		return res, nil
	}
	base, err := a.Git.Fetch(ctx, pr.BaseRef)
	if err != nil {
		return res, err
	}
	if ev.Merged {
		// The change is on the base now: what it did is the analyses'
		// progress there.
		done, err := a.AfterMerge(ctx, base)
		res.Done = append(res.Done, done...)
		return res, err
	}
	head, err := a.Git.Fetch(ctx, pr.HeadRef)
	if err != nil {
		return res, err
	}
	if head != pr.HeadSHA {
		res.Skipped = fmt.Sprintf("#%d moved on from %s to %s: the run of the newer push verifies it", pr.Number, short(pr.HeadSHA), short(head))
		return res, nil
	}
	rep, err := a.Verify(ctx, base, head, []string{pr.Title, pr.Body})
	if err != nil {
		return res, err
	}
	if err := a.writeCheck(ctx, res, head, rep); err != nil {
		return res, err
	}
	if err := a.verifyComment(ctx, pr.Number, head, rep); err != nil {
		return res, err
	}
	line, _ := counts(rep.Findings)
	res.Done = append(res.Done, fmt.Sprintf("verified #%d at %s: %s", pr.Number, short(head), line))
	return res, nil
}

func orGone(s string) string {
	if s == "" {
		return "(unknown)"
	}
	return s
}

func short(sha string) string {
	if len(sha) > 7 {
		return sha[:7]
	}
	return sha
}

// writeCheck writes the check run: failure when a finding is an error.
func (a *Action) writeCheck(ctx context.Context, res *Result, head string, rep *VerifyReport) error {
	line, errs := counts(rep.Findings)
	var placed []Finding
	for _, f := range rep.Findings {
		if f.Path != "" {
			placed = append(placed, f)
		}
	}
	summary := rep.Summary
	if len(placed) > MaxAnnotations {
		summary += fmt.Sprintf("\n\nThe first %d of %d findings on files are annotated; `rtgit verify` lists them all.\n", MaxAnnotations, len(placed))
		placed = placed[:MaxAnnotations]
	}
	run := CheckRun{Name: CheckName, HeadSHA: head, Conclusion: "success", Title: line, Summary: clip(summary, 60000), Annotations: placed}
	if errs > 0 {
		run.Conclusion = "failure"
	}
	n, err := a.Checks.WriteCheckRun(ctx, run)
	a.logf("check run %q: %s, %d annotations in %d requests", CheckName, run.Conclusion, len(placed), n)
	return err
}

// verifyComment keeps one comment by rtgit's own account on the pull
// request, found by its marker and edited rather than posted again.
func (a *Action) verifyComment(ctx context.Context, pr int, head string, rep *VerifyReport) error {
	body := verifyBody(head, rep)
	comments, err := a.GitHub.ConversationComments(ctx, pr)
	if err != nil {
		return err
	}
	for _, c := range comments {
		if a.own(c) && strings.Contains(c.Body, verifyMarker) {
			if strings.ReplaceAll(c.Body, "\r\n", "\n") == body {
				return nil
			}
			return a.GitHub.EditComment(ctx, c.ID, body)
		}
	}
	return a.GitHub.Post(ctx, pr, nil, body)
}

func verifyBody(head string, rep *VerifyReport) string {
	var b strings.Builder
	line, _ := counts(rep.Findings)
	fmt.Fprintf(&b, "%s\n**rtgit verify** at %s: %s.\n", verifyMarker, short(head), line)
	if s := strings.TrimSpace(rep.Summary); s != "" {
		b.WriteString("\n" + s + "\n")
	}
	if len(rep.Findings) > 0 {
		b.WriteString("\n")
	}
	for i, f := range rep.Findings {
		if i == maxCommentFindings {
			fmt.Fprintf(&b, "- and %d more, in the check run %s\n", len(rep.Findings)-i, CheckName)
			break
		}
		where := ""
		if f.Path != "" {
			where = " `" + strings.ReplaceAll(f.Path, "`", "") + "`"
			if f.Line > 0 {
				where += fmt.Sprintf(" line %d", f.Line)
			}
			where += ":"
		}
		fmt.Fprintf(&b, "- **%s**%s %s\n", f.Level, where, defangComment(f.Message))
	}
	return clip(b.String(), 60000)
}

// defangComment keeps a finding's text from closing or opening a hidden
// marker.
func defangComment(s string) string { return strings.ReplaceAll(s, "<!--", "&lt;!--") }

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return strings.ToValidUTF8(s[:n], "") + "\n…\n"
}
