package yamlerr

import (
	"bytes"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

func TestAt(t *testing.T) {
	type doc struct {
		GitHub struct {
			Dashboard *string `yaml:"dashboard"`
			Reactions *bool   `yaml:"reactions"`
		} `yaml:"github"`
		Deny []string `yaml:"deny"`
	}
	for _, tt := range []struct{ in, want string }{
		{"github:\n  dashbord: x\n", `c.yaml:2: unknown key "dashbord"`},
		{"github:\n  reactions: maybe\n", "c.yaml:2: want true or false here, not text"},
		{"github:\n  dashboard: [a]\n", "c.yaml:2: want text here, not a list"},
		{"deny: secrets\n", "c.yaml:1: want a list here, not text"},
		{"github: [\n", "c.yaml:1: did not find expected node content"},
	} {
		var d doc
		dec := yaml.NewDecoder(bytes.NewReader([]byte(tt.in)))
		dec.KnownFields(true)
		err := dec.Decode(&d)
		if err == nil {
			t.Fatalf("%q: no error", tt.in)
		}
		got := At("c.yaml", err).Error()
		if got != tt.want || strings.Contains(got, "struct") {
			t.Errorf("At(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
