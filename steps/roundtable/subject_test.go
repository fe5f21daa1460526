package roundtable

import "testing"

func TestCommentSubject(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"The SQLite read lock a long streamed export holds, which blocks every invoice write until it ends. In the default rollback-journal mode that could stall invoicing.", "the SQLite read lock"},
		{"Spreadsheet users in Germany and France who expect semicolons when they double-click the file.", "spreadsheet users in Germany and France"},
		{"Some customers have thousands of invoices going back years.", "some customers"},
		{"What about refunds?", "refunds"},
		{"What about refunds and credit notes?", "refunds and credit notes"},
		{"Should refunds be exported too?", "refunds"},
		{"We should stream the export instead of building it in memory.", "the export"},
		{"I think the delimiter should follow the locale.", "the delimiter"},
		{"- The retry budget: three attempts, then give up.", "the retry budget"},
		{"> CSV injection in customer names\n\nplease escape it", "CSV injection in customer names"},
		{"Germany needs semicolons; Germany is our second market.", "Germany"},
		{"That lock is held for the whole export.", "that lock"},
		{"ok", ""},
		{"We should.", ""},
	} {
		if got := commentSubject(c.text); got != c.want {
			t.Errorf("commentSubject(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

func TestCommentClause(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"Some customers have thousands of invoices going back years. They will export all of it.", "some customers have thousands of invoices going back years"},
		{"I need the export by Friday, because the audit starts Monday.", "you need the export by Friday"},
		{"CSV files open in Excel; most clerks use it.", "CSV files open in Excel"},
	} {
		if got := commentClause(c.text); got != c.want {
			t.Errorf("commentClause(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}
