package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
)

// The fidelity benchmark replays analyses of real merged changes that
// people answered in plain prose, and measures how rtgit read them: the
// files it lists as changed against the change's real diff, the criteria
// it recognised, the words it changed on their way into the documents,
// the sentences it cut, and the plan it derived. Each case is a folder
// of bench/fidelity: case.json (the change, its diff, what the answerer
// said would and would not change) and answers.jsonl (every answer as
// the person left it, and whether it was rtgit's draft left as it was).
// The replay starts the analysis at the change's parent, writes each
// answer with `rtgit answer`, leaves drafts as rtgit drafts them, and
// runs `rtgit next` step by step at the depth each step was answered at. docs/performance.md
// ("Fidelity") describes the corpus and how it was answered.

// fidelityCase is one case.json.
type fidelityCase struct {
	ID          string      `json:"id"`
	Repo        string      `json:"repo"`
	Commit      string      `json:"commit"`
	Parent      string      `json:"parent"`
	Title       string      `json:"title"`
	Description string      `json:"description"`
	Slug        string      `json:"slug"`
	Truth       []truthFile `json:"truth"`
	Answerer    answerer    `json:"answerer"`
}

// truthFile is one file of the change's diff, with git's status letter.
type truthFile struct {
	Path   string `json:"path"`
	Status string `json:"status"`
}

// answerer is what the person who answered said, beside their answers.
type answerer struct {
	WillChange      []string  `json:"files_will_change"`
	Unchanged       []string  `json:"files_unchanged_mentioned"`
	TasksWouldBuild int       `json:"tasks_would_build"`
	Reached         string    `json:"reached"`
	Refusals        []refusal `json:"refusals"`
	Confusions      []string  `json:"confusions"`
	Minutes         float64   `json:"minutes"`
}

// refusal is one answer rtgit refused at `next`.
type refusal struct {
	Step    string `json:"step"`
	Message string `json:"message"`
	Did     string `json:"what_i_did,omitempty"`
}

// storedAnswer is one line of answers.jsonl.
type storedAnswer struct {
	Step     string `json:"step"`
	Question string `json:"question"`
	Text     string `json:"text"`
	// Draft: the person left rtgit's draft as it was; the replay leaves
	// whatever draft the rtgit under test writes.
	Draft bool `json:"draft,omitempty"`
	// Depth is the depth the step was answered at.
	Depth string `json:"depth,omitempty"`
}

// replay is one case run through the rtgit under test.
type replay struct {
	c        fidelityCase
	dir      string // the analysis folder, "" when it never started
	reached  string // the last step completed
	complete bool
	refused  []refusal // answers the rtgit under test refused
	notAsked []string  // stored answers to questions no step asked
	// redrafted are the steps where a draft the person left as it was
	// is no longer drafted, so the replay wrote the person's text.
	redrafted []string
}

func readFidelityCorpus(root string) ([]fidelityCase, map[string][]storedAnswer) {
	entries, err := os.ReadDir(root)
	if err != nil {
		fatalf("fidelity: %v", err)
	}
	var cases []fidelityCase
	answers := map[string][]storedAnswer{}
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		dir := filepath.Join(root, e.Name())
		data, err := os.ReadFile(filepath.Join(dir, "case.json"))
		if err != nil {
			continue
		}
		var c fidelityCase
		if err := json.Unmarshal(data, &c); err != nil {
			fatalf("fidelity: %s: %v", filepath.Join(dir, "case.json"), err)
		}
		c.ID = e.Name()
		f, err := os.Open(filepath.Join(dir, "answers.jsonl"))
		if err != nil {
			fatalf("fidelity: %v", err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 1<<24)
		for n := 1; sc.Scan(); n++ {
			var a storedAnswer
			if err := json.Unmarshal(sc.Bytes(), &a); err != nil {
				fatalf("fidelity: %s:%d: %v", f.Name(), n, err)
			}
			answers[c.ID] = append(answers[c.ID], a)
		}
		f.Close()
		cases = append(cases, c)
	}
	sort.Slice(cases, func(i, j int) bool { return cases[i].ID < cases[j].ID })
	return cases, answers
}

