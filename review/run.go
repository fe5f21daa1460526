package review

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/rtgit/rtgit/internal/atomicfile"
	"github.com/rtgit/rtgit/internal/lazyre"
	"github.com/rtgit/rtgit/internal/repofs"
	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/answers"
	"github.com/rtgit/rtgit/steps/meta"
	"github.com/rtgit/rtgit/steps/roundtable"
)

// run is one Action.Run on one analysis pull request.
type run struct {
	*Action
	ctx     context.Context
	pr      *PullRequest
	slug    string
	res     *Result
	replied map[string]bool
	perms   map[string]bool
	late    *Comment // see noteLate
	// trigger is the comment whose event started the run, unless a bot or
	// rtgit wrote it.
	trigger *Comment
	// told holds the logins (lower case) already told, on this pull
	// request, that they cannot drive it.
	told map[string]bool
}

func (r *run) branch() string { return roundtable.BranchPrefix + r.slug }

func (r *run) metaPath() string { return r.Config.Layout.Meta(r.slug) }

// canWrite asks the API, once per login and run, whether the user may
// drive the analysis. author_association is trusted only when it says
// the author cannot write (Outsider): it never grants access.
func (r *run) canWrite(c Comment) (bool, error) {
	login := c.User.Login
	if Outsider(c) {
		return false, nil
	}
	if ok, seen := r.perms[login]; seen {
		return ok, nil
	}
	p, err := r.GitHub.Permission(r.ctx, login)
	if err != nil {
		return false, err
	}
	r.perms[login] = CanWrite(p)
	return r.perms[login], nil
}

// catchUp applies, in order, every writer's comment not yet recorded in
// meta.json, committing each, and pushes them together. When the push
// loses a race it starts again from the new remote tip, where the other
// run's work (and its record of processed comments) now is.
func (r *run) catchUp(comments []Comment) error {
	if c := r.trigger; c != nil && !hasKey(comments, c.Key()) {
		// The list may lag behind the event, or the comment may be gone:
		// only the API, never the payload, says which.
		cur, gone, err := r.current(c)
		if err != nil {
			return err
		}
		if !gone {
			comments = append(comments, *cur)
		}
	}
	if err := r.verifySignOff(comments); err != nil {
		return err
	}
	var pending []Comment
	for _, c := range comments {
		if c.User.IsBot() || r.own(c) || r.replied[c.Key()] || (strings.TrimSpace(c.Body) == "" && !c.Verdict()) {
			continue
		}
		ok, err := r.canWrite(c)
		if err != nil {
			return err
		}
		if !ok {
			// Someone already told is not told again, nor listed again.
			if !r.told[strings.ToLower(c.User.Login)] {
				r.res.Outsiders = append(r.res.Outsiders, c)
			}
			continue
		}
		pending = append(pending, c)
	}
	for attempt := 1; ; attempt++ {
		tip, err := r.Git.Fetch(r.ctx, r.branch())
		if err != nil {
			return err
		}
		if err := r.Git.CheckoutAt(r.branch(), tip); err != nil {
			return err
		}
		if attempt == 1 {
			r.noteIgnoredOverrides(tip)
		}
		r.res.Handled = nil
		commits := 0
		if r.Event.Name == EventPush && r.Event.After == tip {
			out, err := r.push(tip)
			if err != nil {
				return err
			}
			if out != nil {
				r.res.Handled = append(r.res.Handled, *out)
				commits += len(out.Commits)
			}
		}
		for i := range pending {
			md, err := r.readMeta()
			if err != nil {
				return err
			}
			if md.Processed(pending[i].Key()) {
				r.noteLate(&pending[i])
				continue
			}
			cur, gone, err := r.current(&pending[i])
			if err != nil {
				return err
			}
			if gone {
				continue
			}
			out, err := r.apply(cur, md)
			if err != nil {
				return err
			}
			r.res.Handled = append(r.res.Handled, out)
			commits += len(out.Commits)
		}
		if commits == 0 {
			return nil
		}
		err = r.Git.Push(r.ctx, r.branch(), tip)
		if err == nil {
			r.res.Pushes++
			r.logf("pushed %s to %s", steps.Count(commits, "commit", "commits"), r.branch())
			return nil
		}
		if !errors.Is(err, ErrRejected) || attempt >= pushAttempts {
			return err
		}
		r.logf("push to %s rejected (attempt %d of %d); fetching and replaying", r.branch(), attempt, pushAttempts)
		if err := r.sleep(r.ctx, time.Duration(attempt)*time.Second); err != nil {
			return err
		}
	}
}

// current reads c again right before it is applied. A comment deleted
// meanwhile is gone: deleting is how people take back a pasted secret, so
// it is neither applied, quoted nor committed. An edit is applied as it
// reads now.
func (r *run) current(c *Comment) (*Comment, bool, error) {
	cur, err := r.GitHub.Comment(r.ctx, r.pr.Number, c.Kind, c.ID)
	if errors.Is(err, ErrNotFound) {
		r.logf("comment %s by @%s was deleted; not applied", c.Key(), c.User.Login)
		r.res.Deleted = append(r.res.Deleted, c.Key())
		return nil, true, nil
	}
	if err != nil {
		return nil, false, err
	}
	return cur, false, nil
}

