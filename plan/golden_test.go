package plan

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"gopkg.in/yaml.v3"
)

var update = flag.Bool("update", false, "rewrite the golden plans in testdata")

// fixtureSources reads a natural-prose analysis's sources from testdata.
func fixtureSources(t testing.TB, name string) Sources {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name+".sources.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Description, Requirements, Priorities, Stories, NFRs string
		Modules, Contracts, Affected, ReadOnly, Other        []string
		Mitigations, Files, Changelog                        string
	}
	if err := yaml.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	return textSources{Description: f.Description, Requirements: f.Requirements, Priorities: f.Priorities,
		Stories: f.Stories, NFRs: f.NFRs, Modules: f.Modules, Contracts: f.Contracts, Affected: f.Affected,
		ReadOnly: f.ReadOnly, Other: f.Other, Mitigations: f.Mitigations, Files: f.Files, Changelog: f.Changelog}.sources()
}

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	p := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(p, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if string(want) != got {
		t.Errorf("%s differs from the derived plan (go test ./plan -run %s -update to accept):\n%s", p, t.Name(), got)
	}
}

// The plans derived from the demo and from a real analysis answered in
// plain prose, as tasks.md shows them.
func TestDeriveGolden(t *testing.T) {
	for _, c := range []struct {
		name string
		src  func(testing.TB) Sources
	}{
		{"demo", demoSources},
		{"cobra-one-required", func(t testing.TB) Sources { return fixtureSources(t, "cobra-one-required") }},
	} {
		t.Run(c.name, func(t *testing.T) {
			golden(t, c.name+".tasks.md", Markdown(c.name, "Derived from the answers.", Derive(c.src(t))))
		})
	}
}

func BenchmarkDeriveNatural(b *testing.B) {
	src := fixtureSources(b, "cobra-one-required")
	for b.Loop() {
		Derive(src)
	}
}
