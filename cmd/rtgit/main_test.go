package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/rtgit/rtgit/cmd/rtgit/internal/cli"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"rtgit": func() { os.Exit(cli.Main(os.Args[1:])) },
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
			return nil
		},
		RequireExplicitExec: true,
	})
}
