package main

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"time"

	"gopkg.in/yaml.v3"
)

// The parts of a workflow and of a composite action the job simulation
// reads: conditions, step ids, what a step runs and with which
// environment.
type (
	workflowFile struct {
		Jobs map[string]workflowJob `yaml:"jobs"`
	}
	workflowJob struct {
		If    string         `yaml:"if"`
		Steps []workflowStep `yaml:"steps"`
	}
	workflowStep struct {
		Name             string            `yaml:"name"`
		ID               string            `yaml:"id"`
		If               string            `yaml:"if"`
		Uses             string            `yaml:"uses"`
		Run              string            `yaml:"run"`
		Shell            string            `yaml:"shell"`
		WorkingDirectory string            `yaml:"working-directory"`
		Env              map[string]string `yaml:"env"`
		With             map[string]string `yaml:"with"`
	}
	actionFile struct {
		Inputs map[string]struct {
			Default string `yaml:"default"`
		} `yaml:"inputs"`
		Runs struct {
			Using string         `yaml:"using"`
			Steps []workflowStep `yaml:"steps"`
		} `yaml:"runs"`
	}
)

func readYAML(path string, v any) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if err := yaml.Unmarshal(data, v); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// label is how a step shows in a run's log.
func (st workflowStep) label() string {
	switch {
	case st.Name != "":
		return st.Name
	case st.Uses != "":
		return st.Uses
	}
	return "Run " + strings.SplitN(strings.TrimSpace(st.Run), "\n", 2)[0]
}

var exprRef = regexp.MustCompile(`\$\{\{(.*?)\}\}`)

// interpolate replaces each ${{ expr }} in s with its value, as the
// runner does in env, with and run before a step starts.
func interpolate(s string, ctx map[string]any) (string, error) {
	var err error
	out := exprRef.ReplaceAllStringFunc(s, func(m string) string {
		node := exprRef.FindStringSubmatch(m)[1]
		v, e := evalValue(node, ctx)
		if e != nil && err == nil {
			err = e
		}
		return text(v)
	})
	return out, err
}

// stepResult is one step of a simulated run.
type stepResult struct {
	label string
	ran   bool
	took  time.Duration
	// cpu is the user and system time of the step's processes and
	// everything they waited for: what the step costs on an idle runner,
	// where took also counts waiting for a busy machine's cores.
	cpu time.Duration
}

// runner runs the steps of one job, or of one composite action inside it,
// as the Actions runner does: each step's if: decided on the contexts so
// far, ${{ }} filled in, run: scripts through bash -eo pipefail with
// GITHUB_OUTPUT and GITHUB_PATH read back after the step, and uses: steps
// handed to uses (which knows the actions the job needs).
type runner struct {
	ctx     map[string]any    // github, inputs, secrets; steps is per runner
	env     map[string]string // the runner's environment for every step
	dir     string            // where run: steps start (GITHUB_WORKSPACE)
	temp    string            // RUNNER_TEMP, for step scripts and files
	path    *[]string         // GITHUB_PATH additions, shared with nested runners
	uses    func(r *runner, st workflowStep, with map[string]string) (cpu time.Duration, nested []stepResult, err error)
	prefix  string // the enclosing step's label, for a composite's steps
	steps   map[string]any
	results []stepResult
}

