package export

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/library"
	"github.com/rtgit/rtgit/steps/roundtable"
	"github.com/rtgit/rtgit/templates"
)

// A bug analysis exports what its people said, every question answered.
func TestBugGolden(t *testing.T) {
	for _, format := range Formats {
		t.Run(format, func(t *testing.T) {
			for _, f := range render(t, New(bugSource(t, steps.Deep)), format, nil).Files {
				golden(t, "bug/"+format+"/"+f.Path, f.Data)
			}
		})
	}
}

// files renders the analysis in format, by path.
func files(t *testing.T, a *Analysis, format string) (map[string]string, *Result) {
	t.Helper()
	r := render(t, a, format, nil)
	out := map[string]string{}
	for _, f := range r.Files {
		out[f.Path] = string(f.Data)
	}
	return out, r
}

// under is the text of a file between heading and the next heading of
// any level.
func under(t *testing.T, file, heading string) string {
	t.Helper()
	_, rest, ok := strings.Cut(file, "\n"+heading+"\n")
	if !ok {
		t.Fatalf("no %q in\n%s", heading, file)
	}
	if i := strings.Index(rest, "\n#"); i >= 0 {
		rest = rest[:i]
	}
	return strings.TrimSpace(rest)
}

func TestBugAnswersFillTheLayoutsFields(t *testing.T) {
	for _, tc := range []struct {
		depth               steps.Depth
		problem, cost, what string
	}{
		// Standard and deep ask expected and actual apart, and which fix
		// was chosen.
		{steps.Standard,
			"Expected: Both show the same total, rounded to the currency's two decimals: 10.01 EUR.\n\nActual: list_invoices shows \"10.005\"",
			"Severity: High",
			"Option 2: one rounding rule in the model, used by both documents, so they cannot disagree again."},
		// Brief asks for the symptom and one options answer that names
		// the fix.
		{steps.Brief,
			"Brightwave Studio's bookkeeper reports that invoice 1042's PDF says \"Total 10.005 EUR\"",
			"Bookkeepers cannot reconcile PDFs against the list",
			"2. Add Invoice.total_due, quantized to two decimals"},
	} {
		t.Run(string(tc.depth), func(t *testing.T) {
			a := New(bugSource(t, tc.depth))
			spec, r := files(t, a, "openspec")
			proposal := spec["openspec/changes/pdf-total-rounding/proposal.md"]
			why := under(t, proposal, "## Why")
			if !strings.HasPrefix(why, tc.problem) || !strings.Contains(why, tc.cost) {
				t.Errorf("Why does not carry the problem and who it costs:\n%s", why)
			}
			if len(why) < minWhy || len(why) > maxWhy {
				t.Errorf("Why is %d characters, outside OpenSpec's %d to %d", len(why), minWhy, maxWhy)
			}
			if what := under(t, proposal, "## What Changes"); !strings.Contains(what, tc.what) {
				t.Errorf("What Changes does not carry the chosen fix:\n%s", what)
			}
			// No requirement is made up from the expected behaviour: the
			// fix restores what the specs say, so the change declares it
			// has no spec deltas, and OpenSpec has nothing to refuse.
			if len(r.Notes) != 0 {
				t.Errorf("notes: %q", r.Notes)
			}
			for p := range spec {
				if strings.Contains(p, "/specs/") {
					t.Errorf("a spec file was exported that no requirement fills: %s", p)
				}
			}
			meta := spec["openspec/changes/pdf-total-rounding/.openspec.yaml"]
			if !strings.HasPrefix(meta, "# rtgit export of docs/requirements/pdf-total-rounding at ") ||
				!strings.HasSuffix(meta, "\nschema: spec-driven\nskip_specs: true\n") {
				t.Errorf(".openspec.yaml:\n%s", meta)
			}

			kiro, _ := files(t, a, "kiro")
			intro := under(t, kiro[".kiro/specs/pdf-total-rounding/requirements.md"], "## Introduction")
			if !strings.HasPrefix(intro, tc.problem) {
				t.Errorf("Kiro's Introduction does not carry the problem:\n%s", intro)
			}
			feature, _ := files(t, a, "gherkin")
			if f := feature["features/pdf-total-rounding.feature"]; !strings.Contains(f, "\n  "+strings.SplitN(tc.problem, "\n", 2)[0]) {
				t.Errorf("the feature's description does not carry the problem:\n%s", f)
			}
		})
	}
}

