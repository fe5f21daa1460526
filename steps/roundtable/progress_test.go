package roundtable

import (
	"fmt"
	"testing"
)

// List tells a progress display how far it has got: before each analysis
// it reads, how many of how many are done.
func TestListReportsProgress(t *testing.T) {
	m, _ := newMachine(t)
	mustNew(t, m)
	if _, err := m.New(NewOptions{Description: "Remind customers of unpaid invoices", Slug: "reminders"}); err != nil {
		t.Fatal(err)
	}
	var got []string
	m.Progress = func(done, total int) { got = append(got, fmt.Sprintf("%d/%d", done, total)) }
	rows, err := m.List()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 2 || fmt.Sprint(got) != "[0/2 1/2]" {
		t.Errorf("%d rows, progress %v; want 2 rows, [0/2 1/2]", len(rows), got)
	}
}
