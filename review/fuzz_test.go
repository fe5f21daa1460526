package review

import (
	"strings"
	"testing"

	"github.com/rtgit/rtgit/steps/roundtable"
)

// FuzzParseEvent feeds arbitrary payloads under every event name, known or
// not. A webhook payload is the one input rtgit takes straight from the
// internet, so whatever ParseEvent accepts must already satisfy every check
// the rest of the action relies on. Seeds live in testdata/fuzz/FuzzParseEvent.
func FuzzParseEvent(f *testing.F) {
	f.Fuzz(func(t *testing.T, name string, payload []byte) {
		ev, err := ParseEvent(name, payload)
		if err != nil {
			if ev != nil {
				t.Fatalf("an error with an event: %v", err)
			}
			if strings.TrimSpace(err.Error()) == "" {
				t.Fatal("an empty error")
			}
			return
		}
		if ev.Name != name {
			t.Fatalf("event name %q, want %q", ev.Name, name)
		}
		if err := ValidRepo(ev.Repo); err != nil {
			t.Fatalf("accepted an invalid repository: %v", err)
		}
		switch name {
		case EventIssueComment, EventReviewComment, EventReview:
			if ev.PR <= 0 {
				t.Fatalf("accepted pull request number %d", ev.PR)
			}
			if ev.Comment == nil {
				t.Fatal("a comment event without a comment")
			}
			if err := validComment(ev.Comment); err != nil {
				t.Fatalf("accepted an invalid comment: %v", err)
			}
			if len(ev.Comment.Body) > roundtable.MaxCommentBytes {
				t.Fatalf("accepted a %d-byte comment", len(ev.Comment.Body))
			}
		case EventPush:
			if ev.Skip != "" {
				return
			}
			slug, err := SlugFromBranch(ev.Branch)
			if err != nil {
				t.Fatalf("accepted push branch %q: %v", ev.Branch, err)
			}
			if roundtable.ValidateSlug(slug) != nil || !shaRe.MatchString(ev.After) {
				t.Fatalf("accepted push %q at %q", ev.Branch, ev.After)
			}
		default:
			t.Fatalf("accepted unknown event %q", name)
		}
	})
}
