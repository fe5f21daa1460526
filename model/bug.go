package model

// A bug analysis answers into the bug library's artifacts (bug-report.md,
// root-cause-analysis.md, fix-strategy.md), whose sections have other
// names than the feature library's. Where one of them means what a field
// of Analysis means, the field falls back to it; the rest stays
// undiscussed. A feature analysis answers none of these sections, so its
// export does not change.

// fromBugSections fills the fields a bug analysis answers under its own
// section names. library is the analysis's step library.
func (a *Analysis) fromBugSections(ans answerList, library string) {
	if a.Problem == "" {
		// "Both show 10.01" alone reads as a fact, not a wish: the
		// section's two halves keep the names they are asked by.
		a.Problem = join(labelled("Expected", ans.answer("expected vs actual", "expected")),
			labelled("Actual", ans.answer("expected vs actual", "actual")))
	}
	if a.Problem == "" && library == "bug" {
		// At brief depth nobody is asked for expected and actual apart;
		// the symptom scan, asked at every depth, has what goes wrong in
		// the reporter's words. A feature's quick scan describes the
		// change instead, so there it is no problem statement.
		a.Problem = ans.section("scope")
	}
	if a.Drivers == "" {
		// Who is hurt and how badly is why the fix is wanted. The
		// severity answer is one word, which says nothing unnamed.
		sev := ""
		for _, x := range ans {
			if !sectionIs(x, "severity") {
				continue
			}
			if x.Question == "severity" {
				sev = join(sev, labelled("Severity", x.Text))
			} else {
				sev = join(sev, x.Text)
			}
		}
		a.Drivers = join(ans.section("affected users"), sev)
	}
	// The chosen fix is what changes. The rest of its section (how to
	// roll back, what data to repair) is not, so only its own answer is
	// read; at brief depth the one options answer names the chosen fix.
	fix := ans.answer("chosen fix", "chosen")
	if fix == "" {
		fix = ans.section("fix options")
	}
	if a.InScope == "" {
		a.InScope = fix
	}
	if a.Chosen == "" {
		a.Chosen = fix
	}
	if a.Contracts == "" {
		a.Contracts = ans.section("contract implications")
	}
	if a.TechContext == "" {
		a.TechContext = ans.section("affected code paths")
	}
	// The risk zones (what else the same fault hits) are read as for a
	// feature; what the fix itself could break is a risk of the change.
	a.RiskZones = join(a.RiskZones, ans.section("regression risk"))
	a.TestGaps = join(a.TestGaps, ans.section("tests to add"))
}

// answer is the answer to question that fills the section called key.
func (l answerList) answer(key, question string) string {
	out := ""
	for _, x := range l {
		if x.Question == question && sectionIs(x, key) {
			out = join(out, x.Text)
		}
	}
	return out
}

// labelled puts label before text, "" when there is no text.
func labelled(label, text string) string {
	if text = join("", text); text == "" {
		return ""
	}
	return label + ": " + text
}
