package templates

import (
	"os"
	"strings"
	"testing"
)

// The repository's own example workflow is the one `rtgit init` writes,
// except that it runs the action from its own checkout: a change to one
// that is not made to the other (an early exit, a permission) fails here.
func TestExampleWorkflowIsTheInitWorkflow(t *testing.T) {
	tmpl, err := FS.ReadFile("init/rtgit.yml")
	if err != nil {
		t.Fatal(err)
	}
	example, err := os.ReadFile("../.github/workflows/rtgit-example.yml")
	if err != nil {
		t.Fatal(err)
	}
	want := strings.ReplaceAll(body(string(tmpl)), "      - uses: rtgit/rtgit@v1\n", "      - uses: ./\n")
	if got := body(string(example)); got != want {
		t.Errorf(".github/workflows/rtgit-example.yml differs from templates/init/rtgit.yml beyond its header comment and the action's uses: line;\ngot:\n%s\nwant:\n%s", got, want)
	}
}

// body is a workflow without its leading comment block.
func body(s string) string {
	for strings.HasPrefix(s, "#") {
		_, s, _ = strings.Cut(s, "\n")
	}
	return s
}
