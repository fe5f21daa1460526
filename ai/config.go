package ai

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/rtgit/rtgit/internal/lazyre"
	"github.com/rtgit/rtgit/internal/repofs"
	"github.com/rtgit/rtgit/internal/yamlerr"
)

// ConfigPath is the repository's rtgit settings file; the model layer
// reads its `ai:` key.
const ConfigPath = ".rtgit/config.yaml"

// Environment overrides, for CI secrets and quick local trials.
const (
	EnvBaseURL = "RTGIT_AI_BASE_URL"
	EnvModel   = "RTGIT_AI_MODEL"
	EnvAPIKey  = "RTGIT_AI_API_KEY"
)

// Defaults for what the file leaves out.
const (
	DefaultBaseURL         = "https://api.openai.com/v1"
	DefaultAPIKeyEnv       = "OPENAI_API_KEY"
	DefaultTimeout         = 60 * time.Second
	DefaultMaxRetries      = 2
	DefaultMaxTokensPerRun = 20000
	DefaultMaxCallTokens   = 1024
)

// Config is the model layer's settings.
type Config struct {
	BaseURL   string
	Model     string
	APIKeyEnv string // the variable the key is read from
	APIKey    string // never printed
	// MaxOutputTokensPerRun bounds what one rtgit run may have the model
	// write; once spent, rtgit carries on deterministically.
	MaxOutputTokensPerRun int64
	MaxCallTokens         int64 // bounds one reply
	Timeout               time.Duration
	MaxRetries            int
	// Deny lists extra path patterns whose content is never sent.
	Deny []string
}

// Enabled reports whether a model is configured at all.
func (c Config) Enabled() bool { return c.Model != "" }

type configFile struct {
	AI *struct {
		BaseURL               *string  `yaml:"base_url"`
		Model                 *string  `yaml:"model"`
		APIKeyEnv             *string  `yaml:"api_key_env"`
		MaxOutputTokensPerRun *int64   `yaml:"max_output_tokens_per_run"`
		MaxCallTokens         *int64   `yaml:"max_tokens_per_call"`
		Timeout               *string  `yaml:"timeout"`
		MaxRetries            *int     `yaml:"max_retries"`
		Deny                  []string `yaml:"deny"`
	} `yaml:"ai"`
}

// LoadConfig reads the `ai:` key of .rtgit/config.yaml in the working
// tree under root and applies the RTGIT_AI_* overrides from getenv; see
// ParseConfig. The Action does not use it: its settings come from the
// default branch (settings.FromDefaultBranch).
func LoadConfig(root string, getenv func(string) string) (Config, error) {
	data, err := repofs.ReadFile(root, ConfigPath)
	if errors.Is(err, fs.ErrNotExist) {
		data, err = nil, nil
	}
	if err != nil {
		return defaultConfig(), fmt.Errorf("%s: %w", ConfigPath, err)
	}
	return ParseConfig(ConfigPath, data, getenv)
}

func defaultConfig() Config {
	return Config{BaseURL: DefaultBaseURL, APIKeyEnv: DefaultAPIKeyEnv, Timeout: DefaultTimeout,
		MaxRetries: DefaultMaxRetries, MaxOutputTokensPerRun: DefaultMaxTokensPerRun, MaxCallTokens: DefaultMaxCallTokens}
}

// ParseConfig reads the `ai:` key of a .rtgit/config.yaml document (nil:
// no file) read from source, and applies the RTGIT_AI_* overrides from
// getenv. A missing file or key is "off" unless RTGIT_AI_MODEL is set. A
// key that does not parse is an error naming source.
func ParseConfig(source string, data []byte, getenv func(string) string) (Config, error) {
	c := defaultConfig()
	if getenv == nil {
		getenv = os.Getenv
	}
	if data != nil {
		if err := c.read(source, data); err != nil {
			return c, err
		}
	}
	if v := getenv(EnvBaseURL); v != "" {
		c.BaseURL = v
	}
	if v := getenv(EnvModel); v != "" {
		c.Model = v
	}
	c.APIKey = getenv(EnvAPIKey)
	if c.APIKey == "" && c.APIKeyEnv != "" {
		c.APIKey = getenv(c.APIKeyEnv)
	}
	return c, nil
}

var envNameRe = lazyre.New(`^[A-Z][A-Z0-9_]*$`)

// CheckAPIKeyEnv refuses a variable that is not meant for a model's key.
// ai.api_key_env decides which secret is sent to ai.base_url, so it may
// name only RTGIT_AI_API_KEY or a NAME_API_KEY of the runner's own; a
// token of rtgit (INPUT_TOKEN, ...) or of GitHub (GITHUB_TOKEN,
// ACTIONS_*, RUNNER_*) is never one.
func CheckAPIKeyEnv(name string) error {
	if name == EnvAPIKey {
		return nil
	}
	if !envNameRe.MatchString(name) || !strings.HasSuffix(name, "_API_KEY") || name == "_API_KEY" {
		return fmt.Errorf("ai.api_key_env is %q; it may name only %s or a variable ending in _API_KEY, such as %s", name, EnvAPIKey, DefaultAPIKeyEnv)
	}
	for _, p := range []string{"INPUT_", "GITHUB_", "GH_", "ACTIONS_", "RUNNER_", "RTGIT_"} {
		if strings.HasPrefix(name, p) {
			return fmt.Errorf("ai.api_key_env is %q; a variable starting %s belongs to rtgit, GitHub or the runner, not to a model's key; name %s or your own NAME_API_KEY", name, p, EnvAPIKey)
		}
	}
	return nil
}

