package review

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"github.com/rtgit/rtgit/internal/repofs"
	"github.com/rtgit/rtgit/internal/yamlerr"
	"github.com/rtgit/rtgit/layout"
)

// ConfigPath is the repository's rtgit settings file.
const ConfigPath = ".rtgit/config.yaml"

// Config is what .rtgit/config.yaml may set for the action.
type Config struct {
	Dashboard string // comment, body or off
	Reactions bool
	Labels    Labels
	// MaxPerPublish bounds the issues one publish opens
	// (issues.max_per_publish).
	MaxPerPublish int
	// Layout is where analyses live (the analyses section).
	Layout layout.Layout
}

// Labels are the issue labels rtgit reads and writes (docs/issues.md).
type Labels struct {
	Analyze string // added to an issue by a writer: analyse it
	Bug     string // an issue carrying it is analysed with the bug library
	Task    string // on every issue publish opens for a task
	Ready   string // on the source issue once its tasks are published
}

// DefaultLabels are the label names when the settings name none.
func DefaultLabels() Labels {
	return Labels{Analyze: "rtgit:analyze", Bug: "bug", Task: "rtgit:task", Ready: "ready-to-build"}
}

// DefaultMaxPerPublish is how many issues one publish opens unless
// issues.max_per_publish says otherwise: well under GitHub's secondary
// limits on content creation (80 a minute, 500 an hour), so that one plan
// can neither spend them nor bury a tracker by mistake.
// MaxPerPublishLimit is the most the setting may say.
const (
	DefaultMaxPerPublish = 100
	MaxPerPublishLimit   = 500
)

// DefaultConfig is what an absent file or key means; templates/init/
// config.yaml documents the same values.
func DefaultConfig() Config {
	return Config{Dashboard: "comment", Reactions: true, Labels: DefaultLabels(), MaxPerPublish: DefaultMaxPerPublish}
}

type configFile struct {
	GitHub struct {
		Dashboard *setting[string] `yaml:"dashboard"`
		Reactions *bool            `yaml:"reactions"`
	} `yaml:"github"`
	Issues struct {
		AnalyzeLabel  *setting[string] `yaml:"analyze_label"`
		BugLabel      *setting[string] `yaml:"bug_label"`
		TaskLabel     *setting[string] `yaml:"task_label"`
		ReadyLabel    *setting[string] `yaml:"ready_label"`
		MaxPerPublish *setting[int]    `yaml:"max_per_publish"`
	} `yaml:"issues"`
	// Critic belongs to the requirements critic (steps/critic), which
	// reads and checks it; the action only lets it through.
	Critic yaml.Node `yaml:"critic"`
	// AI is read by package ai; it is named here only so that the strict
	// decoding above accepts it.
	AI yaml.Node `yaml:"ai"`
	// Signoff is read and checked by package signoff.
	Signoff yaml.Node `yaml:"signoff"`
	// Verify is read and checked by package verify.
	Verify yaml.Node `yaml:"verify"`
	// Analyses is read and checked by package layout.
	Analyses yaml.Node `yaml:"analyses"`
}

// setting is one value of the file with the line it stands on. Whether a
// value is one rtgit accepts is decided after decoding, and the error
// then names that line as a parse error would.
type setting[T any] struct {
	value T
	line  int
}

// UnmarshalYAML decodes the value as T would be, so a value of the wrong
// kind is still the decoder's error at its line.
func (s *setting[T]) UnmarshalYAML(n *yaml.Node) error {
	s.line = n.Line
	return n.Decode(&s.value)
}

// LoadConfig reads .rtgit/config.yaml in the working tree under root; see
// ParseConfig. The Action reads the default branch's instead
// (settings.FromDefaultBranch).
func LoadConfig(root string) (Config, error) {
	data, err := repofs.ReadFile(root, ConfigPath)
	if errors.Is(err, fs.ErrNotExist) {
		return DefaultConfig(), nil
	}
	if err != nil {
		return DefaultConfig(), fmt.Errorf("%s: %w", ConfigPath, err)
	}
	return ParseConfig(ConfigPath, data)
}

// ParseConfig reads a .rtgit/config.yaml document (nil: no file) read
// from source. No file is the defaults; a file that does not parse, or
// names an unknown key or value, is an error naming source.
func ParseConfig(source string, data []byte) (Config, error) {
	c := DefaultConfig()
	if data == nil {
		return c, nil
	}
	var f configFile
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&f); err != nil && !errors.Is(err, io.EOF) {
		return c, yamlerr.At(source, err)
	}
	if d := f.GitHub.Dashboard; d != nil {
		switch d.value {
		case "comment", "body", "off":
			c.Dashboard = d.value
		default:
			return c, fmt.Errorf("%s:%d: github.dashboard is %q; want comment, body or off", source, d.line, d.value)
		}
	}
	if r := f.GitHub.Reactions; r != nil {
		c.Reactions = *r
	}
	if m := f.Issues.MaxPerPublish; m != nil {
		if m.value < 1 || m.value > MaxPerPublishLimit {
			return c, fmt.Errorf("%s:%d: issues.max_per_publish is %d; want 1 to %d", source, m.line, m.value, MaxPerPublishLimit)
		}
		c.MaxPerPublish = m.value
	}
	for _, l := range []struct {
		key string
		in  *setting[string]
		out *string
	}{
		{"analyze_label", f.Issues.AnalyzeLabel, &c.Labels.Analyze},
		{"bug_label", f.Issues.BugLabel, &c.Labels.Bug},
		{"task_label", f.Issues.TaskLabel, &c.Labels.Task},
		{"ready_label", f.Issues.ReadyLabel, &c.Labels.Ready},
	} {
		if l.in == nil {
			continue
		}
		if err := validLabel(l.in.value); err != nil {
			return c, fmt.Errorf("%s:%d: issues.%s: %w", source, l.in.line, l.key, err)
		}
		*l.out = l.in.value
	}
	lay, err := layout.Parse(source, data)
	if err != nil {
		return c, err
	}
	c.Layout = lay
	return c, nil
}

// validLabel accepts what GitHub accepts as a label name: 1 to 50
// characters, not only spaces. A comma would split it in the API's list
// filter, so it is refused too.
func validLabel(name string) error {
	if strings.TrimSpace(name) == "" || utf8.RuneCountInString(name) > 50 || strings.ContainsAny(name, ",\n\r") {
		return fmt.Errorf("label %q must be 1 to 50 characters with no comma or line break", name)
	}
	return nil
}
