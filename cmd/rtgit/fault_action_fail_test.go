package main

import (
	"strings"
	"sync/atomic"
	"testing"
)

// Failed writes inside `rtgit action`: RTGIT_FAIL_AT fails the write at
// one point as a full disk would, then a new workflow run (a fresh clone)
// handles the same event. Whatever the failure, the comment lands on the
// branch exactly as one clean run lands it and is answered once: a disk
// error fails the run rather than consuming the comment. The origin stays
// fsck-clean and records the comment once.
func TestActionFailAtEveryPoint(t *testing.T) {
	if testing.Short() {
		t.Skip("kill and failure points: skipped with -short")
	}
	tmpl := corpusTemplate(t)
	var total atomic.Int64
	for _, sc := range actionScenarios() {
		t.Run(sc.name, func(t *testing.T) {
			origin, ref, points := sc.reference(t, tmpl)
			want := ref.state()
			t.Run("points", func(t *testing.T) {
				for _, p := range points {
					t.Run(p, func(t *testing.T) {
						t.Parallel()
						total.Add(1)
						c := newActionCase(t, origin, sc.comment)
						code, out := c.run(c.clone(), map[string]string{"RTGIT_FAIL_AT": p})
						if last := lastLine(out); code != 0 && (!strings.HasPrefix(last, "rtgit: ") || !strings.Contains(last, "no space left on device")) {
							t.Errorf("failed at %q: exit %d without an rtgit: message naming the full disk\n%s", p, code, out)
						}
						if code, out := c.run(c.clone(), nil); code != 0 {
							t.Fatalf("failed at %q, then a new run: exit %d\n%s", p, code, out)
						}
						if n := c.processed(); n != 1 {
							t.Errorf("failed at %q: the comment is in processed_comments %d times", p, n)
						}
						if got := c.state(); got != want {
							t.Errorf("failed at %q: the comment did not land as in a clean run:\n%s", p, lineDiff(want, got))
						}
						// A push that landed before the failure is answered
						// late by the next run; otherwise the next run applies
						// and answers the comment.
						if replies := c.replyBodies(); len(replies) != 1 {
							t.Errorf("failed at %q: %d replies, want 1: %q", p, len(replies), replies)
						}
					})
				}
			})
		})
	}
	t.Logf("%d failure points, each landed once and answered once", total.Load())
}

func lastLine(out string) string {
	lines := strings.Split(strings.TrimSpace(out), "\n")
	return lines[len(lines)-1]
}
