package artifacts

import (
	"fmt"
	"strings"
)

// nfrRule separates the shared matrix's header from its rows.
const nfrRule = "| --- | --- | --- | --- |\n"

// nfrMatrix keeps one table shared by every analysed item in
// docs/common/nfr-matrix.md: this item's rows (keyed by its slug in the
// first column) are replaced, every other item's rows stay as they were,
// and so does any text around the table.
func nfrMatrix(in Input) (Result, error) {
	existing, err := in.Read(in.OutputPath)
	if err != nil {
		return Result{}, err
	}
	head := "# NFR Matrix\n\nNon-functional requirements of every analysed item, one row per requirement, keyed by the item's slug.\n\n" +
		"| Item | ID | Category | Requirement |\n" + nfrRule
	tail := ""
	var rows []string
	if existing != nil {
		if before, after, ok := strings.Cut(string(existing), nfrRule); ok {
			head = before + nfrRule
			lines := strings.SplitAfter(after, "\n")
			i := 0
			for ; i < len(lines) && strings.HasPrefix(lines[i], "|"); i++ {
				r := strings.TrimRight(lines[i], "\n")
				if rowItem(r) != in.Slug {
					rows = append(rows, r)
				}
			}
			tail = strings.Join(lines[i:], "")
		} else {
			head = strings.TrimRight(string(existing), "\n") + "\n\n| Item | ID | Category | Requirement |\n" + nfrRule
		}
	}
	for _, x := range in.Model.NFRs {
		rows = append(rows, fmt.Sprintf("| %s | %s | %s | %s |", in.Slug, x.ID, cell(x.Category), cell(x.Target)))
	}
	if len(rows) == 0 {
		rows = append(rows, fmt.Sprintf("| %s | -- | -- | %s |", in.Slug, cell(NeedsClarification(in.QuestionText))))
	}
	return Result{Files: []File{{in.OutputPath, []byte(head + strings.Join(rows, "\n") + "\n" + tail)}}}, nil
}

// rowItem is the first cell of a table row.
func rowItem(row string) string {
	parts := strings.SplitN(strings.TrimPrefix(row, "|"), "|", 2)
	return strings.TrimSpace(parts[0])
}
