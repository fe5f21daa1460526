package artifacts

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/rtgit/rtgit/model"
	"github.com/rtgit/rtgit/steps/stepfile"
)

// The step-file linter only knows transform names from steps; a name there
// without a writer here would pass lint and fail at run time.
func TestTransformNamesMatchLint(t *testing.T) {
	lint := slices.Clone(stepfile.KnownTransforms)
	slices.Sort(lint)
	if got := TransformNames(); !slices.Equal(got, lint) {
		t.Fatalf("artifacts.Transforms %v, stepfile.KnownTransforms %v", got, lint)
	}
}

// Names in other scripts must not collapse into one node: three Chinese
// component names were all "N". Each gets its own stable id, and its name
// as the label.
func TestMermaidIDsAreDistinctForNonLatinNames(t *testing.T) {
	names := []string{"订单服务", "支付网关", "库存服务", "Order API", "C++ core", "C# core", "Сервис счетов"}
	seen := map[string]string{}
	for _, n := range names {
		id := mermaidID(n)
		if prev, ok := seen[id]; ok {
			t.Errorf("%q and %q share the node id %q", prev, n, id)
		}
		seen[id] = n
		if id != mermaidID(n) {
			t.Errorf("the id of %q is not stable", n)
		}
		if !regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]*$`).MatchString(id) {
			t.Errorf("%q: id %q is not a plain Mermaid id", n, id)
		}
	}
	if mermaidID("Order API") != "OrderAPI" {
		t.Errorf("an ASCII name's id changed: %q", mermaidID("Order API"))
	}
	d := componentDiagram([]model.Component{{Name: "订单服务"}, {Name: "支付网关"}}, []model.Connection{{From: "订单服务", To: "支付网关", What: "付款"}})
	for _, label := range []string{`["订单服务"]`, `["支付网关"]`} {
		if !strings.Contains(d, label) {
			t.Errorf("diagram lacks the label %s:\n%s", label, d)
		}
	}
}