func (c *Config) read(source string, data []byte) error {
	var f configFile
	// Only the ai key is decoded strictly; the rest of the file belongs
	// to other readers.
	var whole map[string]yaml.Node
	if err := yaml.Unmarshal(data, &whole); err != nil {
		return yamlerr.At(source, err)
	}
	node, ok := whole["ai"]
	if !ok {
		return nil
	}
	if err := checkKeys(source, &node); err != nil {
		return err
	}
	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	if err := enc.Encode(map[string]*yaml.Node{"ai": &node}); err != nil {
		return fmt.Errorf("%s: %w", source, err)
	}
	dec := yaml.NewDecoder(&buf)
	dec.KnownFields(true)
	if err := dec.Decode(&f); err != nil && !errors.Is(err, io.EOF) {
		return fmt.Errorf("%s: ai: %w", source, err)
	}
	a := f.AI
	if a == nil {
		return nil
	}
	set := func(dst *string, v *string) {
		if v != nil {
			*dst = *v
		}
	}
	set(&c.BaseURL, a.BaseURL)
	set(&c.Model, a.Model)
	if v := a.APIKeyEnv; v != nil {
		if err := CheckAPIKeyEnv(*v); err != nil {
			return fmt.Errorf("%s: %w", source, err)
		}
		c.APIKeyEnv = *v
	}
	if v := a.MaxOutputTokensPerRun; v != nil {
		if *v < 0 {
			return fmt.Errorf("%s: ai.max_output_tokens_per_run is %d; want 0 or more", source, *v)
		}
		c.MaxOutputTokensPerRun = *v
	}
	if v := a.MaxCallTokens; v != nil {
		if *v <= 0 {
			return fmt.Errorf("%s: ai.max_tokens_per_call is %d; want more than 0", source, *v)
		}
		c.MaxCallTokens = *v
	}
	if v := a.Timeout; v != nil {
		d, err := parseDuration(*v)
		if err != nil || d <= 0 {
			return fmt.Errorf("%s: ai.timeout is %q; want a duration like 60s or 2m", source, *v)
		}
		c.Timeout = d
	}
	if v := a.MaxRetries; v != nil {
		if *v < 0 || *v > 10 {
			return fmt.Errorf("%s: ai.max_retries is %d; want 0 to 10", source, *v)
		}
		c.MaxRetries = *v
	}
	c.Deny = append(c.Deny, a.Deny...)
	return nil
}

// aiKeys are the keys under `ai:`, each with what its value is, as
// docs/ai.md lists them.
var aiKeys = []struct{ key, want string }{
	{"base_url", "text"}, {"model", "text"}, {"api_key_env", "text"},
	{"max_output_tokens_per_run", "a whole number"}, {"max_tokens_per_call", "a whole number"},
	{"timeout", "a duration like 60s"}, {"max_retries", "a whole number"}, {"deny", "a list of paths"},
}

// checkKeys names, at its line, a key under `ai:` that rtgit does not
// read, or a value of the wrong kind, in the words of the file: the
// strict decode after it would name the Go types instead.
func checkKeys(source string, node *yaml.Node) error {
	if node.Tag == "!!null" {
		return nil
	}
	var names []string
	for _, k := range aiKeys {
		names = append(names, k.key)
	}
	if node.Kind != yaml.MappingNode {
		return fmt.Errorf("%s:%d: ai: want its keys beneath it (%s)", source, node.Line, strings.Join(names, ", "))
	}
	for i := 0; i+1 < len(node.Content); i += 2 {
		k, v := node.Content[i], node.Content[i+1]
		j := slices.IndexFunc(aiKeys, func(e struct{ key, want string }) bool { return e.key == k.Value })
		if j < 0 {
			return fmt.Errorf("%s:%d: ai: unknown key %q; known: %s", source, k.Line, k.Value, strings.Join(names, ", "))
		}
		want := aiKeys[j].want
		var ok bool
		switch {
		case strings.HasPrefix(want, "a list"):
			var l []string
			ok = v.Kind == yaml.SequenceNode && v.Decode(&l) == nil
		case want == "a whole number":
			var n int64
			ok = v.Kind == yaml.ScalarNode && v.Decode(&n) == nil
		default:
			ok = v.Kind == yaml.ScalarNode
		}
		if !ok {
			return fmt.Errorf("%s:%d: ai.%s: want %s", source, v.Line, k.Value, want)
		}
	}
	return nil
}

// parseDuration takes "60s", "2m" or a plain number of seconds.
func parseDuration(s string) (time.Duration, error) {
	if n, err := strconv.Atoi(s); err == nil {
		return time.Duration(n) * time.Second, nil
	}
	return time.ParseDuration(s)
}
