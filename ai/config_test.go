package ai

import (
	"strings"
	"testing"
)

// ai.api_key_env decides which secret is sent to ai.base_url: only a
// variable meant for a model's key may be named.
func TestAPIKeyEnvNamesOnlyAModelKey(t *testing.T) {
	for _, name := range []string{"RTGIT_AI_API_KEY", "OPENAI_API_KEY", "AZURE_OPENAI_API_KEY", "MY_LLM_API_KEY"} {
		if err := CheckAPIKeyEnv(name); err != nil {
			t.Errorf("%s refused: %v", name, err)
		}
	}
	for _, name := range []string{"INPUT_TOKEN", "GITHUB_TOKEN", "GH_TOKEN", "ACTIONS_RUNTIME_TOKEN", "INPUT_API_KEY",
		"GITHUB_API_KEY", "RTGIT_API_KEY", "RUNNER_API_KEY", "_API_KEY", "openai_api_key", "HOME", "AWS_SECRET_ACCESS_KEY", "X_API_KEY\n"} {
		if err := CheckAPIKeyEnv(name); err == nil {
			t.Errorf("%q accepted", name)
		}
	}
}

func TestParseConfigRefusesTokenAsKey(t *testing.T) {
	env := map[string]string{"INPUT_TOKEN": "ghs_secret"}
	c, err := ParseConfig(".rtgit/config.yaml on main at 1234abcd", []byte("ai:\n  model: m\n  api_key_env: INPUT_TOKEN\n"),
		func(k string) string { return env[k] })
	if err == nil || !strings.Contains(err.Error(), `.rtgit/config.yaml on main at 1234abcd: ai.api_key_env is "INPUT_TOKEN"`) {
		t.Fatalf("err = %v, want one naming the file and the setting", err)
	}
	if c.APIKey == "ghs_secret" {
		t.Error("the token became the model's key")
	}
	c, err = ParseConfig(ConfigPath, []byte("ai:\n  model: m\n  api_key_env: MY_API_KEY\n"), func(k string) string {
		return map[string]string{"MY_API_KEY": "sk-1"}[k]
	})
	if err != nil || c.APIKey != "sk-1" {
		t.Errorf("MY_API_KEY: %+v, %v", c, err)
	}
}

// A key rtgit does not read, or a value of the wrong kind, is named at
// its line, in the words of the file rather than of the Go types behind it.
func TestParseConfigNamesKeysAtTheirLine(t *testing.T) {
	for _, tt := range []struct{ doc, want string }{
		{"github:\n  reactions: true\nai:\n  model: m\n  modle: m\n", `c.yaml:5: ai: unknown key "modle"; known: base_url, model, `},
		{"ai:\n  model: [a, b]\n", "c.yaml:2: ai.model: want text"},
		{"ai:\n  max_retries: many\n", "c.yaml:2: ai.max_retries: want a whole number"},
		{"ai:\n  deny: secrets/\n", "c.yaml:2: ai.deny: want a list of paths"},
		{"ai:\n  deny: [a\n", "c.yaml:1: did not find expected ',' or ']'"},
		{"ai: gpt\n", "c.yaml:1: ai: want its keys beneath it (base_url, model, "},
	} {
		_, err := ParseConfig("c.yaml", []byte(tt.doc), func(string) string { return "" })
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) || strings.Contains(err.Error(), "struct") {
			t.Errorf("ParseConfig(%q) = %v\nwant %s…", tt.doc, err, tt.want)
		}
	}
	if c, err := ParseConfig("c.yaml", []byte("ai:\n"), func(string) string { return "" }); err != nil || c.Model != "" {
		t.Errorf("an empty ai: key: %+v, %v", c, err)
	}
}