// rtgitIn runs the rtgit under test in dir with stdin, returning its
// combined output and exit code (-1 when it could not start).
func rtgitIn(rtgit, dir, stdin string, args ...string) (string, int) {
	cmd := exec.Command(rtgit, append([]string{"--no-color"}, args...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	cmd.Stdin = strings.NewReader(stdin)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	if err != nil {
		if ee, ok := err.(*exec.ExitError); ok {
			return out.String(), ee.ExitCode()
		}
		return out.String() + err.Error(), -1
	}
	return out.String(), 0
}

// stepState is the part of `rtgit status --json` the replay reads.
type stepState struct {
	Completed []string `json:"steps_completed"`
	Step      *struct {
		ID    string `json:"id"`
		Depth string `json:"depth"`
	} `json:"step"`
}

func replayCase(rtgit, mirrors, work string, c fidelityCase, answers []storedAnswer) replay {
	r := replay{c: c}
	dir := filepath.Join(work, c.ID)
	os.RemoveAll(dir)
	must("", "git", "clone", "-q", "--no-checkout", mirrorOf(mirrors, c.Repo), dir)
	must(dir, "git", "checkout", "-q", "-B", "main", c.Parent)
	desc := c.Description
	if desc == "" {
		desc = c.Title
	}
	if out, code := rtgitIn(rtgit, dir, "", "new", "--from", c.Parent, "--slug", c.Slug, desc); code != 0 {
		r.refused = append(r.refused, refusal{Step: "new", Message: strings.TrimSpace(out)})
		return r
	}
	byStep := map[string][]storedAnswer{}
	for _, a := range answers {
		byStep[a.Step] = append(byStep[a.Step], a)
	}
	for range 60 {
		out, code := rtgitIn(rtgit, dir, "", "status", "--json", c.Slug)
		var st stepState
		if code != 0 || json.Unmarshal([]byte(out), &st) != nil {
			r.refused = append(r.refused, refusal{Step: "status", Message: strings.TrimSpace(out)})
			break
		}
		if len(st.Completed) > 0 {
			r.reached = st.Completed[len(st.Completed)-1]
		}
		if st.Step == nil {
			r.complete = true
			break
		}
		id := st.Step.ID
		// The step is answered at the depth the person answered it at.
		want := "standard"
		if as := byStep[id]; len(as) > 0 && as[0].Depth != "" {
			want = as[0].Depth
		}
		if st.Step.Depth != want {
			rtgitIn(rtgit, dir, "", "depth", c.Slug, want)
		}
		for _, a := range byStep[id] {
			// A draft stays as the rtgit under test drafts it; so does the
			// build plan, whose derivation the plan figures measure (the
			// person's own plan is recorded as its task count).
			if a.Draft || a.Question == "tasks" {
				continue
			}
			if out, code := rtgitIn(rtgit, dir, a.Text, "answer", c.Slug, a.Question, "-"); code != 0 {
				r.notAsked = append(r.notAsked, id+" "+a.Question+": "+firstLine(out))
			}
		}
		out, code = rtgitIn(rtgit, dir, "", "next", c.Slug)
		if code != 0 {
			// A draft the person confirmed that the rtgit under test no
			// longer drafts (a verdict, say) is what the person would
			// have written: write it, and try once more.
			wrote := false
			for _, a := range byStep[id] {
				if a.Draft {
					if _, c2 := rtgitIn(rtgit, dir, a.Text, "answer", c.Slug, a.Question, "-"); c2 == 0 {
						wrote = true
					}
				}
			}
			if wrote {
				r.redrafted = append(r.redrafted, id)
				out, code = rtgitIn(rtgit, dir, "", "next", c.Slug)
			}
		}
		if code != 0 {
			r.refused = append(r.refused, refusal{Step: id, Message: strings.TrimSpace(out)})
			break
		}
	}
	r.dir = analysisFolder(dir, c.Slug)
	return r
}

// analysisFolder finds the folder holding the analysis's meta.json,
// wherever the rtgit under test keeps analyses.
func analysisFolder(repo, slug string) string {
	var found string
	filepath.WalkDir(repo, func(p string, d os.DirEntry, err error) error {
		if err != nil || found != "" {
			return filepath.SkipDir
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		if d.IsDir() && d.Name() == slug && exists(filepath.Join(p, "meta.json")) {
			found = p
			return filepath.SkipDir
		}
		return nil
	})
	return found
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// measureFidelity replays every case and measures it.
func measureFidelity(rtgit, corpus, mirrors, work string, verbose bool) []fidelityOutcome {
	cases, answers := readFidelityCorpus(corpus)
	if len(cases) == 0 {
		fatalf("fidelity: no case under %s", corpus)
	}
	var out []fidelityOutcome
	for _, c := range cases {
		progress("fidelity: %s (%s at %.10s)", c.ID, c.Repo, c.Parent)
		r := replayCase(rtgit, mirrors, work, c, answers[c.ID])
		o := measureReplay(rtgit, r, answers[c.ID])
		if verbose {
			fmt.Fprintf(os.Stderr, "%s: %+v\n", c.ID, o)
		}
		out = append(out, o)
	}
	return out
}
