package main

import (
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
)

// Failed writes inside `rtgit action`: RTGIT_FAIL_AT fails the write at
// one point as a full disk would, then a new workflow run (a fresh clone)
// handles the same event. Whatever the failure, nothing may be lost
// without a word: the comment either lands on the branch exactly as one
// clean run lands it, or it got a reply naming the failure. The origin
// stays fsck-clean and records the comment once.
func TestActionFailAtEveryPoint(t *testing.T) {
	if raceDetector {
		t.Skip("runs without -race")
	}
	tmpl := corpusTemplate(t)
	var total, landed, told, unanswered atomic.Int64
	for _, sc := range actionScenarios() {
		t.Run(sc.name, func(t *testing.T) {
			origin := actionOrigin(t, tmpl, sc)
			ref := newActionCase(t, origin, sc.comment)
			trace := filepath.Join(t.TempDir(), "points")
			if code, out := ref.run(ref.clone(), map[string]string{"RTGIT_TRACE_POINTS": trace}); code != 0 {
				t.Fatalf("reference run: exit %d\n%s", code, out)
			}
			want := ref.state()
			t.Run("points", func(t *testing.T) {
				for _, p := range tracedPoints(t, trace) {
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
						replies := c.replyBodies()
						if len(replies) > 1 {
							t.Errorf("failed at %q: %d replies, want at most 1", p, len(replies))
						}
						switch {
						case c.state() == want:
							landed.Add(1)
							if len(replies) == 0 {
								// The push landed; the next run must still
								// answer the comment, late.
								unanswered.Add(1)
								t.Errorf("failed at %q: the comment landed but was never answered", p)
							}
						case len(replies) == 1 && strings.Contains(replies[0], "no space left on device"):
							// Answering the comment with the error would
							// also lose nothing; the action prefers to fail
							// the run and leave the comment for the next.
							told.Add(1)
						default:
							t.Errorf("failed at %q: the comment neither landed as in a clean run nor got a reply naming the failure:\n%s\nreplies: %q",
								p, lineDiff(want, c.state()), replies)
						}
					})
				}
			})
		})
	}
	t.Logf("%d failure points: %d landed as in a clean run (%d of them without a reply), %d answered with the error",
		total.Load(), landed.Load(), unanswered.Load(), told.Load())
}

func lastLine(out string) string {
	lines := strings.Split(strings.TrimSpace(out), "\n")
	return lines[len(lines)-1]
}
