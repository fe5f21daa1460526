package invoices

import (
	"strings"
	"testing"
)

func header() string { return "number;date;total" }

// AC-001-01: the first row names the columns
func TestHeaderRow(t *testing.T) {
	if !strings.HasPrefix(header(), "number") {
		t.Fatal("no header")
	}
}

func TestAC_002_01_DateRange(t *testing.T) {
	t.Run("inside", func(t *testing.T) {})
	t.Run("outside", func(t *testing.T) {})
}

// AC-003-01: the status filter keeps paid invoices only. It fails here on
// purpose, so the report holds a failure.
func TestStatusFilter(t *testing.T) {
	t.Fatal("paid invoices were dropped")
}

// AC-004-01
func TestLineItems(t *testing.T) {
	t.Skip("line items are not built yet")
}
