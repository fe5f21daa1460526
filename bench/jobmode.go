package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// The targets for the Action, in runner time from the job's start.
const (
	unrelatedTarget = 10 * time.Second // a comment on a pull request that is not an analysis
	analysisTarget  = 15 * time.Second // the reply to a comment on an analysis pull request
)

// jobMeasure is the simulated job on one repository size.
type jobMeasure struct {
	label               string
	unrelated, analysis []jobRun
	review              jobRun // a review comment on the unrelated pull request
	alone               time.Duration
	aloneCalls          int64
	archiveSize         int
}

// Comment bodies: a remark on an ordinary pull request, and an answer on
// the analysis.
const (
	unrelatedComment = "Looks good to me, thanks!"
	analysisComment  = "Keep the column order stable across exports (note %d)."
)

// measureJob runs reps jobs of each kind, alternately, on a repository of
// files files, and checks each did what the workflow promises.
func measureJob(root, module, bin string, files, reps int) jobMeasure {
	j, err := newJobSim(root, module, bin, files)
	if err != nil {
		fatalf("job: %v", err)
	}
	defer j.Close()
	m := jobMeasure{label: filesLabel(files), archiveSize: j.archiveSize}
	for i := range reps {
		u, err := j.commentJob(jobOtherPR, unrelatedComment)
		if err == nil {
			err = j.checkUnrelated(u)
		}
		if err != nil {
			fatalf("job on a comment on the unrelated pull request: %v", err)
		}
		m.unrelated = append(m.unrelated, u)

		before := j.replies()
		tip := j.tip()
		a, err := j.commentJob(jobAnalysisPR, fmt.Sprintf(analysisComment, i))
		if err == nil {
			err = j.checkAnalysis(a, tip, before)
		}
		if err != nil {
			fatalf("job on a comment on the analysis pull request: %v", err)
		}
		m.analysis = append(m.analysis, a)
	}
	c := j.api.AddLineComment(jobOtherPR, jobCommenter, "README.md", 1, unrelatedComment)
	if m.review, err = j.runJob("pull_request_review_comment", j.api.ReviewCommentEvent(c)); err != nil {
		fatalf("job on a review comment: %v", err)
	}
	if m.review.steps[0].ran {
		fatalf("the job's if: starts a runner for a review comment on %s", jobOtherHead)
	}
	var out string
	if m.alone, m.aloneCalls, out, err = j.actionAlone(jobOtherPR, unrelatedComment); err != nil {
		fatalf("rtgit action alone: %v", err)
	}
	if !strings.Contains(out, "not an analysis pull request") {
		fatalf("rtgit action did not skip the unrelated pull request:\n%s", tail(out))
	}
	return m
}

// checkUnrelated: the pre-check ran and said no, and nothing after it ran.
func (j *jobSim) checkUnrelated(r jobRun) error {
	for _, st := range r.steps {
		switch {
		case st.label == "job `if:`" || st.label == "Is this an analysis pull request?":
			if !st.ran {
				return fmt.Errorf("%s did not run", st.label)
			}
		case st.ran:
			return fmt.Errorf("%s ran for a pull request from %s", st.label, jobOtherHead)
		}
	}
	if r.calls != 1 {
		return fmt.Errorf("%d API calls, want the pre-check's one", r.calls)
	}
	return nil
}

// checkAnalysis: the release was installed (nothing built), the answer was
// pushed as one commit and a reply posted.
func (j *jobSim) checkAnalysis(r jobRun, tipBefore string, repliesBefore int) error {
	for _, st := range r.steps {
		if strings.HasSuffix(st.label, "Set up Go") || strings.HasSuffix(st.label, "Build rtgit from source") {
			if st.ran {
				return fmt.Errorf("%s ran: the release was not installed", st.label)
			}
		} else if !st.ran {
			return fmt.Errorf("%s was skipped", st.label)
		}
	}
	if got := strings.TrimSpace(must(j.origin, "git", "rev-parse", "rtgit/"+benchSlug+"~1")); got != tipBefore {
		return fmt.Errorf("origin's rtgit/%s is not one commit past %s", benchSlug, tipBefore)
	}
	if j.replies() <= repliesBefore {
		return fmt.Errorf("no reply was posted")
	}
	return nil
}

func (j *jobSim) tip() string {
	return strings.TrimSpace(must(j.origin, "git", "rev-parse", "rtgit/"+benchSlug))
}

// replies counts rtgit's replies, its dashboard comment aside.
func (j *jobSim) replies() int { return len(j.answers()) }

func (j *jobSim) answers() []string {
	var out []string
	for _, c := range j.api.Replies() {
		if !strings.Contains(c.Body, "rtgit:bot dashboard") {
			out = append(out, c.Body)
		}
	}
	return out
}

