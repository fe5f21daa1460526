package stepfile

import (
	"io/fs"
	"os"
	"path"
	"strings"
	"testing"

	"github.com/rtgit/rtgit/steps"
)

// seedFixtures are step files written in the seed's prose dialect, one or
// more per phase, at all three default depths and with uneven formatting.
var seedFixtures = os.DirFS("testdata/seed")

func fixtureFiles(t *testing.T) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	err := fs.WalkDir(seedFixtures, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || path.Ext(p) != ".md" {
			return err
		}
		data, err := fs.ReadFile(seedFixtures, p)
		out[p] = data
		return err
	})
	if err != nil || len(out) == 0 {
		t.Fatalf("fixtures: %v (%d files)", err, len(out))
	}
	return out
}

// TestConvertRoundTrip converts every fixture to rtgit's dialect and reads
// it back: the same questions at every depth, drafts, rules, criteria and
// mappings; converting the result again changes nothing.
func TestConvertRoundTrip(t *testing.T) {
	files := fixtureFiles(t)
	files["inline.md"] = []byte(seedStep)
	for name, data := range files {
		t.Run(name, func(t *testing.T) {
			seed, probs := Parse(name, data)
			if seed == nil || probs.HasErrors() {
				t.Fatalf("seed parse: %v", probs)
			}
			out := Convert(seed, "")
			strict, probs := Parse(name, out)
			if strict == nil || probs.HasErrors() {
				t.Fatalf("converted file does not parse: %v\n%s", probs, out)
			}
			if strict.Dialect != steps.DialectRtgit {
				t.Errorf("converted dialect = %s", strict.Dialect)
			}
			sameStep(t, seed, strict)
			if again := Convert(strict, ""); string(again) != string(out) {
				t.Errorf("second conversion differs:\n%s\n---\n%s", out, again)
			}
		})
	}
}

func sameStep(t *testing.T, a, b *steps.Step) {
	t.Helper()
	flat := func(s string) string {
		return strings.Join(strings.Fields(strings.ReplaceAll(s, "\n  - ", " - ")), " ")
	}
	if a.ID != b.ID || a.Title != b.Title || a.Depth != b.Depth || strings.Join(a.Outputs, ",") != strings.Join(b.Outputs, ",") {
		t.Errorf("frontmatter differs: %+v vs %+v", a, b)
	}
	for k, v := range a.Extra {
		if b.Extra[k] != v {
			t.Errorf("extra %s = %q, want %q", k, b.Extra[k], v)
		}
	}
	for _, d := range []steps.Depth{steps.Brief, steps.Standard, steps.Deep} {
		qa, qb := a.Questions(d), b.Questions(d)
		if len(qa) != len(qb) {
			t.Fatalf("%s: %d questions, want %d", d, len(qb), len(qa))
		}
		for i := range qa {
			if qa[i].ID != qb[i].ID || flat(qa[i].Text) != flat(qb[i].Text) || flat(qa[i].Draft) != flat(qb[i].Draft) {
				t.Errorf("%s question %d: %+v, want %+v", d, i, qb[i], qa[i])
			}
		}
		if strings.Join(a.Prose(d), "|") != strings.Join(b.Prose(d), "|") {
			t.Errorf("%s prose: %q, want %q", d, b.Prose(d), a.Prose(d))
		}
	}
	if len(a.Rules) != len(b.Rules) {
		t.Fatalf("rules: %+v, want %+v", b.Rules, a.Rules)
	}
	for i := range a.Rules {
		ra, rb := a.Rules[i], b.Rules[i]
		if ra.Question != rb.Question || ra.Kind != rb.Kind || strings.Join(ra.Args, "\x00") != strings.Join(rb.Args, "\x00") {
			t.Errorf("rule %d: %+v, want %+v", i, rb, ra)
		}
	}
	if len(a.Criteria) != len(b.Criteria) {
		t.Fatalf("criteria: %+v, want %+v", b.Criteria, a.Criteria)
	}
	for i := range a.Criteria {
		if a.Criteria[i].Text != b.Criteria[i].Text {
			t.Errorf("criterion %d: %q, want %q", i, b.Criteria[i].Text, a.Criteria[i].Text)
		}
	}
	if len(a.Mappings) != len(b.Mappings) {
		t.Fatalf("mappings: %+v, want %+v", b.Mappings, a.Mappings)
	}
	for i := range a.Mappings {
		ma, mb := a.Mappings[i], b.Mappings[i]
		if ma.Question != mb.Question || ma.Output != mb.Output || ma.Section != mb.Section || ma.Transform != mb.Transform {
			t.Errorf("mapping %d: %+v, want %+v", i, mb, ma)
		}
	}
}

