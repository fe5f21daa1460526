package artifacts

import (
	"strings"
	"testing"
)

// An NFR's target goes into the spec as written: its first word keeps
// its case ("p95", "iOS", a lower-case code name) as every other word does.
func TestNFRTargetAsWritten(t *testing.T) {
	answer := "NFR-001: Performance: p95 under 200 ms for `GET /invoices`\nCompatibility: iOS 17 and later"
	res, err := nfrSection(withModel("nfrs", Input{Slug: "x", OutputPath: "x.md", Section: "non-functional-requirements", Question: "nfrs", Answer: answer}))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Fills) != 1 {
		t.Fatalf("fills: %+v", res.Fills)
	}
	doc := res.Fills[0].Body
	for _, want := range []string{"### NFR-001: Performance\n\np95 under 200 ms for `GET /invoices`\n", "### NFR-002: Compatibility\n\niOS 17 and later\n"} {
		if !strings.Contains(doc, want) {
			t.Errorf("the spec lacks %q:\n%s", want, doc)
		}
	}
}
