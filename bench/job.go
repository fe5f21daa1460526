package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"time"

	"github.com/rtgit/rtgit/review/githubtest"
	"github.com/rtgit/rtgit/scripts/releasetest"
)

// The job simulation runs the workflow `rtgit init` writes
// (templates/init/rtgit.yml) and the composite action it uses (action.yml)
// step by step, as a hosted runner would, for a comment on a pull request
// that is not an analysis and for one that is, and times each step. What
// GitHub does around the steps (queueing the job, starting the runner,
// downloading the actions, starting actions/checkout's node) is not
// simulated.
const (
	jobRepo       = "acme/invoices" // the repository the workflow runs in
	actionRepo    = "rtgit/rtgit"   // where the action and its releases live
	releaseTag    = "v1.0.0"        // the release `rtgit/rtgit@v1` resolves to
	jobAnalysisPR = 1               // from rtgit/<benchSlug>
	jobOtherPR    = 2               // from a feature branch
	jobOtherHead  = "fix-invoice-rounding"
)

var jobCommenter = githubtest.User{Login: "alice", Type: "User"}

// jobSim is the world a simulated job runs in: the repository on a bare
// remote, GitHub's API and release downloads on one loopback host, and the
// release archive built from the binary under test.
type jobSim struct {
	root, module string // work directory; the module (action.yml, scripts/, templates/)
	rtgit        string // the binary published as the release
	origin       string // the bare remote, with main and rtgit/<benchSlug>
	baseSHA      string // main's tip: GITHUB_SHA of a comment event
	gitconfig    string
	ghDir        string // holds the gh stand-in
	api          *githubtest.Server
	rel          *releasetest.Server
	job          workflowJob
	action       actionFile
	calls        atomic.Int64 // API requests (release downloads not counted)
	unexpected   atomic.Int64 // API requests no handler knew
	runs         int
	archiveSize  int // bytes of the release archive
}

// newJobSim builds a repository of files files with an analysis under way,
// publishes rtgitBin as release v1.0.0 for this machine's OS and
// architecture, and opens the two pull requests.
func newJobSim(root, module, rtgitBin string, files int) (*jobSim, error) {
	j := &jobSim{root: root, module: module, rtgit: rtgitBin}
	var wf workflowFile
	if err := readYAML(filepath.Join(module, "templates", "init", "rtgit.yml"), &wf); err != nil {
		return nil, err
	}
	job, ok := wf.Jobs["rtgit"]
	if !ok {
		return nil, fmt.Errorf("templates/init/rtgit.yml has no job rtgit")
	}
	j.job = job
	if err := readYAML(filepath.Join(module, "action.yml"), &j.action); err != nil {
		return nil, err
	}
	if j.action.Runs.Using != "composite" {
		return nil, fmt.Errorf("action.yml runs %q, not composite", j.action.Runs.Using)
	}

	if err := os.MkdirAll(root, 0o755); err != nil {
		return nil, err
	}
	j.gitconfig = filepath.Join(root, "job-gitconfig")
	if err := os.WriteFile(j.gitconfig, nil, 0o644); err != nil {
		return nil, err
	}
	// The gh stand-in is this program under the name gh.
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	j.ghDir = filepath.Join(root, "gh-bin")
	if err := os.MkdirAll(j.ghDir, 0o755); err != nil {
		return nil, err
	}
	if err := os.Symlink(self, filepath.Join(j.ghDir, "gh")); err != nil {
		return nil, err
	}

	src := filepath.Join(root, "src")
	buildFiles(src, files, 0)
	s := &suite{rtgit: rtgitBin}
	checkpoint := s.startAnalysis(src)
	j.origin = filepath.Join(root, "origin.git")
	must("", "git", "clone", "-q", "--bare", src, j.origin)
	j.baseSHA = strings.TrimSpace(must(j.origin, "git", "rev-parse", "main"))

	j.api = githubtest.New(jobRepo)
	j.api.Permissions[jobCommenter.Login] = "write"
	j.api.OpenPR(jobAnalysisPR, "rtgit/"+benchSlug, checkpoint)
	j.api.OpenPR(jobOtherPR, jobOtherHead, j.baseSHA)
	j.api.Before = func(*http.Request) int { j.calls.Add(1); return 0 }
	j.api.Unexpected = func(method, path string) {
		j.unexpected.Add(1)
		progress("unexpected API call: %s %s", method, path)
	}

	// github.com serves the API and release downloads from one host.
	j.rel = releasetest.Handler(actionRepo)
	j.api.Handle(githubtest.Prefix+"/repos/"+actionRepo+"/releases", j.rel)
	j.api.Handle("/"+actionRepo+"/releases/download/", j.rel)
	bin, err := os.ReadFile(rtgitBin)
	if err != nil {
		return nil, err
	}
	archive, err := releasetest.Archive(
		releasetest.File{Name: "README.md", Mode: 0o644, Data: []byte("# rtgit\n")},
		releasetest.File{Name: "rtgit", Mode: 0o755, Data: bin})
	if err != nil {
		return nil, err
	}
	j.archiveSize = len(archive)
	j.rel.Publish(releaseTag, map[string][]byte{"rtgit_" + runtimeAsset(): archive})
	return j, nil
}

