package library

import (
	"strings"
	"testing"
)

// A broken personas file is named at its line as path:line, in the
// words of the file rather than of the Go types it is read into.
func TestParsePersonasErrorsAtTheirLine(t *testing.T) {
	for _, tt := range []struct{ doc, want string }{
		{"personas:\n  - key: analyst\n    name: [oops\n", ".rtgit/personas.yaml:2: did not find expected"},
		{"personas:\n  - key: analyst\n    nmae: Mia\n", `.rtgit/personas.yaml:3: unknown key "nmae"`},
		{"personas:\n  - key: analyst\n    name: [Mia, Chen]\n", ".rtgit/personas.yaml:3: want text here, not a list"},
		{"personas:\n  - key: analyst\n    principles: many\n", ".rtgit/personas.yaml:3: want a list here, not text"},
	} {
		_, err := ParsePersonas(".rtgit/personas.yaml", []byte(tt.doc))
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) || strings.Contains(err.Error(), "steps.") || strings.Contains(err.Error(), "\n") {
			t.Errorf("ParsePersonas(%q) = %v, want %q…", tt.doc, err, tt.want)
		}
	}
}
