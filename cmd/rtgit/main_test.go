package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/rtgit/rtgit/cmd/rtgit/internal/cli"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"rtgit": func() { os.Exit(cli.Main(os.Args[1:])) },
		"exits": exits,
	})
}

// TestScripts runs the CLI scenarios in testdata/script: each .txtar file
// is a small story of a user at a terminal, checked line by line.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir: "testdata/script",
		Setup: func(env *testscript.Env) error {
			home := filepath.Join(env.WorkDir, ".home")
			if err := os.MkdirAll(home, 0o755); err != nil {
				return err
			}
			cfg := filepath.Join(home, ".gitconfig")
			if err := os.WriteFile(cfg, []byte("[user]\n\tname = Dana Developer\n\temail = dana@example.com\n[init]\n\tdefaultBranch = main\n"), 0o644); err != nil {
				return err
			}
			env.Setenv("HOME", home)
			env.Setenv("GIT_CONFIG_GLOBAL", cfg)
			env.Setenv("GIT_CONFIG_NOSYSTEM", "1")
			env.Setenv("TZ", "UTC")
			// Step files in the seed's prose dialect, shared with the
			// step-file parser's tests (steps/stepfile).
			seed, err := filepath.Abs("../../steps/stepfile/testdata/seed")
			if err != nil {
				return err
			}
			env.Setenv("SEED", seed)
			return nil
		},
		RequireExplicitExec: true,
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"replace":   replaceCmd,
			"mcp":       mcpCmd,
			"githubapi": githubAPICmd,
		},
	})
}

// exits runs "exits CODE rtgit ARGS..." and succeeds only when rtgit exits
// with CODE, so scripts can check the documented exit codes.
func exits() {
	args := os.Args[1:]
	if len(args) < 2 || args[1] != "rtgit" {
		fmt.Fprintln(os.Stderr, "usage: exits CODE rtgit ARGS...")
		os.Exit(2)
	}
	want, err := strconv.Atoi(args[0])
	if err != nil {
		fmt.Fprintln(os.Stderr, "exits: bad code:", args[0])
		os.Exit(2)
	}
	if got := cli.Main(args[2:]); got != want {
		fmt.Fprintf(os.Stderr, "exits: rtgit exited %d, want %d\n", got, want)
		os.Exit(1)
	}
	os.Exit(0)
}

// replaceCmd edits a file in place, the way a user would in an editor:
// replace OLD NEW FILE replaces every OLD with NEW and fails if there is none.
func replaceCmd(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 3 {
		ts.Fatalf("usage: replace OLD NEW FILE")
	}
	file := ts.MkAbs(args[2])
	data, err := os.ReadFile(file)
	ts.Check(err)
	if !strings.Contains(string(data), args[0]) {
		ts.Fatalf("%s does not contain %q", args[2], args[0])
	}
	ts.Check(os.WriteFile(file, []byte(strings.ReplaceAll(string(data), args[0], args[1])), 0o644))
}
