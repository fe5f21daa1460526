package roundtable

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/rtgit/rtgit/internal/lazyre"
	"github.com/rtgit/rtgit/model"
	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/artifacts"
	"github.com/rtgit/rtgit/steps/meta"
	"github.com/rtgit/rtgit/steps/quickscan"
	"github.com/rtgit/rtgit/steps/stepfile"
)

// The questions of the estimation step whose answers can correct the scan.
var estimateQuestions = []string{"estimate", "scope", "complexity", "files", "confidence"}

// quickScanStep writes the scan into quick-scan.md after a Phase 00 step,
// and once the estimate is settled -- the step asking for it, or the
// phase's last step -- records meta.quick_scan, the user's corrections
// winning over the scan's suggestions.
func (st *state) quickScanStep(c *changeset, sa stepAnswers) error {
	if !st.inQuickScan(sa.step) || !declares(sa.step, quickScanArtifact) {
		return nil
	}
	answers := scanAnswers(sa.step, sa.answer)
	kw := quickscan.ParseList(answers["keywords"])
	// Only answers settle the estimate: a step skipped with [S] has none,
	// and an unconfirmed guess must not pick the depth of later phases.
	final := st.isEstimateStep(sa) && len(sa.answer) > 0
	if len(kw) == 0 && !final {
		return nil // the keywords are not settled yet
	}
	if len(kw) == 0 {
		kw = st.scanKeywords()
	}
	r, err := st.scanFor(kw)
	if err != nil || r == nil {
		return nil // warned in scan; the user's answers still stand
	}
	var qs *meta.QuickScan
	var corrected, stated []string
	if final {
		qs, corrected, stated = settle(r, answers)
		// The files the person lists are the candidates every later
		// prompt quotes, in place of the scan's.
		if t := st.tree(); t != nil {
			if own, added, _ := model.Listed(t, answers["files"], answers["estimate"]); len(own) > 0 {
				qs.CandidateFiles = append(own, added...)
			}
		}
		st.meta.QuickScan = qs
		st.scanned = nil // later lookups use the recorded keywords
	}
	if !final || !asksEstimate(sa.step) {
		stated = nil // nobody was shown the estimate, so nobody confirmed it
	}
	return st.writeQuickScan(c, sa.step.ID, r, qs, corrected, stated)
}

// asksEstimate reports whether step s shows the estimate to the person
// answering it, so that settling it there is their confirmation. A
// library whose quick scan asks only for the symptom and the keywords
// settles the scan's estimate unseen: nobody confirmed it. A step in the
// seed's dialect asks under positional ids, read by meaning elsewhere.
func asksEstimate(s *steps.Step) bool {
	if s.Dialect == steps.DialectSeed {
		return true
	}
	for _, q := range s.AllQuestions() {
		if slices.Contains(estimateQuestions, q.ID) {
			return true
		}
	}
	return false
}

func declares(s *steps.Step, output string) bool {
	for _, o := range s.Outputs {
		if o == output {
			return true
		}
	}
	return false
}

// isEstimateStep: the step asks an estimate question, or nothing after it
// in Phase 00 will.
func (st *state) isEstimateStep(sa stepAnswers) bool {
	for _, q := range sa.step.AllQuestions() {
		for _, id := range estimateQuestions[:3] {
			if q.ID == id {
				return true
			}
		}
	}
	_, ph := st.route.Step(sa.step.ID)
	return ph.Steps[len(ph.Steps)-1] == sa.step
}

var (
	scopeRe      = lazyre.New(`(?i)\bscope\b\W*(?:is\s+)?(small|medium|large)\b|\b(small|medium|large)\W+(?:scope|change)\b`)
	complexRe    = lazyre.New(`(?i)\bcomplexity\b\W*(?:is\s+|of\s+)?(low|medium|high)\b|\b(low|medium|high)\W+complexity\b`)
	fileCountRe  = lazyre.New(`(?i)\b(\d{1,5}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty)\s+(?:\w+\s+)?files?\b`)
	levelRe      = lazyre.New(`(?i)\b(low|medium|high)\b`)
	percentageRe = lazyre.New(`\b(\d{1,3})\s*%`)
)

