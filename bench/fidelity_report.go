package main

import (
	"fmt"
	"io"
	"strings"
)

// writeFidelity prints the fidelity figures as markdown: the reading of
// the answers per case and overall, then the plan, then every refusal
// and every word that changed, so a figure can be checked by reading.
func writeFidelity(w io.Writer, outs []fidelityOutcome) {
	fmt.Fprintln(w, "## Fidelity: natural answers to real changes")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| case | reached | files precision | files recall | said unchanged, listed | not paths | Given/When/Then read | changed identifiers | broken splits | \"Not discussed\" | Mermaid blocks refused | refused (answering / replay) |")
	fmt.Fprintln(w, "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
	var t fidelityOutcome
	for _, o := range outs {
		reached := o.reached
		if o.complete {
			reached = "complete"
		}
		fmt.Fprintf(w, "| %s | %s | %s | %s | %d | %d | %d/%d | %d | %d | %d | %s | %d / %d |\n", o.id, reached,
			fraction(o.hits, len(o.listed)), fraction(o.found, o.truthN), len(o.saidUnchanged), len(o.notPaths),
			o.gwtRecognised, o.gwt, len(o.changedIdents), len(o.brokenSplits), o.notDiscussed, diagrams(o.mermaidBad, o.mermaid),
			o.refusedAnswer, len(o.refusedReplay))
		t.hits += o.hits
		t.listed = append(t.listed, o.listed...)
		t.found += o.found
		t.truthN += o.truthN
		t.saidUnchanged = append(t.saidUnchanged, o.saidUnchanged...)
		t.notPaths = append(t.notPaths, o.notPaths...)
		t.gwt += o.gwt
		t.gwtRecognised += o.gwtRecognised
		t.changedIdents = append(t.changedIdents, o.changedIdents...)
		t.brokenSplits = append(t.brokenSplits, o.brokenSplits...)
		t.notDiscussed += o.notDiscussed
		t.mermaid += o.mermaid
		if o.mermaidBad >= 0 {
			t.mermaidBad += o.mermaidBad
		} else {
			t.mermaidBad = -1 << 20
		}
		t.refusedAnswer += o.refusedAnswer
		t.refusedReplay = append(t.refusedReplay, o.refusedReplay...)
	}
	fmt.Fprintf(w, "| **all %d** | | **%s** | **%s** | %d | %d | %d/%d | %d | %d | %d | %s | %d / %d |\n", len(outs),
		fraction(t.hits, len(t.listed)), fraction(t.found, t.truthN), len(t.saidUnchanged), len(t.notPaths),
		t.gwtRecognised, t.gwt, len(t.changedIdents), len(t.brokenSplits), t.notDiscussed, diagrams(t.mermaidBad, t.mermaid),
		t.refusedAnswer, len(t.refusedReplay))
	fmt.Fprintln(w)

	writeAgainstAnswerer(w, outs)

	fmt.Fprintln(w, "### The build plan")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| case | tasks | the answerer would build | files changed | file precision | changed source files in a code task | tasks on unchanged files | [P] pairs sharing a file | tasks tracing nothing | duplicates | test tasks with an untied test file |")
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
	var p planFigures
	for _, o := range outs {
		f := o.plan
		fmt.Fprintf(w, "| %s | %d | %d | %d | %s | %d/%d | %d | %d | %d | %d | %d/%d |\n", o.id, f.tasks, f.wouldBuild, o.truthN,
			fraction(f.fileHits, f.fileAll), f.codeRecallHit, f.codeRecallAll, f.onUnchanged, f.parallelClash, f.noTrace, f.duplicates,
			f.untiedTests, f.testsJudged)
		p.tasks += f.tasks
		p.wouldBuild += f.wouldBuild
		p.fileHits += f.fileHits
		p.fileAll += f.fileAll
		p.codeRecallHit += f.codeRecallHit
		p.codeRecallAll += f.codeRecallAll
		p.onUnchanged += f.onUnchanged
		p.parallelClash += f.parallelClash
		p.noTrace += f.noTrace
		p.duplicates += f.duplicates
		p.untiedTests += f.untiedTests
		p.testsJudged += f.testsJudged
	}
	fmt.Fprintf(w, "| **all** | %d | %d | %d | **%s** | %d/%d | %d | %d | %d | %d | %d/%d |\n", p.tasks, p.wouldBuild, t.truthN,
		fraction(p.fileHits, p.fileAll), p.codeRecallHit, p.codeRecallAll, p.onUnchanged, p.parallelClash, p.noTrace, p.duplicates,
		p.untiedTests, p.testsJudged)
	fmt.Fprintln(w)

	fmt.Fprintln(w, "### What was read wrong")
	fmt.Fprintln(w)
	for _, o := range outs {
		var lines []string
		if len(o.saidUnchanged) > 0 {
			lines = append(lines, "said unchanged, listed as changed: "+code(o.saidUnchanged))
		}
		if len(o.notPaths) > 0 {
			lines = append(lines, "not paths: "+code(o.notPaths))
		}
		if len(o.wrongKind) > 0 {
			lines = append(lines, "listed as new, but the parent holds them: "+code(o.wrongKind))
		}
		if len(o.changedIdents) > 0 {
			lines = append(lines, "identifiers changed on their way: "+code(o.changedIdents))
		}
		for _, s := range o.brokenSplits {
			lines = append(lines, "a line ends mid-sentence: …"+s)
		}
		for _, q := range o.notAsked {
			lines = append(lines, "an answer no step asked for on replay: "+q)
		}
		if len(o.redrafted) > 0 {
			lines = append(lines, "drafts the person confirmed that rtgit no longer drafts, written as theirs: "+strings.Join(o.redrafted, ", "))
		}
		for _, r := range o.refusedReplay {
			lines = append(lines, "refused on replay at "+r.Step+": "+firstLine(r.Message))
		}
		if len(lines) == 0 {
			continue
		}
		fmt.Fprintf(w, "- **%s**\n", o.id)
		for _, l := range lines {
			fmt.Fprintf(w, "  - %s\n", strings.ReplaceAll(l, "\n", " "))
		}
	}
	fmt.Fprintln(w)
}

