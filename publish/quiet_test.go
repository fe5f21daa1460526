package publish

import (
	"strings"
	"testing"

	"github.com/rtgit/rtgit/plan"
	"github.com/rtgit/rtgit/review/githubtest"
)

// A task's title is branch text, and it goes into every issue published
// and into the task list: a mention in it would ping once per issue, an
// image load from anywhere. Each is quieted; the words stay.
func TestPublishedBodiesAreQuiet(t *testing.T) {
	s, c, _ := setup(t)
	ts := []plan.Task{{ID: "T001", Title: "Ask @acme/everyone ![p](https://evil.example/p.png?leak=1) today", Kind: "code @ops"}}
	o := options(ts)
	o.Source = 0
	o.Description = "CSV @carol ![i](https://evil.example/i.png)"
	publish(t, c, o)
	var bodies []string
	for _, is := range s.IssuesBy(githubtest.Bot) {
		bodies = append(bodies, is.Body)
	}
	for _, cm := range s.Replies() {
		bodies = append(bodies, cm.Body)
	}
	if len(bodies) < 3 {
		t.Fatalf("want a task issue, a tracking issue and a summary, got %q", bodies)
	}
	all := strings.Join(bodies, "\n----\n")
	for _, bad := range []string{"@acme", "@ops", "@carol", "evil.example/p.png", "evil.example/i.png"} {
		if strings.Contains(all, bad) {
			t.Errorf("a published body holds %q:\n%s", bad, all)
		}
	}
	mustHave := []string{"Ask @\u200dacme/everyone p today", "CSV @\u200dcarol i"}
	for _, w := range mustHave {
		if !strings.Contains(all, w) {
			t.Errorf("the published bodies lack %q:\n%s", w, all)
		}
	}
}