func hasKey(cs []Comment, key string) bool {
	for _, c := range cs {
		if c.Key() == key {
			return true
		}
	}
	return false
}

func (r *run) readMeta() (*meta.Meta, error) {
	data, err := repofs.ReadFile(r.Git.Root(), r.metaPath())
	if err != nil {
		return nil, fmt.Errorf("%s on %s: %w", r.metaPath(), r.branch(), err)
	}
	return meta.Parse(r.metaPath(), data)
}

// apply hands one comment to the step machine and commits what it left
// uncommitted (an answer, feedback) with the comment recorded as processed.
// When the machine commits (a step completed, a revision applied), that
// commit already records the comment, and nothing more is committed.
func (r *run) apply(c *Comment, md *meta.Meta) (Outcome, error) {
	out := Outcome{Comment: c, Key: c.Key()}
	// Whatever this comment commits credits its author.
	if ca, ok := r.Machine.(CoAuthored); ok {
		ca.SetCoAuthor(c.User.Trailer())
		defer ca.SetCoAuthor("")
	}
	var step *roundtable.StepStatus
	if st, err := r.Machine.Status(r.slug); err == nil {
		step = st.Step
	}
	intent, ok := reviseIntent(r.Git, r.Config.Layout.Dir(r.slug), step, *c)
	if !ok {
		intent = Interpret(r.Git, step, *c)
	}
	text := intent.Text
	var reply *roundtable.Reply
	var err error
	machineCommand := false // handled by the step machine's comment parser
	if c.Verdict() {
		// A review's verdict signs off areas; its body only names them.
		text = "/rtgit approve"
		reply, err = r.Machine.ReviewFrom(r.slug, c.State == ReviewChangesRequested, c.Body,
			roundtable.Origin{Author: "@" + c.User.Login, Link: commentLink(r.pr, c), Key: c.Key(), Commit: c.CommitID})
	} else if dry, ok := ParsePublish(c.Body); ok && c.Kind != KindReviewComment {
		text = strings.TrimSpace(c.Body)
		reply, err = r.publish(dry, md)
	} else if intent.Refuse != "" {
		err = errors.New(intent.Refuse)
	} else {
		machineCommand = true
		reply, err = r.Machine.CommentFrom(r.slug, text, roundtable.Origin{Author: "@" + c.User.Login, Link: commentLink(r.pr, c), Key: c.Key()})
	}
	if storageFailure(err) {
		// A full disk or a failing device says nothing about the comment.
		// Recording it as processed would drop it; failing the run leaves
		// it for the next one to apply.
		return out, err
	}
	if reply == nil {
		reply = &roundtable.Reply{}
	}
	if intent.Note != "" && err == nil {
		reply.Lines = append([]roundtable.Line{{Text: intent.Note}}, reply.Lines...)
	}
	out.Reply, out.Err = reply, err
	if reply.Commit != "" {
		out.Commits = append(out.Commits, reply.Commit)
		if md, err = r.readMeta(); err != nil {
			return out, err
		}
		if md.Processed(c.Key()) {
			// The machine recorded the comment in its own commit: a
			// comment is one commit.
			return out, nil
		}
	}
	if machineCommand && err == nil && reply.Commit == "" && len(reply.Changed) == 0 && roundtable.ParseComment(text).Kind == "help" {
		// Help, asked for or given for a mistyped command, changes
		// nothing, so it costs no commit: the reply's marker is what
		// keeps it from being answered twice.
		return out, nil
	}
	var paths []string
	if reply.Commit == "" && err == nil {
		paths = append(paths, reply.Changed...)
	}
	md.MarkProcessed(c.Key())
	data, merr := md.Marshal()
	if merr != nil {
		return out, merr
	}
	if merr := atomicfile.WriteFile(filepath.Join(r.Git.Root(), filepath.FromSlash(r.metaPath())), data, 0o644); merr != nil {
		return out, merr
	}
	paths = append(paths, r.metaPath())
	msg := commitMessage(text, c)
	if intent.Refuse != "" {
		msg = fmt.Sprintf("rtgit: line comment from @%s not applied\n\nRtgit-Comment: %s\n", c.User.Login, c.Key())
	}
	if who := c.User.Trailer(); who != "" {
		msg = strings.TrimRight(msg, "\n") + "\nCo-authored-by: " + who + "\n"
	}
	sha, cerr := r.Git.Commit(paths, msg)
	if cerr != nil {
		return out, cerr
	}
	out.Commits = append(out.Commits, sha)
	return out, nil
}