func fraction(n, d int) string {
	if d == 0 {
		return "–"
	}
	return fmt.Sprintf("%.2f", float64(n)/float64(d))
}

func code(xs []string) string {
	q := make([]string, len(xs))
	for i, x := range xs {
		q[i] = "`" + strings.ReplaceAll(x, "`", "'") + "`"
	}
	return strings.Join(q, ", ")
}

// diagrams reads "refused of all", or "not checked of all" without a parser.
func diagrams(bad, all int) string {
	if bad < 0 {
		return fmt.Sprintf("not checked (%d)", all)
	}
	return fmt.Sprintf("%d of %d", bad, all)
}

// writeAgainstAnswerer sets the files list beside the answerer's own: how
// close the person's list was to the diff (the most a faithful reading can
// reach with the draft left as it is), and how close rtgit's rows are to
// the person's list.
func writeAgainstAnswerer(w io.Writer, outs []fidelityOutcome) {
	fmt.Fprintln(w, "### The files list against the answerer's own")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| case | answerer's list: precision | answerer's list: recall | rows against the answerer's list: precision | recall |")
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|")
	var ah, an, at, rh, rn, ra int
	for _, o := range outs {
		if o.willChange == nil {
			continue
		}
		truth, said, listed := setOf(o.truth), setOf(o.willChange), setOf(o.listed)
		h, r := 0, 0
		for p := range said {
			if truth[p] {
				h++
			}
			if listed[p] {
				r++
			}
		}
		rows := 0
		for p := range listed {
			if said[p] {
				rows++
			}
		}
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s |\n", o.id, fraction(h, len(said)), fraction(h, len(truth)),
			fraction(rows, len(listed)), fraction(r, len(said)))
		ah, an, at = ah+h, an+len(said), at+len(truth)
		rh, rn, ra = rh+rows, rn+len(listed), ra+r
	}
	fmt.Fprintf(w, "| **all** | **%s** | **%s** | **%s** | **%s** |\n", fraction(ah, an), fraction(ah, at), fraction(rh, rn), fraction(ra, an))
	fmt.Fprintln(w)
}
