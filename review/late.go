package review

import (
	"fmt"
	"time"
)

// lateReplyWait is how long a run waits before answering, for a run that
// did apply the comment, to post its own reply first: a concurrent run
// replies right after its push, one API request later, well within this.
// A rerun of a run stopped between push and reply waits it out too, so it
// stays short.
const lateReplyWait = 3 * time.Second

// noteLate remembers c when it triggered this run yet an earlier run has
// already applied it (it is in meta.json's processed_comments) and no
// reply to it exists. That happens when that run stopped between its push
// and its reply; without a word now, the comment would look ignored.
func (r *run) noteLate(c *Comment) {
	if ev := r.trigger; ev != nil && ev.Key() == c.Key() && !r.replied[c.Key()] {
		r.late = c
	}
}

// replyLate answers the comment noteLate kept, unless a reply shows up
// meanwhile: the run that applied it may simply be slower than this one.
func (r *run) replyLate() {
	c := r.late
	if c == nil {
		return
	}
	if err := r.sleep(r.ctx, lateReplyWait); err != nil {
		return
	}
	comments, err := r.GitHub.Comments(r.ctx, r.pr.Number)
	if err != nil {
		r.warn(r.res, fmt.Errorf("look for a reply to %s: %w", c.Key(), err))
		return
	}
	if r.repliedTo(comments)[c.Key()] {
		return
	}
	body := fmt.Sprintf("%s\n%sThis comment is already applied: `%s` records it as processed on `%s`. "+
		"The run that applied it stopped before it could reply; the dashboard shows where the analysis stands.\n",
		marker("reply="+c.Key()), quoteFirstLine(c, r.linkHost()), r.metaPath(), r.branch())
	if err := r.GitHub.Post(r.ctx, r.pr.Number, c, body); err != nil {
		r.warn(r.res, err)
		return
	}
	r.res.LateReplies = append(r.res.LateReplies, c.Key())
	r.react(r.ctx, r.res, *c, "+1")
}