// In a feature analysis the quick scan's words describe the change, not a
// problem: an analysis that has not answered the problem leaves it
// undiscussed.
func TestFeatureProblemIsNotTheQuickScan(t *testing.T) {
	src := demoSource(t)
	kept := src.Answers[:0]
	for _, x := range src.Answers {
		if x.Question != "problem" {
			kept = append(kept, x)
		}
	}
	src.Answers = kept
	if a := New(src); a.Problem != "" {
		t.Errorf("problem: %q, want none", a.Problem)
	}
}

// A spec file an earlier export wrote stays (export never deletes), and
// OpenSpec refuses it beside skip_specs: the export says so instead.
func TestBugExportNamesAStaleSpecFile(t *testing.T) {
	old := fstest.MapFS{"openspec/changes/pdf-total-rounding/specs/pdf-total-rounding/spec.md": {Data: []byte("# old\n")}}
	r := render(t, New(bugSource(t, steps.Standard)), "openspec", old)
	want := "specs/pdf-total-rounding/spec.md: left from an earlier export; openspec validate refuses spec files in a change that declares skip_specs, so delete it"
	if len(r.Notes) != 1 || r.Notes[0] != want {
		t.Errorf("notes = %q, want %q", r.Notes, want)
	}
}

// A feature analysis without requirements is unfinished, not a change
// with no spec deltas: it keeps its spec file and the note.
func TestFeatureWithoutRequirementsKeepsItsSpecFile(t *testing.T) {
	a := New(&roundtable.Source{Slug: "cart-expiry", Description: "Expire saved carts after 30 days", AsksRequirements: true,
		Dir: "docs/requirements/cart-expiry", Commit: strings.Repeat("a", 40)})
	got, r := files(t, a, "openspec")
	if _, ok := got["openspec/changes/cart-expiry/specs/cart-expiry/spec.md"]; !ok {
		t.Errorf("no spec file: %v", got)
	}
	if _, ok := got["openspec/changes/cart-expiry/.openspec.yaml"]; ok {
		t.Errorf("a feature declares skip_specs")
	}
	if !strings.Contains(strings.Join(r.Notes, "\n"), "no functional requirement") {
		t.Errorf("notes: %q", r.Notes)
	}
}

// A bug analysis has no requirements: its export names no capability it
// adds and counts no acceptance criteria it would list under them.
func TestBugExportClaimsNoRequirements(t *testing.T) {
	a := New(bugSource(t, steps.Standard))
	change, _ := files(t, a, "openspec")
	if p := change["openspec/changes/pdf-total-rounding/proposal.md"]; strings.Contains(p, "Capabilities") {
		t.Errorf("a spec-free change names a capability:\n%s", p)
	}
	kiro, _ := files(t, a, "kiro")
	if d := kiro[".kiro/specs/pdf-total-rounding/design.md"]; strings.Contains(d, "Acceptance criteria") ||
		!strings.Contains(under(t, d, "## Testing Strategy"), "Invoice.total_due") {
		t.Errorf("Kiro's Testing Strategy:\n%s", under(t, d, "## Testing Strategy"))
	}
	// Without the tests answered, the section is undiscussed rather than empty.
	a.TestGaps = ""
	kiro, _ = files(t, a, "kiro")
	if got := under(t, kiro[".kiro/specs/pdf-total-rounding/design.md"], "## Testing Strategy"); got != "_Not discussed._" {
		t.Errorf("Kiro's Testing Strategy without tests: %q", got)
	}
}

// Whether an analysis changes specs follows from its library's steps, not
// its name: the feature library asks for requirements, the bug library
// does not, and an analysis of any other library that asks none declares
// skip_specs as a bug analysis does.
func TestAsksRequirementsFollowsTheLibrary(t *testing.T) {
	for name, want := range map[string]bool{"feature": true, "bug": false} {
		p, err := library.LoadLibrary(templates.FS, fstest.MapFS{}, name)
		if err != nil {
			t.Fatal(err)
		}
		if got := roundtable.AsksRequirements(p); got != want {
			t.Errorf("%s: AsksRequirements = %v, want %v", name, got, want)
		}
	}
	// A library of the repository's own, whose steps ask no requirements.
	src := &roundtable.Source{Slug: "tidy-logs", Description: "Tidy the log format", Library: "chore",
		Dir: "docs/requirements/tidy-logs", Commit: strings.Repeat("a", 40)}
	got, _ := files(t, New(src), "openspec")
	if _, ok := got["openspec/changes/tidy-logs/.openspec.yaml"]; !ok {
		t.Errorf("a library that asks no requirements declares no skip_specs: %v", got)
	}
}
