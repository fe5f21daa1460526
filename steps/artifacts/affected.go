package artifacts

import (
	"fmt"
	"strings"

	"github.com/rtgit/rtgit/model"
)

// AffectedTable renders the rows as the section's table. With no rows it
// says so in words: a table with no rows would read as "nothing changes".
func AffectedTable(rows []model.AffectedFile) string {
	if len(rows) == 0 {
		return "_No file is named yet: neither the impact answers nor the quick scan's kept candidates name one. " +
			"Name the files in backticks (`src/reports/report.go`) so builds can check this analysis against the code._"
	}
	var b strings.Builder
	b.WriteString("| File | Module | Impact | Change type |\n| --- | --- | --- | --- |\n")
	for _, r := range rows {
		mod := r.Module
		if mod == "." {
			mod = "(root)"
		}
		said := "named in "
		if r.Change == model.ChangeReadOnly {
			said = "said to stay as it is in "
		}
		impact := said + strings.Join(r.From, ", ")
		if r.Why != "" {
			impact = r.Why
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s |\n", r.Path, cell(mod), cell(impact), r.Change)
	}
	return b.String()
}
