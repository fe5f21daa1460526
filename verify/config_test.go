package verify

import (
	"os"
	"strings"
	"testing"
)

// The file `rtgit init` writes states every rule at its default level,
// and reads back as the defaults.
func TestInitConfigStatesTheDefaults(t *testing.T) {
	data, err := os.ReadFile("../templates/init/config.yaml")
	if err != nil {
		t.Fatal(err)
	}
	l, err := ParseConfig("config.yaml", data)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range Rules {
		if got, ok := l[r.ID]; !ok || got != r.Default {
			t.Errorf("%s: %q in the init config, default %q", r.ID, got, r.Default)
		}
	}
}

func TestConfigRefusesAnUnknownRuleOrLevel(t *testing.T) {
	for _, doc := range []string{"verify:\n  levels:\n    read-only: error\n", "verify:\n  levels:\n    unplanned-file: fatal\n", "verify:\n  level: {}\n"} {
		_, err := ParseConfig("c.yaml", []byte(doc))
		if err == nil || !strings.HasPrefix(err.Error(), "c.yaml") {
			t.Errorf("%q: %v", doc, err)
		}
	}
}