// convertAndReparse parses src, converts it and parses the result,
// failing the test when either parse has errors.
func convertAndReparse(t *testing.T, src []byte) (in *steps.Step, out []byte, again *steps.Step) {
	t.Helper()
	in, probs := Parse("in.md", src)
	if in == nil || probs.HasErrors() {
		t.Fatalf("input does not parse: %v", probs)
	}
	out, again = convertAndReparseStep(t, in)
	return in, out, again
}

func convertAndReparseStep(t *testing.T, s *steps.Step) ([]byte, *steps.Step) {
	t.Helper()
	out := Convert(s, "")
	again, probs := Parse("out.md", out)
	if again == nil || probs.HasErrors() {
		t.Fatalf("converted file does not parse: %v\n%s", probs, out)
	}
	return out, again
}

// A paragraph whose indented continuation line looks like a heading stays
// one paragraph when converted; at the margin it would open an Artifacts
// section and take the questions with it.
func TestConvertKeepsHeadingLikeProseLines(t *testing.T) {
	src := "---\nstep_id: \"00-00\"\ntitle: \"0\"\npersona: \"0\"\ndepth: standard\noutputs: [.0A]\n---\n\n## Standard Mode\n\n0000\n    # ArtifACt\n    - not a list\n    1. nor this\n\n- `q1` 0\n"
	s, out, again := convertAndReparse(t, []byte(src))
	if got := again.Questions(steps.Standard); len(got) != 1 || got[0].ID != "q1" {
		t.Fatalf("questions after conversion = %+v\n%s", got, out)
	}
	if got, want := again.Standard.Prose, s.Standard.Prose; strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("prose after conversion = %q, want %q", got, want)
	}
}

// A seed-dialect code block is kept as prose without its fence or
// indentation, so its first line, or a line after a blank one, may look
// like a heading, list or quote at the margin. Converted, such a line is
// escaped and stays prose in the strict dialect.
func TestConvertEscapesBlockLikeProseLines(t *testing.T) {
	src := "---\nstep id: \"00-00\"\ntitle: 0\npersona: 0\ndepth: standard\noutputs: .A\n---\n## Standard Mode\n```\n# ArtifACt\n- `q1` x\n\n> quoted\n1. one\n```\n* 0\n"
	s, out, again := convertAndReparse(t, []byte(src))
	if got := again.Questions(steps.Standard); len(got) != 1 || got[0].ID != "q1" || got[0].Text != "0" {
		t.Fatalf("questions after conversion = %+v\n%s", got, out)
	}
	if len(s.Standard.Prose) != 1 || len(again.Standard.Prose) != 2 {
		t.Fatalf("prose = %q, after conversion %q\n%s", s.Standard.Prose, again.Standard.Prose, out)
	}
	want := []string{"\\# ArtifACt\n- `q1` x", "\\> quoted\n1. one"}
	if strings.Join(again.Standard.Prose, "|") != strings.Join(want, "|") {
		t.Errorf("prose after conversion = %q, want %q", again.Standard.Prose, want)
	}
}

// Braces in a seed-dialect file's prose are text: converted, they are
// escaped so the strict dialect does not read them as placeholders, and an
// escaped placeholder renders literally.
func TestConvertEscapesBracesThatAreNotPlaceholders(t *testing.T) {
	src := "---\nstep id: \"00-00\"\ntitle: 0\npersona: 0\ndepth: standard\noutputs: .A\n---\nUse {{}} or {{ nope }} for {{slug}}.\n* 0"
	_, out, _ := convertAndReparse(t, []byte(src))
	want := `Use \{{}} or \{{ nope }} for {{slug}}.`
	if !strings.Contains(string(out), want) {
		t.Fatalf("converted prose lacks %q:\n%s", want, out)
	}
	got := Expand(want, func(name string) (string, bool) { return "s-" + name, true })
	if got != `Use \{{}} or \{{ nope }} for s-slug.` {
		t.Fatalf("Expand = %q", got)
	}
}

// Frontmatter fields rtgit keeps but does not use survive conversion as
// YAML that reads back to the same text, whatever their key or value.
func TestConvertWritesExtraFieldsAsYAML(t *testing.T) {
	s := &steps.Step{ID: "01-01", Title: "t", Persona: "p", Depth: steps.Standard, Outputs: []string{"a.md"},
		Standard: &steps.Section{Questions: []steps.Question{{ID: "q", Text: "Why?"}}},
		Extra: map[string]string{
			"research": "true",
			"":         "000",
			"odd key":  "a: b",
			"list":     "- a\n- b",
			"lines":    "one\ntwo: three",
			"hash":     "x #y",
		}}
	out, again := convertAndReparseStep(t, s)
	for k, v := range s.Extra {
		if got := again.Extra[k]; got != v {
			t.Errorf("extra %q = %q, want %q\n%s", k, got, v, out)
		}
	}
	if !strings.Contains(string(out), "\nresearch: true\n") {
		t.Errorf("a plain value is not written bare:\n%s", out)
	}
}
