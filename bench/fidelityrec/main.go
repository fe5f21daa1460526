// Command fidelityrec records one natural-prose analysis into the
// fidelity corpus (bench/fidelity): the answers as the person left them
// on the analysis branch, whether each was rtgit's draft left as it was,
// what the person said would and would not change, and the real change's
// diff as the truth. `go run ./bench -fidelity` replays what it records.
//
//	go run ./bench/fidelityrec -repo CLONE -slug SLUG -notes notes.json \
//	    -mirror MIRROR.git -name owner/repo -commit SHA -out bench/fidelity/ID
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/rtgit/rtgit/steps/answers"
)

type truthFile struct {
	Path   string `json:"path"`
	Status string `json:"status"`
}

type stored struct {
	Step     string `json:"step"`
	Question string `json:"question"`
	Text     string `json:"text"`
	Draft    bool   `json:"draft,omitempty"`
	Depth    string `json:"depth,omitempty"`
}

func main() {
	repo := flag.String("repo", "", "the clone the analysis was answered in")
	slug := flag.String("slug", "", "the analysis slug")
	notes := flag.String("notes", "", "the answerer's notes.json")
	mirror := flag.String("mirror", "", "a git directory holding the real change")
	name := flag.String("name", "", "the repository, owner/name")
	commit := flag.String("commit", "", "the real change's commit")
	out := flag.String("out", "", "the case folder to write")
	flag.Parse()
	if *repo == "" || *slug == "" || *mirror == "" || *commit == "" || *out == "" {
		flag.Usage()
		os.Exit(2)
	}
	branch := "rtgit/" + *slug
	parent := strings.TrimSpace(git(*mirror, "rev-parse", *commit+"^"))
	full := strings.TrimSpace(git(*mirror, "rev-parse", *commit))
	var truth []truthFile
	for _, l := range strings.Split(strings.TrimSpace(git(*mirror, "diff", "--name-status", "--no-renames", parent, full)), "\n") {
		if f := strings.Fields(l); len(f) == 2 {
			truth = append(truth, truthFile{Path: f[1], Status: f[0]})
		}
	}
	// The analysis folder is wherever meta.json of the slug is on the branch.
	var folder string
	for _, p := range strings.Split(git(*repo, "ls-tree", "-r", "--name-only", branch), "\n") {
		if strings.HasSuffix(p, "/"+*slug+"/meta.json") {
			folder = path.Dir(p)
		}
	}
	if folder == "" {
		fail("no meta.json of %s on %s", *slug, branch)
	}
	var meta struct {
		Description string `json:"description"`
	}
	if err := json.Unmarshal([]byte(git(*repo, "show", branch+":"+folder+"/meta.json")), &meta); err != nil {
		fail("meta.json: %v", err)
	}
	var answersOut []stored
	files := strings.Split(strings.TrimSpace(git(*repo, "ls-tree", "--name-only", branch+":"+folder+"/answers")), "\n")
	sort.Strings(files)
	for _, f := range files {
		p := folder + "/answers/" + f
		final := parse(p, git(*repo, "show", branch+":"+p))
		// The version rtgit first wrote holds its drafts.
		added := strings.Fields(git(*repo, "log", "--diff-filter=A", "--format=%H", branch, "--", p))
		first := map[string]string{}
		if len(added) > 0 {
			if a := parse(p, git(*repo, "show", added[len(added)-1]+":"+p)); a != nil {
				for _, x := range a.Answers {
					if x.Answered {
						first[x.ID] = x.Text
					}
				}
			}
		}
		if final == nil {
			continue
		}
		for _, a := range final.Answers {
			if !a.Answered {
				continue
			}
			d, ok := first[a.ID]
			answersOut = append(answersOut, stored{Step: final.StepID, Question: a.ID, Text: a.Text, Draft: ok && d == a.Text, Depth: final.Depth})
		}
	}
	c := map[string]any{
		"repo": *name, "commit": full, "parent": parent,
		"title":       strings.TrimSpace(strings.SplitN(git(*mirror, "log", "-1", "--format=%B", full), "\n", 2)[0]),
		"description": meta.Description, "slug": *slug, "truth": truth,
	}
	if *notes != "" {
		data, err := os.ReadFile(*notes)
		if err != nil {
			fail("%v", err)
		}
		var n map[string]any
		if err := json.Unmarshal(data, &n); err != nil {
			fail("%s: %v", *notes, err)
		}
		delete(n, "slug")
		c["answerer"] = n
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		fail("%v", err)
	}
	data, _ := json.MarshalIndent(c, "", "  ")
	write(filepath.Join(*out, "case.json"), append(data, '\n'))
	var lines []byte
	for _, a := range answersOut {
		b, _ := json.Marshal(a)
		lines = append(append(lines, b...), '\n')
	}
	write(filepath.Join(*out, "answers.jsonl"), lines)
	fmt.Printf("%s: %d answers (%d drafts left as they were), %d files in the diff\n", *out, len(answersOut), drafts(answersOut), len(truth))
}

func parse(name, data string) *answers.File {
	f, err := answers.Parse(name, []byte(data))
	if err != nil {
		fmt.Fprintf(os.Stderr, "fidelityrec: %v\n", err)
		return nil
	}
	return f
}

func drafts(xs []stored) int {
	n := 0
	for _, x := range xs {
		if x.Draft {
			n++
		}
	}
	return n
}

func git(dir string, args ...string) string {
	flag := "-C"
	if strings.HasSuffix(dir, ".git") || filepath.Base(dir) == "repo" && !exists(filepath.Join(dir, ".git")) {
		flag = "--git-dir"
	}
	cmd := exec.Command("git", append([]string{flag, dir}, args...)...)
	out, err := cmd.Output()
	if err != nil {
		fail("git %s: %v", strings.Join(args, " "), err)
	}
	return string(out)
}

func exists(p string) bool { _, err := os.Stat(p); return err == nil }

func write(p string, data []byte) {
	if err := os.WriteFile(p, data, 0o644); err != nil {
		fail("%v", err)
	}
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "fidelityrec: "+format+"\n", args...)
	os.Exit(1)
}
