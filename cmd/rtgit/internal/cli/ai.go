package cli

import (
	"os"

	"github.com/rtgit/rtgit/ai"
	"github.com/rtgit/rtgit/steps/roundtable"
)

// wireAI gives the machine the model layer when one is configured
// (.rtgit/config.yaml `ai:` in the working tree, or RTGIT_AI_MODEL).
// Without configuration the machine stays deterministic. A configuration
// the user must fix (a broken prompt override, a bad key) is an error;
// anything that goes wrong later, call by call, is a warning.
func wireAI(m *roundtable.Machine, ws *workspace, getenv func(string) string, s Streams) (ai.Config, error) {
	if getenv == nil {
		getenv = os.Getenv
	}
	cfg, err := ai.LoadConfig(ws.root, getenv)
	if err != nil {
		return cfg, err
	}
	return cfg, wireAIConfig(m, ws, cfg, s)
}

// wireAIConfig is wireAI with settings already read, as the Action reads
// them from the default branch.
func wireAIConfig(m *roundtable.Machine, ws *workspace, cfg ai.Config, s Streams) error {
	if !cfg.Enabled() {
		return nil
	}
	c, err := ai.New(ai.Options{Config: cfg, Templates: ws.templates(), Root: ws.root, Ignores: ws.fsys, GitDir: ws.repo.GitDir(),
		Warn: s.warn})
	if err != nil {
		return err
	}
	m.Assist = c.Helpers()
	if name, _ := ws.repo.Author(); name != "" {
		m.Actor = name
	}
	return nil
}
