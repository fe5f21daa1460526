// Command bench measures rtgit against git itself on synthetic
// repositories of 1k, 10k and 100k files and one with a 10k-commit
// history: `rtgit next` against git add and commit, `rtgit scan` against
// git grep, `rtgit action` against git commit and push, `rtgit status <slug>`
// (its staleness check) against git diff --name-only at 100k files and 10k
// commits, and `rtgit status` over 1, 100 and 1,000 analyses; and `rtgit
// action` on a comment after a 65,000-character answer against the same
// comment before it (-only large). Each pair runs alternately on the same
// repository in one run; every command is a separate process, timed wall
// clock from start to exit, with its peak RSS from the kernel.
//
//	go run ./bench                 # the whole suite (several minutes)
//	go run ./bench -short          # 1k files, one repetition, as CI runs it
//	go run ./bench -accuracy bench/corpus/changes.jsonl -mirrors DIR
//	                               # scan accuracy on real changes only
//	go run ./bench -accuracy bench/corpus/changes.jsonl -mirrors DIR -split train
//	                               # ... of one corpus split only
//	go run ./bench -action         # the Action's job, simulated step by step
//	go run ./bench -fidelity bench/fidelity -mirrors DIR
//	                               # natural answers to real changes, replayed
//	go run ./bench -commands [-baseline BIN]
//	                               # the commands that read a whole analysis,
//	                               # side by side with another rtgit
//
// -short also measures scan accuracy, on a small synthetic corpus it
// builds itself.
//
// It prints the results as markdown; docs/performance.md records a run.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// suite is one run's settings.
type suite struct {
	rtgit   string // the binary under test
	reps    int
	profile string // directory for CPU profiles, or ""
	repo    string // the repository being measured, for profile names
}

// profileEnv asks rtgit for a CPU profile of this run, named after what
// is measured (rtgit reads RTGIT_CPUPROFILE).
func (s *suite) profileEnv(name string) []string {
	if s.profile == "" {
		return nil
	}
	tag := strings.NewReplacer(",", "", " ", "-").Replace(s.repo)
	return []string{"RTGIT_CPUPROFILE=" + filepath.Join(s.profile, tag+"-"+name+".pprof")}
}

