package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Which files the model may see excerpts of is policy, so in the Action
// the .gitignore rules that keep files out of its prompts are the default
// branch's. The working tree holds the analysis branch, and a pull request
// that drops a rule must not send the file the rule kept out.

const (
	// ignoredDraft is tracked on main but kept from the model by main's
	// .gitignore; its name and content match the analysis's keywords, so
	// the quick scan ranks it among the candidates.
	ignoredDraft = "drafts/invoice_csv_export.py"
	ignoredMark  = "plum-orchard-ledger"
	// sharedExport is a candidate nothing ignores: its excerpt shows the
	// drafts are sent with files at all.
	sharedExport = "exports/invoice_csv.py"
	sharedMark   = "heron-column-order"
)

// answerPhase00 answers the quick scan's three steps so the estimate is
// settled and meta.json records the candidate files; the C on the last
// one opens step 01-01, whose drafts carry the candidates' excerpts.
func (h *harness) answerPhase00(keywords string) {
	h.t.Helper()
	h.completeStep001()
	h.comment(alice, "/rtgit answer keywords\n"+keywords)
	h.comment(alice, "C")
	mustContain(h.t, "meta.json after 00-02", h.originFile(metaJSON), `"00-02"`)
	h.comment(alice, "/rtgit answer scope\nsmall")
	h.comment(alice, "/rtgit answer complexity\nlow")
	h.comment(alice, "/rtgit answer files\nThe list looks right to me.")
	h.comment(alice, "C")
	mustContain(h.t, "meta.json after 00-03", h.originFile(metaJSON), `"00-03"`)
}

// The analysis branch drops the .gitignore rule main keeps a tracked file
// out of the model with: the drafts of step 01-01 still never carry that
// file, while a candidate nothing ignores reaches the same prompts.
func TestActionGitignoreOnDefaultBranchKeepsFilesFromTheModel(t *testing.T) {
	h := newHarness(t)
	srv := stubModel(t, h)

	h.commitFile("main", sharedExport,
		"# Writes invoices as CSV for bookkeeping exports.\n# "+sharedMark+": number, customer, total.\ndef export_invoices_csv(invoices):\n    return \"\\n\".join(str(i) for i in invoices)\n",
		"exports: invoices as CSV")
	h.commitFile("main", ignoredDraft,
		"# Unreviewed notes on the invoice CSV export.\n# "+ignoredMark+": figures from a customer's books.\ndef export_invoices_csv_draft(invoices):\n    return invoices\n",
		"drafts: notes on the invoice CSV export")
	// The rule comes after the file, as when a file tracked already is
	// later ignored: git keeps tracking it, and the scan still finds it.
	h.commitFile("main", ".gitignore", "drafts/\n", "drafts stay out of the model's prompts")

	// The pull request brings main in and drops the rule, in the working
	// tree the Action runs in.
	branch := "rtgit/" + testSlug
	edit := filepath.Join(t.TempDir(), "branch")
	gitCmd(t, h.origin, "clone", "-q", "--branch", branch, h.origin, edit)
	gitCmd(t, edit, "merge", "-q", "--no-edit", "origin/main")
	if err := os.WriteFile(filepath.Join(edit, ".gitignore"), []byte("*.log\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	gitCmd(t, edit, "commit", "-q", "-am", "drafts may be read")
	gitCmd(t, edit, "push", "-q", "origin", branch)

	// The analysis was cut before the files existed; a refresh moves its
	// base to main's tip, where the quick scan searches.
	h.comment(alice, "/rtgit refresh")
	mustContain(t, "reply to /rtgit refresh", h.replies()[len(h.replies())-1], "codebase_hash is now")

	h.answerPhase00("invoice, csv, export")
	// The scan ranked the ignored file: what kept it out is the rule, not
	// the ranking.
	mustContain(t, "meta.json's candidate files", h.originFile(metaJSON), `"`+ignoredDraft+`"`, `"`+sharedExport+`"`)

	var drafts []string
	for _, r := range srv.Requests() {
		if p := r.Prompt(); strings.Contains(p, "Draft the answer") {
			drafts = append(drafts, p)
		}
	}
	if len(drafts) == 0 {
		t.Fatal("the model was never asked for a draft; step 01-01 did not open with the model on?")
	}
	for _, r := range srv.Requests() {
		if p := r.Prompt(); strings.Contains(p, ignoredMark) {
			t.Fatalf("a prompt carries %s, which main's .gitignore keeps from the model:\n%s", ignoredDraft, p)
		}
	}
	for _, p := range drafts {
		mustContain(t, "a draft's prompt", p, "File "+sharedExport+":", sharedMark)
	}
	// The person sees which candidate the drafts were written without.
	mustContain(t, "step 01-01's answer file", h.originFile("docs/requirements/csv-export/answers/01-01-business-context.md"),
		ignoredDraft, "ignored by .gitignore")
}
