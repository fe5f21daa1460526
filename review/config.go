package review

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"

	"gopkg.in/yaml.v3"

	"github.com/rtgit/rtgit/steps"
)

// ConfigPath is the repository's rtgit settings file.
const ConfigPath = ".rtgit/config.yaml"

// Config is what .rtgit/config.yaml may set for the action.
type Config struct {
	Dashboard string // comment, body or off
	Reactions bool
}

// DefaultConfig is what an absent file or key means; templates/init/
// config.yaml documents the same values.
func DefaultConfig() Config { return Config{Dashboard: "comment", Reactions: true} }

type configFile struct {
	GitHub struct {
		Dashboard *string `yaml:"dashboard"`
		Reactions *bool   `yaml:"reactions"`
	} `yaml:"github"`
	// Critic belongs to the requirements critic (steps/critic), which
	// reads and checks it; the action only lets it through.
	Critic yaml.Node `yaml:"critic"`
	// AI is read by package ai; it is named here only so that the strict
	// decoding above accepts it.
	AI yaml.Node `yaml:"ai"`
	// Signoff is read and checked by package signoff.
	Signoff yaml.Node `yaml:"signoff"`
}

// LoadConfig reads .rtgit/config.yaml under root. A missing file is the
// defaults; a file that does not parse, or names an unknown key or value,
// is an error naming it.
func LoadConfig(root string) (Config, error) {
	c := DefaultConfig()
	data, err := steps.ReadRepoFile(root, ConfigPath)
	if errors.Is(err, fs.ErrNotExist) {
		return c, nil
	}
	if err != nil {
		return c, fmt.Errorf("%s: %w", ConfigPath, err)
	}
	var f configFile
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&f); err != nil && !errors.Is(err, io.EOF) {
		return c, fmt.Errorf("%s: %w", ConfigPath, err)
	}
	if d := f.GitHub.Dashboard; d != nil {
		switch *d {
		case "comment", "body", "off":
			c.Dashboard = *d
		default:
			return c, fmt.Errorf("%s: github.dashboard is %q; want comment, body or off", ConfigPath, *d)
		}
	}
	if r := f.GitHub.Reactions; r != nil {
		c.Reactions = *r
	}
	return c, nil
}