func main() {
	// The simulated job's workflow runs `gh api`: this program is its
	// stand-in there (gh.go).
	if filepath.Base(os.Args[0]) == "gh" {
		os.Exit(ghMain(os.Args[1:]))
	}
	short := flag.Bool("short", false, "1k files and one repetition only")
	sizesFlag := flag.String("sizes", "1000,10000,100000", "comma-separated file counts")
	history := flag.Int("history", 10000, "commits in the history repository (0: none)")
	only := flag.String("only", "", "measure only this pair: scan (both scan pairs), next, action, large (a comment after a large answer, on the smallest repository), stale (the staleness check alone), verify (a pull request against 100 merged analyses) or status (the lists of analyses alone)")
	staleFiles := flag.Int("stale-files", 100000, "files in the staleness repository, which has -history commits (0: none)")
	reps := flag.Int("reps", 5, "runs of each command; the median is reported")
	work := flag.String("dir", "", "work directory (default: a temporary one, removed afterwards)")
	bin := flag.String("rtgit", "", "the rtgit binary (default: built from this module)")
	profile := flag.String("cpuprofile", "", "write a CPU profile of every rtgit run into `DIR`")
	outPath := flag.String("o", "", "also write the markdown report to `FILE`")
	accuracy := flag.String("accuracy", "", "measure scan accuracy on the corpus `FILE` (JSON lines) and nothing else")
	mirrors := flag.String("mirrors", os.Getenv("RTGIT_MIRRORS"), "`DIR` holding the corpus repositories (default $RTGIT_MIRRORS)")
	action := flag.Bool("action", false, "simulate the GitHub Action's job for a comment on an unrelated and on an analysis pull request, on repositories of -sizes files, and nothing else")
	verbose := flag.Bool("v", false, "with -accuracy, print every change's outcome to standard error")
	fidelity := flag.String("fidelity", "", "replay the natural-prose analyses of the corpus `DIR` (bench/fidelity) and measure how rtgit read them, and nothing else")
	flag.StringVar(&mermaidModules, "mermaid", os.Getenv("RTGIT_MERMAID"), "with -fidelity, a node_modules `DIR` holding mermaid and jsdom: every Mermaid block is parsed by .ci/check-mermaid.mjs")
	commands := flag.Bool("commands", false, "time next at 04-05, rebuild, check, export and status on the demo's finished analysis, and nothing else")
	baseline := flag.String("baseline", "", "with -commands, a `BIN` of rtgit to time side by side (for instance one built from an earlier commit)")
	split := flag.String("split", "", "with -accuracy, measure only the changes of this corpus split (train, heldout, fresh, lang, extra or check)")
	flag.Parse()
	staleHistory := history
	if *short {
		// The staleness pairs still run, small, so CI keeps them working.
		short := 200
		*sizesFlag, *history, *reps, *staleFiles = "1000", 0, 1, 1000
		staleHistory = &short
	}
	var sizes []int
	for _, f := range strings.Split(*sizesFlag, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 100 {
			fatalf("-sizes: %q is not a file count of at least 100", f)
		}
		sizes = append(sizes, n)
	}
	if *reps < 1 {
		fatalf("-reps must be at least 1")
	}

	root := *work
	if root == "" {
		d, err := os.MkdirTemp("", "rtgit-bench-")
		if err != nil {
			fatalf("%v", err)
		}
		root = d
		defer os.RemoveAll(d)
	} else if err := os.MkdirAll(root, 0o755); err != nil {
		fatalf("%v", err)
	}
	gitconfig := filepath.Join(root, "gitconfig")
	if err := os.WriteFile(gitconfig, nil, 0o644); err != nil {
		fatalf("%v", err)
	}
	env = append(env, "GIT_CONFIG_GLOBAL="+gitconfig)
	if *action {
		module, rel := moduleRoot(), *bin
		if rel == "" {
			rel = filepath.Join(root, "rtgit-release")
			progress("building the release binary")
			buildRelease(module, rel)
		}
		w := reportWriter(*outPath)
		for _, n := range sizes {
			progress("job, %s files: building and running", filesLabel(n))
			writeJob(w, measureJob(filepath.Join(root, "job-"+filesLabel(n)), module, rel, n, *reps), *reps)
		}
		return
	}
	s := &suite{rtgit: *bin, reps: *reps, profile: *profile}
	if s.rtgit == "" {
		s.rtgit = filepath.Join(root, "rtgit")
		progress("building rtgit")
		// Built as the release is (static, trimmed, stripped): that is the
		// binary people run, and a dynamically linked one pays the loader
		// on every start.
		if _, o, err := run("", []string{"CGO_ENABLED=0"}, "go", "build", "-trimpath", "-ldflags", "-s -w", "-o", s.rtgit, "github.com/rtgit/rtgit/cmd/rtgit"); err != nil {
			fatalf("setup: build rtgit: %v\n%s", err, o)
		}
	}
	if s.profile != "" {
		if err := os.MkdirAll(s.profile, 0o755); err != nil {
			fatalf("%v", err)
		}
	}

	if *accuracy != "" {
		if *mirrors == "" {
			fatalf("-accuracy needs -mirrors or RTGIT_MIRRORS")
		}
		w := reportWriter(*outPath)
		writeAccuracy(w, measureAccuracy(s.rtgit, *accuracy, *split, *mirrors, filepath.Join(root, "accuracy"), *verbose))
		return
	}

	if *fidelity != "" {
		if *mirrors == "" {
			fatalf("-fidelity needs -mirrors or RTGIT_MIRRORS")
		}
		w := reportWriter(*outPath)
		writeFidelity(w, measureFidelity(s.rtgit, *fidelity, *mirrors, filepath.Join(root, "fidelity"), *verbose))
		return
	}

	if *commands {
		writeCommands(reportWriter(*outPath), measureCommands(s.rtgit, *baseline, root, s.reps), s.reps, *baseline)
		return
	}

	rep := &report{reps: s.reps}
	type repoSpec struct {
		label          string
		files, history int
	}
	var specs []repoSpec
	for _, n := range sizes {
		specs = append(specs, repoSpec{filesLabel(n), n, 0})
	}
	if *history > 0 {
		specs = append(specs, repoSpec{fmt.Sprintf("%s, %s commits", filesLabel(1000), filesLabel(*history)), 1000, *history})
	}
	if *only == "stale" || *only == "status" || *only == "verify" {
		specs = nil
	}
	for i, sp := range specs {
		dir := filepath.Join(root, fmt.Sprintf("repo-%d", i))
		os.RemoveAll(dir)
		os.RemoveAll(dir + "-origin.git")
		start := time.Now()
		s.repo = sp.label
		progress("%s: building", sp.label)
		buildFiles(dir, sp.files, sp.history)
		progress("%s: built in %s; measuring", sp.label, time.Since(start).Round(time.Second))
		if *only == "" || *only == "scan" {
			a, b := s.measureScan(dir, "scan", scanTerms)
			rep.add("scan", sp.label, sp.files, a, b)
			a, b = s.measureScan(dir, "scan-crowd", crowdTerms)
			rep.add("scan-crowd", sp.label, sp.files, a, b)
		}
		if *only == "" || *only == "next" || *only == "action" || *only == "large" {
			checkpoint := s.startAnalysis(dir)
			if (*only == "" || *only == "large") && sp.history == 0 && sp.files == sizes[0] {
				for _, a := range largeAnswers() {
					progress("%s: a comment after an answer of %s", sp.label, a.label)
					rt, before := s.measureLarge(dir, checkpoint, a)
					rep.add("large", sp.label+", "+a.label, sp.files, rt, before)
				}
			}
			if *only == "" || *only == "next" {
				a, b := s.measureNext(dir, checkpoint)
				rep.add("next", sp.label, sp.files, a, b)
			}
			if *only == "" || *only == "action" {
				a, b := s.measureAction(dir, checkpoint)
				rep.add("action", sp.label, sp.files, a, b)
			}
		}
		if *work == "" {
			os.RemoveAll(dir)
			os.RemoveAll(dir + "-origin.git")
		}
	}
	if *staleFiles > 0 && *staleHistory > 0 && (*only == "" || *only == "stale") {
		label := fmt.Sprintf("%s, %s commits", filesLabel(*staleFiles), filesLabel(*staleHistory))
		dir := filepath.Join(root, "stale")
		os.RemoveAll(dir)
		s.repo = "stale " + label
		progress("%s: building", label)
		start := time.Now()
		buildFiles(dir, *staleFiles, *staleHistory)
		progress("%s: built in %s; measuring staleness", label, time.Since(start).Round(time.Second))
		a, b, c, d := s.measureStale(dir, *staleHistory)
		rep.add("stale", label, *staleFiles, a, b)
		rep.add("stale-log", label, *staleFiles, c, d)
		if *work == "" {
			os.RemoveAll(dir)
		}
	}
	if *only == "" || *only == "verify" {
		n := 10000
		if *short {
			n = 1000
		}
		label := fmt.Sprintf("%s files, %d analyses, %d-file change", filesLabel(n), verifyAnalyses, verifyFiles)
		dir := filepath.Join(root, "verify")
		os.RemoveAll(dir)
		s.repo = "verify " + label
		progress("%s: building", label)
		buildFiles(dir, n, 0)
		progress("%s: measuring", label)
		a, b := s.measureVerify(dir, false)
		rep.add("verify", label, n, a, b)
		if *work == "" {
			os.RemoveAll(dir)
		}
		// The same change against analyses that hold all their files.
		full := label + ", whole analyses"
		dir = filepath.Join(root, "verify-full")
		os.RemoveAll(dir)
		s.repo = "verify " + full
		progress("%s: building", full)
		buildFiles(dir, n, 0)
		progress("%s: measuring", full)
		a, b = s.measureVerify(dir, true)
		rep.add("verify-full", full, n, a, b)
		if *work == "" {
			os.RemoveAll(dir)
		}
	}
	if *only != "" && *only != "status" {
		rep.write(reportWriter(*outPath))
		return
	}
	progress("status: building")
	s.repo = "status"
	sdir := filepath.Join(root, "status")
	os.RemoveAll(sdir)
	buildFiles(sdir, 1000, 0)
	rep.status = s.measureStatus(sdir)
	progress("status: overlaps among 100 open analyses")
	rep.status = append(rep.status, s.measureOverlap(root)...)

	if *short {
		progress("accuracy: synthetic corpus")
		rep.accuracy = measureAccuracy(s.rtgit, buildSyntheticCorpus(filepath.Join(root, "synthetic")), "", filepath.Join(root, "synthetic"), filepath.Join(root, "accuracy"), *verbose)
	}
	rep.write(reportWriter(*outPath))
}

// reportWriter is standard output, and the file when one is named (left
// open until the process exits).
func reportWriter(name string) io.Writer {
	if name == "" {
		return os.Stdout
	}
	f, err := os.Create(name)
	if err != nil {
		fatalf("%v", err)
	}
	return io.MultiWriter(os.Stdout, f)
}

func filesLabel(n int) string {
	if n%1000 == 0 {
		return fmt.Sprintf("%dk", n/1000)
	}
	return strconv.Itoa(n)
}

func progress(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "bench: "+format+"\n", args...)
}
