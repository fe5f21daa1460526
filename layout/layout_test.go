package layout

import (
	"slices"
	"strings"
	"testing"
)

func TestDefaultIsTheSeedFrameworks(t *testing.T) {
	for _, l := range []Layout{Default(), {}} {
		if l.Dir("x") != "docs/requirements/x" || l.Meta("x") != "docs/requirements/x/meta.json" || l.NFRMatrix() != "docs/common/nfr-matrix.md" {
			t.Fatalf("default layout = %q %q %q", l.Dir("x"), l.Meta("x"), l.NFRMatrix())
		}
	}
	l, err := Parse(".rtgit/config.yaml", nil)
	if err != nil || l != Default() {
		t.Fatalf("no file: %v, %v", l, err)
	}
	l, err = Parse(".rtgit/config.yaml", []byte("github:\n  dashboard: body\n"))
	if err != nil || l != Default() {
		t.Fatalf("no analyses section: %v, %v", l, err)
	}
}

func TestParseMovesBothFolders(t *testing.T) {
	cases := []struct{ yaml, root, common string }{
		{"analyses:\n  root: .rtgit/analyses\n", ".rtgit/analyses", ".rtgit/common"},
		{"analyses:\n  root: design/analyses/\n  common: design/shared\n", "design/analyses", "design/shared"},
		{"analyses:\n  common: handbook/common\n", "docs/requirements", "handbook/common"},
		{"analyses:\n  root: analyses\n", "analyses", "analyses-common"},
	}
	for _, c := range cases {
		l, err := Parse("cfg", []byte(c.yaml))
		if err != nil {
			t.Fatalf("%q: %v", c.yaml, err)
		}
		if l.Root() != c.root || l.Common() != c.common {
			t.Errorf("%q: root %q common %q; want %q %q", c.yaml, l.Root(), l.Common(), c.root, c.common)
		}
	}
}

// A folder outside the repository, inside .git or on the settings would
// let an analysis write where nothing should; each is refused at its line.
func TestParseRefusesFoldersOutsideOrOnSettings(t *testing.T) {
	cases := map[string]string{
		"analyses:\n  root: /etc/rtgit\n":                      "cfg:2: analyses.root",
		"analyses:\n  root: ../elsewhere\n":                    "inside the repository",
		"analyses:\n  root: docs/../../x\n":                    "without . or ..",
		"analyses:\n  root: .git/analyses\n":                   "inside .git",
		"analyses:\n  root: .\n":                               "root cannot hold",
		"analyses:\n  root: .rtgit\n":                          ".rtgit holds the settings",
		"analyses:\n  root: .rtgit/templates/a\n":              ".rtgit/templates holds",
		"analyses:\n  root: [a, b]\n":                          "cfg:2: analyses.root must be a folder",
		"analyses:\n  root: a\\b\n":                            "use /",
		"analyses:\n  root: docs/a\n  common: docs/a/common\n": "cfg:3: the analyses' folder docs/a and the shared folder docs/a/common",
		"analyses:\n  folder: x\n":                             "cfg:2",
	}
	for in, want := range cases {
		_, err := Parse("cfg", []byte(in))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: err %v; want it to contain %q", in, err, want)
		}
	}
}

func TestHoldsAndSlugOf(t *testing.T) {
	l, err := Parse("cfg", []byte("analyses:\n  root: .rtgit/analyses\n"))
	if err != nil {
		t.Fatal(err)
	}
	if !l.Holds(".rtgit/analyses/x/meta.json") || !l.Holds(".rtgit/common/nfr-matrix.md") || l.Holds("docs/requirements/x/meta.json") {
		t.Error("Holds does not follow the layout")
	}
	if l.SlugOf(".rtgit/analyses/csv-export/answers/01-01.md") != "csv-export" || l.SlugOf(".rtgit/analyses/readme.md") != "" || l.SlugOf("src/x.go") != "" {
		t.Error("SlugOf does not follow the layout")
	}
	if got := l.Excluded(); !slices.Equal(got, []string{".rtgit/"}) {
		t.Errorf("Excluded = %q", got)
	}
	if got := Default().Excluded(); !slices.Equal(got, []string{".rtgit/", "docs/requirements/", "docs/common/"}) {
		t.Errorf("default Excluded = %q", got)
	}
}

func FuzzParse(f *testing.F) {
	f.Add([]byte("analyses:\n  root: .rtgit/analyses\n"))
	f.Add([]byte("analyses:\n  root: a/../b\n  common: c\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		l, err := Parse("cfg", data)
		if err != nil {
			return
		}
		for _, d := range []string{l.Root(), l.Common()} {
			if d == "" || strings.HasPrefix(d, "/") || strings.HasPrefix(d, "../") || d == ".." || strings.Contains(d, "/../") || strings.HasPrefix(d, ".git/") {
				t.Fatalf("accepted folder %q from %q", d, data)
			}
		}
		if strings.HasPrefix(l.Root()+"/", l.Common()+"/") || strings.HasPrefix(l.Common()+"/", l.Root()+"/") {
			t.Fatalf("nested folders %q %q", l.Root(), l.Common())
		}
	})
}