// moduleRoot is the directory of rtgit's go.mod, above the working
// directory: the job reads the workflow template, action.yml and
// scripts/install.sh from there, as a runner reads the action's checkout.
func moduleRoot() string {
	dir, err := os.Getwd()
	if err != nil {
		fatalf("%v", err)
	}
	for {
		if data, err := os.ReadFile(filepath.Join(dir, "go.mod")); err == nil && strings.HasPrefix(string(data), "module github.com/rtgit/rtgit\n") {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			fatalf("run the benchmark inside rtgit's module")
		}
		dir = parent
	}
}

// buildRelease builds rtgit as .goreleaser.yaml does: static, trimmed,
// stripped, with a version stamped in.
func buildRelease(module, out string) {
	cmd := []string{"build", "-trimpath", "-ldflags", "-s -w -X github.com/rtgit/rtgit/cmd/rtgit/internal/cli.version=" +
		strings.TrimPrefix(releaseTag, "v"), "-o", out, "./cmd/rtgit"}
	_, o, err := run(module, []string{"CGO_ENABLED=0"}, "go", cmd...)
	if err != nil {
		fatalf("build the release binary: %v\n%s", err, o)
	}
}

// writeJob prints one repository size's job as a markdown table: each
// step's median time, skipped steps marked, and the total against the
// target.
func writeJob(w io.Writer, m jobMeasure, reps int) {
	fmt.Fprintf(w, "\n### The Action's job, simulated: %s files, median of %d run(s)\n\n", m.label, reps)
	fmt.Fprintf(w, "| step: wall time (CPU time) | comment on an unrelated pull request | comment on an analysis pull request |\n|---|---:|---:|\n")
	var labels []string
	seen := map[string]bool{}
	for _, runs := range [][]jobRun{m.analysis, m.unrelated} {
		for _, st := range runs[0].steps {
			if !seen[st.label] {
				seen[st.label] = true
				labels = append(labels, st.label)
			}
		}
	}
	for _, l := range labels {
		fmt.Fprintf(w, "| %s | %s | %s |\n", l, stepCell(m.unrelated, l), stepCell(m.analysis, l))
	}
	uw, uc := medianTotal(m.unrelated)
	aw, ac := medianTotal(m.analysis)
	fmt.Fprintf(w, "| **all steps** (target) | **%s** (%v) | **%s** (%v) |\n", withCPU(uw, uc), unrelatedTarget, withCPU(aw, ac), analysisTarget)
	fmt.Fprintf(w, "| GitHub API requests | %d | %d |\n", m.unrelated[0].calls, m.analysis[0].calls)
	fmt.Fprintf(w, "\nThe release archive is %.1f MB; API requests and downloads go to loopback.\n", float64(m.archiveSize)/1e6)
	fmt.Fprintf(w, "A review comment on %s: the job's `if:` is false, no runner starts (decided in %s).\n", jobOtherHead, dur(m.review.steps[0].took))
	fmt.Fprintf(w, "`rtgit action` alone on a comment on the unrelated pull request (a workflow without the pre-check): %s, %d API request(s).\n", dur(m.alone), m.aloneCalls)
	fmt.Fprintf(w, "Not simulated: queueing the job, starting the runner, downloading the actions, starting actions/checkout's node.\n")
}

func stepCell(runs []jobRun, label string) string {
	var ts, cpus []time.Duration
	ran := false
	for _, r := range runs {
		for _, st := range r.steps {
			if st.label == label {
				ts, cpus = append(ts, st.took), append(cpus, st.cpu)
				ran = ran || st.ran
			}
		}
	}
	if !ran { // or, when absent, inside an action that was skipped
		return "skipped"
	}
	return withCPU(medianDur(ts), medianDur(cpus))
}

// withCPU is a wall time, and the CPU time behind it when processes ran.
func withCPU(wall, cpu time.Duration) string {
	if cpu == 0 {
		return dur(wall)
	}
	return fmt.Sprintf("%s (CPU %s)", dur(wall), dur(cpu))
}

// medianTotal is the median job's wall time and, separately, the median
// CPU time of its steps (a composite action's counted once).
func medianTotal(runs []jobRun) (wall, cpu time.Duration) {
	var ts, cpus []time.Duration
	for _, r := range runs {
		ts = append(ts, r.total)
		var c time.Duration
		for _, st := range r.steps {
			if !strings.Contains(st.label, " › ") {
				c += st.cpu
			}
		}
		cpus = append(cpus, c)
	}
	return medianDur(ts), medianDur(cpus)
}

func medianDur(ts []time.Duration) time.Duration {
	s := append([]time.Duration(nil), ts...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[len(s)/2]
}

func dur(d time.Duration) string {
	switch {
	case d >= time.Second:
		return fmt.Sprintf("%.2f s", d.Seconds())
	case d >= time.Millisecond:
		return fmt.Sprintf("%d ms", d.Milliseconds())
	}
	return fmt.Sprintf("%.2f ms", float64(d.Microseconds())/1000)
}