func (j *jobSim) Close() { j.api.Close() }

// jobRun is one simulated job: its steps in order, the job's if: first.
type jobRun struct {
	steps []stepResult
	total time.Duration
	calls int64  // API requests the job made
	ws    string // the job's workspace
}

// commentJob posts body as a comment on pull request pr and runs the job
// the issue_comment event starts, on a fresh runner: empty workspace, tool
// cache and temporary directory.
func (j *jobSim) commentJob(pr int, body string) (jobRun, error) {
	c := j.api.AddComment("ic", pr, jobCommenter, body)
	return j.runJob("issue_comment", j.api.IssueCommentEvent(c))
}

func (j *jobSim) runJob(event string, payload []byte) (jobRun, error) {
	j.runs++
	dir := filepath.Join(j.root, fmt.Sprintf("run-%d", j.runs))
	ws, temp, home := filepath.Join(dir, "work"), filepath.Join(dir, "temp"), filepath.Join(dir, "home")
	for _, d := range []string{ws, temp, home} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return jobRun{}, err
		}
	}
	eventPath := filepath.Join(dir, "event.json")
	if err := os.WriteFile(eventPath, payload, 0o644); err != nil {
		return jobRun{}, err
	}
	var ev map[string]any
	if err := json.Unmarshal(payload, &ev); err != nil {
		return jobRun{}, err
	}
	github := map[string]any{
		"event_name": event, "event": ev, "repository": jobRepo, "token": githubtest.BotToken,
		"sha": j.baseSHA, "ref": "refs/heads/main", "workspace": ws,
		"api_url": j.api.APIURL(), "server_url": j.api.URL,
		"action_ref": "", "action_repository": "", "action_path": "",
	}
	ctx := map[string]any{"github": github, "secrets": map[string]any{"GITHUB_TOKEN": githubtest.BotToken}}
	env := map[string]string{
		"CI": "true", "GITHUB_ACTIONS": "true", "HOME": home, "PATH": os.Getenv("PATH"),
		"GITHUB_EVENT_NAME": event, "GITHUB_EVENT_PATH": eventPath, "GITHUB_REPOSITORY": jobRepo,
		"GITHUB_WORKSPACE": ws, "GITHUB_SHA": j.baseSHA, "GITHUB_REF": "refs/heads/main",
		"GITHUB_API_URL": j.api.APIURL(), "GITHUB_SERVER_URL": j.api.URL,
		"GITHUB_STEP_SUMMARY": filepath.Join(dir, "summary.md"),
		"RUNNER_OS":           runnerOS(), "RUNNER_ARCH": runnerArch(), "RUNNER_TEMP": temp,
		"RUNNER_TOOL_CACHE": filepath.Join(dir, "toolcache"),
		"GIT_CONFIG_GLOBAL": j.gitconfig, "GIT_CONFIG_NOSYSTEM": "1", "GIT_TERMINAL_PROMPT": "0",
	}

	calls := j.calls.Load()
	res := jobRun{ws: ws}
	start := time.Now()
	ok, err := evalIf(j.job.If, ctx)
	if err != nil {
		return res, fmt.Errorf("job rtgit: %w", err)
	}
	res.steps = append(res.steps, stepResult{label: "job `if:`", ran: ok, took: time.Since(start)})
	if ok {
		r := &runner{ctx: ctx, env: env, dir: ws, temp: temp, path: &[]string{j.ghDir}, uses: j.uses}
		err = r.run(j.job.Steps)
		res.steps = append(res.steps, r.results...)
	}
	res.total = time.Since(start)
	res.calls = j.calls.Load() - calls
	return res, err
}