// numberWords are the counts a person writes out ("six files").
var numberWords = map[string]int{"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
	"nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
	"seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50}

// count reads a file count written in digits or in words.
func count(s string) (int, error) {
	if n, ok := numberWords[strings.ToLower(s)]; ok {
		return n, nil
	}
	return strconv.Atoi(s)
}

// settle turns the scan and the user's answers into meta.quick_scan. A
// value the user states wins, even when it disagrees with the scope rule:
// they know the code. A corrected file count with no scope stated at all
// re-derives the scope from the count. It returns the fields corrected,
// and the fields the answers state at all: only those did a person
// confirm (a confidence nobody was asked about is the scan's).
func settle(r *quickscan.Result, answers map[string]string) (*meta.QuickScan, []string, []string) {
	qs := &meta.QuickScan{Scope: r.Scope, Complexity: r.Complexity, EstimatedFiles: r.FileCount,
		Confidence: r.Confidence, Keywords: append([]string{}, r.Keywords...),
		CandidateFiles: append([]string{}, candidates(r, CandidateCount)...)}
	est := answers["estimate"]
	scope := firstGroup(scopeRe, est)
	if v, ok := stepfile.Choice([]string{quickscan.Small, quickscan.Medium, quickscan.Large}, answers["scope"]); ok {
		scope = v
	}
	complexity := firstGroup(complexRe, est)
	if v, ok := stepfile.Choice([]string{quickscan.Low, quickscan.Medium, quickscan.High}, answers["complexity"]); ok {
		complexity = v
	}
	files := firstGroup(fileCountRe, est, answers["files"])
	if files == "" {
		files = strings.TrimSpace(answers["files"])
	}
	var corrected, stated []string
	if scope != "" {
		stated = append(stated, "scope")
	}
	if complexity != "" {
		stated = append(stated, "complexity")
	}
	if _, err := count(files); err == nil {
		stated = append(stated, "file_count")
	}
	if statedConfidence(answers["confidence"]) != "" {
		stated = append(stated, "confidence")
	}
	if n, err := count(files); err == nil && n != qs.EstimatedFiles {
		qs.EstimatedFiles = n
		corrected = append(corrected, "file_count")
		if scope == "" {
			scope = quickscan.ScopeFor(n)
		}
	}
	if scope = strings.ToLower(scope); scope != "" && scope != qs.Scope {
		qs.Scope = scope
		corrected = append(corrected, "scope")
	}
	if complexity = strings.ToLower(complexity); complexity != "" && complexity != qs.Complexity {
		qs.Complexity = complexity
		corrected = append(corrected, "complexity")
	}
	if c := statedConfidence(answers["confidence"]); c != "" && c != qs.Confidence {
		qs.Confidence = c
		corrected = append(corrected, "confidence")
	}
	return qs, corrected, stated
}

// firstGroup returns the first non-empty submatch of re in the texts.
func firstGroup(re *lazyre.Regexp, texts ...string) string {
	for _, t := range texts {
		if m := re.FindStringSubmatch(t); m != nil {
			for _, g := range m[1:] {
				if g != "" {
					return g
				}
			}
		}
	}
	return ""
}

// statedConfidence reads "high", "medium", "low" or a percentage.
func statedConfidence(text string) string {
	if m := percentageRe.FindStringSubmatch(text); m != nil {
		n, _ := strconv.Atoi(m[1])
		switch {
		case n >= 75:
			return quickscan.High
		case n >= 50:
			return quickscan.Medium
		}
		return quickscan.Low
	}
	return strings.ToLower(firstGroup(levelRe, text))
}

// writeQuickScan puts the scan into quick-scan.md: a block per section
// (keyed to the scan, so user text and the steps' own blocks are kept),
// and the machine-readable front matter. qs is nil until the estimate is
// settled; until then the values shown are the scan's suggestions. Each
// value is labelled with where it came from: corrected by the user (with
// the scan's figure beside theirs), confirmed by the user where their
// answer states it (stated), else suggested by the scan.
func (st *state) writeQuickScan(c *changeset, stepID string, r *quickscan.Result, qs *meta.QuickScan, corrected, stated []string) error {
	confirmed := len(stated) > 0
	rel := st.it.outputPath(quickScanArtifact)
	doc, err := c.base(rel)
	if err != nil {
		return err
	}
	if doc == nil {
		if doc, err = st.artifactSkeleton(quickScanArtifact); err != nil {
			return err
		}
	}
	final := qs
	if final == nil {
		final = &meta.QuickScan{Scope: r.Scope, Complexity: r.Complexity, EstimatedFiles: r.FileCount, Confidence: r.Confidence, Keywords: r.Keywords}
	}
	// The scan's range goes with the scan's count; a count the person
	// corrected is theirs, and stands alone.
	rng := r.Range
	if final.EstimatedFiles != r.FileCount {
		rng = [2]int{final.EstimatedFiles, final.EstimatedFiles}
	}
	was := func(field, scan string) string { return scanLabel(field, scan, corrected, stated) }
	// The scan's arithmetic adds up to the scan's count; beside a count
	// the person corrected it is the scan's, and says so.
	basis := "The estimate adds up: " + r.Basis.Describe()
	if final.EstimatedFiles != r.FileCount {
		basis = fmt.Sprintf("The scan's estimate of %s added up: %s", plural(r.FileCount, "file"), r.Basis.Describe())
	}
	sections := []struct{ name, body string }{
		{"Scope", fmt.Sprintf("**Scope: %s**%s. Small is under 5 files, medium 5 to 15, large over 15.",
			final.Scope, was("scope", r.Scope))},
		{"Keywords", fmt.Sprintf("Searched %d tracked files at `%s` for: %s.", r.Searched, shortHash(st.scanRev()), codeList(r.Keywords))},
		{"Candidate Files", candidateTable(r)},
		{"File Count", fmt.Sprintf("**About %s%s**%s. %s. %s a keyword at all.",
			plural(final.EstimatedFiles, "file"), likely(rng), was("file_count", strconv.Itoa(r.FileCount)), basis,
			mention(len(r.Files)))},
		{"Complexity", fmt.Sprintf("**Complexity: %s**%s. Signals among the estimated files: %s.",
			final.Complexity, was("complexity", r.Complexity), r.Signals.Describe())},
		{"Confidence", fmt.Sprintf("**Confidence: %s**%s. The scan's reason: %s.",
			final.Confidence, was("confidence", r.Confidence), r.ConfidenceWhy())},
	}
	for _, s := range sections {
		if doc, err = artifacts.FillSection(doc, s.name, sectionKey("quick-scan", s.name), s.body); err != nil {
			return fmt.Errorf("%s:%w", rel, err)
		}
	}
	fm := []kv{
		{"scope", final.Scope}, {"complexity", final.Complexity}, {"file_count", strconv.Itoa(final.EstimatedFiles)},
		{"estimated_files", strconv.Itoa(final.EstimatedFiles)}, {"estimated_range", fmt.Sprintf("[%d, %d]", rng[0], rng[1])},
		{"confidence", final.Confidence}, {"keywords", yamlList(final.Keywords)}, {"candidate_files", yamlList(candidates(r, tableCount))},
		{"scan_scope", r.Scope}, {"scan_complexity", r.Complexity}, {"scan_file_count", strconv.Itoa(r.FileCount)},
		{"confirmed", strconv.FormatBool(confirmed)}, {"corrected", yamlList(corrected)},
	}
	c.put(rel, setFrontMatter(doc, fm))
	return nil
}

// scanLabel says where a quick-scan value came from: the person
// corrected it (the scan's figure beside theirs), their answer states
// it (confirmed), or neither (the scan's suggestion).
func scanLabel(field, scan string, corrected, stated []string) string {
	switch {
	case slices.Contains(corrected, field):
		return fmt.Sprintf(" (corrected by the user; the scan suggested %s)", scan)
	case slices.Contains(stated, field):
		return " (confirmed by the user)"
	}
	return " (suggested by the scan)"
}

func (st *state) scanRev() string {
	if st.meta.BaseCommit != "" {
		return st.meta.BaseCommit
	}
	return "HEAD"
}

func codeList(items []string) string { return artifacts.CodeList(items) }

// candidateTable lists the top ranked files, relevant or not, so the
// reader sees where the estimate's cut-off fell.
func candidateTable(r *quickscan.Result) string {
	if len(r.Files) == 0 {
		return "No tracked file mentions any keyword. Add the names the code uses in Keyword Search, or list the files by hand."
	}
	rel := map[string]bool{}
	for _, f := range quickscan.Relevant(r.Files) {
		rel[f.Path] = true
	}
	var b strings.Builder
	b.WriteString("| # | File | Hits | Keywords | Kind | Counted |\n|---|---|---|---|---|---|\n")
	for i, f := range r.Files {
		if i == tableCount {
			break
		}
		counted := "no"
		if rel[f.Path] {
			counted = "yes"
		}
		fmt.Fprintf(&b, "| %d | %s | %d | %d/%d | %s | %s |\n", i+1, artifacts.CodeCell(f.Path), f.Hits, f.Terms, len(r.Keywords), f.Kind, counted)
	}
	if len(r.Files) > tableCount {
		fmt.Fprintf(&b, "\n%d more files mention a keyword.", len(r.Files)-tableCount)
	}
	return strings.TrimRight(b.String(), "\n")
}

type kv struct{ key, value string }

func yamlList(items []string) string {
	q := make([]string, len(items))
	for i, s := range items {
		q[i] = strconv.Quote(s)
	}
	return "[" + strings.Join(q, ", ") + "]"
}

// setFrontMatter sets keys in the document's leading "---" block, keeping
// every other line, or adds the block when there is none.
func setFrontMatter(doc []byte, fields []kv) []byte {
	lines := strings.Split(string(doc), "\n")
	end := -1
	if len(lines) > 0 && strings.TrimRight(lines[0], "\r ") == "---" {
		for i := 1; i < len(lines); i++ {
			if strings.TrimRight(lines[i], "\r ") == "---" {
				end = i
				break
			}
		}
	}
	if end < 0 {
		lines = append([]string{"---", "---"}, lines...)
		end = 1
	}
	for _, f := range fields {
		line := f.key + ": " + quoteScalar(f.value)
		found := false
		for i := 1; i < end; i++ {
			if strings.HasPrefix(lines[i], f.key+":") {
				lines[i], found = line, true
				break
			}
		}
		if !found {
			lines = append(lines[:end], append([]string{line}, lines[end:]...)...)
			end++
		}
	}
	return []byte(strings.Join(lines, "\n"))
}

func quoteScalar(v string) string {
	if strings.HasPrefix(v, "[") || v == "true" || v == "false" {
		return v
	}
	if _, err := strconv.Atoi(v); err == nil {
		return v
	}
	return strconv.Quote(v)
}

// mention says how many files mention a keyword, in agreement.
func mention(n int) string {
	if n == 1 {
		return "1 file mentions"
	}
	return fmt.Sprintf("%d files mention", n)
}

// likely says where the count likely falls, unless the range is the
// count itself.
func likely(rng [2]int) string {
	if rng[0] == rng[1] {
		return ""
	}
	return fmt.Sprintf(", likely %d to %d", rng[0], rng[1])
}