// storageFailure reports whether err comes from the disk rather than
// from the comment: those are worth retrying, not answering.
func storageFailure(err error) bool {
	for _, e := range []error{syscall.ENOSPC, syscall.EDQUOT, syscall.EFBIG, syscall.EIO, syscall.EROFS} {
		if errors.Is(err, e) {
			return true
		}
	}
	return false
}

// commitMessage says what the comment did, with a trailer naming it.
func commitMessage(text string, c *Comment) string {
	cmd := roundtable.ParseComment(text)
	var what string
	switch cmd.Kind {
	case "answer":
		what = fmt.Sprintf("answer %s", cmd.QuestionID)
	case "feedback":
		what = "feedback on the open step"
	case "question":
		what = "open question"
	case "resolve":
		what = "resolve " + cmd.QuestionID
	case "ack":
		what = "acknowledgement"
	case "depth":
		what = "depth " + string(cmd.Depth)
	case "revise":
		what = "reopen " + cmd.StepID + " for revision"
	case "approve":
		what = "sign-off"
	default:
		what = cmd.Kind
	}
	return fmt.Sprintf("rtgit: %s from @%s\n\nRtgit-Comment: %s\n", what, c.User.Login, c.Key())
}

// commentLink is the address of c on the pull request, for the record of
// an open question it raises.
func commentLink(pr *PullRequest, c *Comment) string {
	if pr == nil || pr.URL == "" {
		return ""
	}
	switch c.Kind {
	case KindIssueComment:
		return fmt.Sprintf("%s#issuecomment-%d", pr.URL, c.ID)
	case KindReviewComment:
		return fmt.Sprintf("%s#discussion_r%d", pr.URL, c.ID)
	}
	return fmt.Sprintf("%s#pullrequestreview-%d", pr.URL, c.ID)
}

// AnswerReader is a Machine that keeps the answer files it has parsed, so
// a file the action reads too, as Status and Next just did, is not
// parsed again.
type AnswerReader interface {
	ParseAnswers(name string, data []byte) (*answers.File, error)
}

func (r *run) parseAnswers(name string, data []byte) (*answers.File, error) {
	if a, ok := r.Machine.(AnswerReader); ok {
		return a.ParseAnswers(name, data)
	}
	return answers.Parse(name, data)
}

// push handles answer files edited and pushed directly: a ticked [C] (or
// [E], [S]) continues; otherwise the reply lists what is still missing.
func (r *run) push(tip string) (*Outcome, error) {
	key := "push-" + tip[:12]
	if r.replied[key] {
		return nil, nil
	}
	// rtgit's own push is the one its account made; a commit message says
	// nothing, as anyone can write "rtgit: " at the start of one.
	if r.Self != "" && strings.EqualFold(r.Event.Sender.Login, r.Self) {
		return nil, nil
	}
	st, err := r.Machine.Status(r.slug)
	if err != nil || st.Step == nil {
		return nil, err
	}
	out := &Outcome{Key: key}
	choice := ""
	if data, err := repofs.ReadFile(r.Git.Root(), st.Step.AnswerFile); err == nil {
		if f, err := r.parseAnswers(st.Step.AnswerFile, data); err == nil {
			choice = f.Choice
		} else {
			out.Reply, out.Err = &roundtable.Reply{Problems: []string{err.Error()}}, err
			return out, nil
		}
	}
	if choice != "" {
		// What the push confirms is the pusher's.
		if a, ok := r.Machine.(Actor); ok && r.Event.Sender.Login != "" && !r.Event.Sender.IsBot() {
			a.SetActor("@" + r.Event.Sender.Login)
			defer a.SetActor("")
		}
		out.Reply, out.Err = r.Machine.Next(r.slug)
		if out.Reply != nil && out.Reply.Commit != "" {
			out.Commits = append(out.Commits, out.Reply.Commit)
		}
		return out, nil
	}
	out.Reply, out.Err = r.Machine.StatusReply(r.slug)
	if out.Reply != nil && out.Reply.Step != nil {
		v := out.Reply.Step
		for _, q := range v.Questions {
			if q.Required && !q.Answered {
				out.Reply.Problems = append(out.Reply.Problems, fmt.Sprintf("%s:%d: `%s` is unanswered: %s", v.AnswerFile, q.Line, q.ID, q.Text))
			}
		}
		if len(out.Reply.Problems) == 0 {
			out.Reply.Lines = append(out.Reply.Lines, roundtable.Line{Text: "Every required question is answered. Tick **[C]** in the file or comment `C` to continue."})
		}
	}
	return out, nil
}

var outsiderMarkerRe = lazyre.New(`<!-- rtgit:bot outsider=([a-z0-9_\[\]-]+) -->`)

var replyMarkerRe = lazyre.New(`<!-- rtgit:bot reply=((?:ic|rc|rv|push)-[0-9a-f]+) -->`)

func replyKeys(body string) []string {
	var keys []string
	for _, m := range replyMarkerRe.FindAllStringSubmatch(body, -1) {
		keys = append(keys, m[1])
	}
	return keys
}

func containsMarker(body, what string) bool { return strings.Contains(body, marker(what)) }
