package main

import (
	"encoding/json"
	"regexp"
	"sort"
	"strings"
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
// a requirement is tied to, read with no rule of rtgit's.
func answeredTestFiles(answers []storedAnswer) map[string]map[string]bool {
	out := map[string]map[string]bool{}
	for _, a := range answers {
		if a.Question != "tasks" {
			continue
		}
		for _, l := range strings.Split(a.Text, "\n") {
			if !answeredTest.MatchString(l) {
				continue
			}
			var traces, files []string
			for _, part := range strings.Split(l, "|")[1:] {
				k, v, ok := strings.Cut(strings.TrimSpace(part), ":")
				if !ok {
					continue
				}
				items := strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == ' ' || r == '`' })
				switch strings.TrimSpace(k) {
				case "traces":
					traces = items
				case "files":
					files = items
				}
			}
			for _, id := range traces {
				if out[id] == nil {
					out[id] = map[string]bool{}
				}
				for _, f := range files {
					out[id][f] = true
				}
			}
		}
	}
	return out
}

var answeredTest = regexp.MustCompile(`^\s*(?:[-*]\s+(?:\[.\]\s+)?)?T\d{3,}\s+(?:\[P\]\s+)?test:`)

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