func (r *runner) run(steps []workflowStep) error {
	r.steps = map[string]any{}
	for _, st := range steps {
		label := r.prefix + st.label()
		start := time.Now()
		ctx := r.context()
		ok := true
		if st.If != "" {
			var err error
			if ok, err = evalIf(st.If, ctx); err != nil {
				return fmt.Errorf("step %q: %w", label, err)
			}
		}
		if !ok {
			r.results = append(r.results, stepResult{label: label, took: time.Since(start)})
			continue
		}
		outputs := map[string]string{}
		var nested []stepResult
		var cpu time.Duration
		var err error
		if st.Uses != "" {
			with := map[string]string{}
			for k, v := range st.With {
				if with[k], err = interpolate(v, ctx); err != nil {
					return fmt.Errorf("step %q: %w", label, err)
				}
			}
			cpu, nested, err = r.uses(r, st, with)
		} else {
			outputs, cpu, err = r.script(st, ctx)
		}
		if err != nil {
			return fmt.Errorf("step %q: %w", label, err)
		}
		r.results = append(r.results, stepResult{label: label, ran: true, took: time.Since(start), cpu: cpu})
		r.results = append(r.results, nested...)
		if st.ID != "" {
			out := map[string]any{}
			for k, v := range outputs {
				out[k] = v
			}
			r.steps[st.ID] = map[string]any{"outputs": out, "outcome": "success", "conclusion": "success"}
		}
	}
	return nil
}

// context is the expression context a step sees.
func (r *runner) context() map[string]any {
	ctx := map[string]any{"steps": r.steps}
	for k, v := range r.ctx {
		ctx[k] = v
	}
	return ctx
}

// script runs one run: step and returns what it wrote to GITHUB_OUTPUT.
func (r *runner) script(st workflowStep, ctx map[string]any) (map[string]string, time.Duration, error) {
	if st.Shell != "" && st.Shell != "bash" {
		return nil, 0, fmt.Errorf("shell %q is not simulated", st.Shell)
	}
	body, err := interpolate(st.Run, ctx)
	if err != nil {
		return nil, 0, err
	}
	// Files of their own per step, as the runner gives each step.
	f, err := os.CreateTemp(r.temp, "step-*.sh")
	if err != nil {
		return nil, 0, err
	}
	f.Close()
	script := f.Name()
	base := strings.TrimSuffix(script, ".sh")
	output, pathFile := base+".output", base+".path"
	for name, data := range map[string]string{script: body, output: "", pathFile: ""} {
		if err := os.WriteFile(name, []byte(data), 0o644); err != nil {
			return nil, 0, err
		}
	}
	env := map[string]string{}
	for k, v := range r.env {
		env[k] = v
	}
	for k, v := range st.Env {
		if env[k], err = interpolate(v, ctx); err != nil {
			return nil, 0, err
		}
	}
	env["GITHUB_OUTPUT"], env["GITHUB_PATH"] = output, pathFile
	env["PATH"] = strings.Join(append(append([]string(nil), *r.path...), env["PATH"]), string(os.PathListSeparator))
	dir := r.dir
	if st.WorkingDirectory != "" {
		if dir, err = interpolate(st.WorkingDirectory, ctx); err != nil {
			return nil, 0, err
		}
	}
	cmd := exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", script)
	cmd.Dir = dir
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	// The log of a step is the runner's; a failing step shows its tail.
	out, err := cmd.CombinedOutput()
	cpu := cpuOf(cmd)
	if err != nil {
		return nil, 0, fmt.Errorf("%v\n%s", err, tail(string(out)))
	}
	added, err := lines(pathFile)
	if err != nil {
		return nil, 0, err
	}
	// Later steps find GITHUB_PATH's entries first, newest first.
	for _, p := range added {
		*r.path = append([]string{p}, *r.path...)
	}
	outs, err := lines(output)
	if err != nil {
		return nil, 0, err
	}
	outputs := map[string]string{}
	for _, l := range outs {
		if k, v, ok := strings.Cut(l, "="); ok {
			outputs[k] = v
		}
	}
	return outputs, cpu, nil
}

func lines(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if l := strings.TrimSpace(sc.Text()); l != "" {
			out = append(out, l)
		}
	}
	return out, sc.Err()
}

// cpuOf is the user and system time of a finished command and of the
// processes it waited for.
func cpuOf(cmd *exec.Cmd) time.Duration {
	if cmd.ProcessState == nil {
		return 0
	}
	return cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
}
