package main

import (
	"encoding/json"
	"sort"
	"strings"

	"github.com/rtgit/rtgit/plan"
)

// taskJSON is the part of `rtgit tasks --json` the benchmark reads.
type taskJSON struct {
	Tasks []taskRow `json:"tasks"`
}

type taskRow struct {
	ID        string   `json:"id"`
	Kind      string   `json:"kind"`
	Traces    []string `json:"traces"`
	Files     []string `json:"files"`
	DependsOn []string `json:"depends_on"`
	Parallel  bool     `json:"parallel"`
}

func measurePlan(rtgit, repo string, c fidelityCase, truth map[string]string, unchanged map[string]bool, answers []storedAnswer) planFigures {
	f := planFigures{wouldBuild: c.Answerer.TasksWouldBuild}
	out, code := rtgitIn(rtgit, repo, "", "tasks", c.Slug, "--json")
	var tj taskJSON
	if code != 0 || json.Unmarshal([]byte(out), &tj) != nil {
		return f
	}
	f.tasks = len(tj.Tasks)
	files := map[string]bool{}
	codeFiles := map[string]bool{}
	sig := map[string]bool{}
	for _, t := range tj.Tasks {
		for _, p := range t.Files {
			files[p] = true
			if t.Kind == "code" {
				codeFiles[p] = true
			}
		}
		for _, p := range t.Files {
			if unchanged[p] {
				f.onUnchanged++
				break
			}
		}
		if len(t.Traces) == 0 {
			f.noTrace++
		}
		fs, ts := append([]string(nil), t.Files...), append([]string(nil), t.Traces...)
		sort.Strings(fs)
		sort.Strings(ts)
		k := strings.Join(fs, ",") + "|" + strings.Join(ts, ",")
		if sig[k] {
			f.duplicates++
		}
		sig[k] = true
	}
	for p := range files {
		f.fileAll++
		if _, ok := truth[p]; ok {
			f.fileHits++
		}
	}
	for p := range truth {
		if isSourceFile(p) {
			f.codeRecallAll++
			if codeFiles[p] {
				f.codeRecallHit++
			}
		}
	}
	f.untiedTests, f.testsJudged = untiedTestTasks(tj, answeredTestFiles(answers))
	for i, a := range tj.Tasks {
		for _, b := range tj.Tasks[i+1:] {
			if a.Parallel && b.Parallel && a.Kind == b.Kind && shareAny(a.Files, b.Files) {
				f.parallelClash++
			}
		}
	}
	return f
}

// answeredTestFiles reads the answerer's own plan, the tasks answer they
// wrote and the replay leaves out: for each requirement, the test files
// their test tasks tracing it touch. It is the truth for which test file
// a requirement is tied to: the plan's line format is read as rtgit reads
// it (plan.Parse), and no derivation rule is used. A line that is not a
// task is left out, as it is of a plan.
func answeredTestFiles(answers []storedAnswer) map[string]map[string]bool {
	out := map[string]map[string]bool{}
	for _, a := range answers {
		if a.Question != plan.TasksQuestion {
			continue
		}
		p, _ := plan.Parse(a.Text)
		for _, t := range p.Tasks {
			if t.Kind != plan.KindTest {
				continue
			}
			for _, id := range t.Traces {
				if out[id] == nil {
					out[id] = map[string]bool{}
				}
				for _, f := range t.Files {
					out[id][f] = true
				}
			}
		}
	}
	return out
}

// untiedTestTasks counts the derived test tasks holding a test file the
// answerer's plan ties to none of their requirements, of those whose
// requirements it tests at all.
func untiedTestTasks(tj taskJSON, tied map[string]map[string]bool) (untied, judged int) {
	for _, t := range tj.Tasks {
		if t.Kind != "test" {
			continue
		}
		files := map[string]bool{}
		for _, id := range t.Traces {
			if strings.HasPrefix(id, "FR-") {
				for f := range tied[id] {
					files[f] = true
				}
			}
		}
		if len(files) == 0 {
			continue
		}
		judged++
		for _, f := range t.Files {
			if !files[f] {
				untied++
				break
			}
		}
	}
	return untied, judged
}