// uses runs the two actions the workflow uses: actions/checkout, as the
// git commands it runs, and rtgit's own composite action from action.yml.
func (j *jobSim) uses(r *runner, st workflowStep, with map[string]string) (time.Duration, []stepResult, error) {
	name, ref, _ := strings.Cut(st.Uses, "@")
	switch {
	case name == "actions/checkout":
		cpu, err := j.checkout(r, with)
		return cpu, nil, err
	case name == actionRepo || name == "./":
		github := map[string]any{}
		for k, v := range r.ctx["github"].(map[string]any) {
			github[k] = v
		}
		github["action_path"], github["action_ref"], github["action_repository"] = j.module, ref, actionRepo
		ctx := map[string]any{"github": github}
		inputs := map[string]any{}
		for k, in := range j.action.Inputs {
			v, err := interpolate(in.Default, ctx)
			if err != nil {
				return 0, nil, fmt.Errorf("input %s: %w", k, err)
			}
			inputs[k] = v
		}
		for k, v := range with {
			inputs[k] = v
		}
		ctx["inputs"] = inputs
		nested := &runner{ctx: ctx, env: r.env, dir: r.dir, temp: r.temp, path: r.path, uses: j.uses,
			prefix: st.label() + " › "}
		err := nested.run(j.action.Runs.Steps)
		var cpu time.Duration
		for _, n := range nested.results {
			cpu += n.cpu
		}
		return cpu, nested.results, err
	}
	return 0, nil, fmt.Errorf("the action %s is not simulated", st.Uses)
}

// checkout does what actions/checkout@v4 does for a comment event with
// its defaults (fetch-depth 1): a fresh repository in the workspace, one
// shallow fetch of GITHUB_SHA, and a checkout of it as the default branch.
// Its node start-up and the runner's download of the action are not
// included.
func (j *jobSim) checkout(r *runner, with map[string]string) (time.Duration, error) {
	depth := with["fetch-depth"]
	if depth == "" {
		depth = "1"
	}
	fetch := []string{"-c", "protocol.version=2", "fetch", "--no-tags", "--prune", "--no-recurse-submodules"}
	if depth != "0" {
		fetch = append(fetch, "--depth="+depth)
	}
	fetch = append(fetch, "origin", "+"+j.baseSHA+":refs/remotes/origin/main")
	var cpu time.Duration
	for _, args := range [][]string{
		{"init", "-q", r.dir},
		{"remote", "add", "origin", "file://" + j.origin},
		{"config", "--local", "gc.auto", "0"},
		fetch,
		{"checkout", "-q", "--force", "-B", "main", "refs/remotes/origin/main"},
		{"log", "-1", "--format=%H"},
	} {
		cmd := exec.Command("git", args...)
		cmd.Dir = r.dir
		for k, v := range r.env {
			cmd.Env = append(cmd.Env, k+"="+v)
		}
		out, err := cmd.CombinedOutput()
		cpu += cpuOf(cmd)
		if err != nil {
			return cpu, fmt.Errorf("git %s: %v\n%s", strings.Join(args, " "), err, tail(string(out)))
		}
	}
	return cpu, nil
}

// actionAlone times `rtgit action` by itself on a comment on pull request
// pr, in a shallow clone: what a workflow without the pre-check step runs.
func (j *jobSim) actionAlone(pr int, body string) (time.Duration, int64, string, error) {
	c := j.api.AddComment("ic", pr, jobCommenter, body)
	j.runs++
	dir := filepath.Join(j.root, fmt.Sprintf("run-%d", j.runs))
	ws := filepath.Join(dir, "work")
	must("", "git", "clone", "-q", "--depth", "1", "--no-tags", "file://"+j.origin, ws)
	ev := filepath.Join(dir, "event.json")
	if err := os.WriteFile(ev, j.api.IssueCommentEvent(c), 0o644); err != nil {
		return 0, 0, "", err
	}
	calls := j.calls.Load()
	smp, out, err := run(ws, []string{"GITHUB_EVENT_NAME=issue_comment", "GITHUB_EVENT_PATH=" + ev,
		"GITHUB_REPOSITORY=" + jobRepo, "GITHUB_API_URL=" + j.api.APIURL(), "GITHUB_SERVER_URL=" + j.api.URL,
		"GITHUB_TOKEN=" + githubtest.BotToken, "GITHUB_WORKSPACE=" + ws, "GIT_CONFIG_GLOBAL=" + j.gitconfig},
		j.rtgit, "action")
	return smp.wall, j.calls.Load() - calls, out, err
}

// runtimeAsset is the archive install.sh downloads on this machine, after
// "rtgit_".
func runtimeAsset() string { return runtime.GOOS + "_" + runtime.GOARCH + ".tar.gz" }

func runnerOS() string {
	switch runtime.GOOS {
	case "darwin":
		return "macOS"
	case "windows":
		return "Windows"
	}
	return "Linux"
}

func runnerArch() string {
	if runtime.GOARCH == "arm64" {
		return "ARM64"
	}
	return "X64"
}
