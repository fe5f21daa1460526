package meta

import (
	"errors"
	"strings"
	"testing"
)

// A meta.json that is valid JSON can still say nothing an analysis can go
// on from; each such file gets an error at the field's file and line.
func TestCheckMeaning(t *testing.T) {
	const good = `{
  "description": "Export invoices as CSV",
  "source": "manual",
  "slug": "csv",
  "created_at": "2026-11-02T10:00:00.000Z",
  "analysis_status": "partial"
}`
	for name, tc := range map[string]struct {
		data, want string
	}{
		"good":              {good, ""},
		"empty object":      {`{}`, `docs/requirements/csv/meta.json:1:1: "description" is missing`},
		"no created_at":     {`{"description": "x"}`, `meta.json:1:1: "created_at" is missing`},
		"empty description": {strings.Replace(good, `"Export invoices as CSV"`, `""`, 1), "meta.json:2:18: description: is empty"},
		"bad created_at":    {strings.Replace(good, `"2026-11-02T10:00:00.000Z"`, `"yesterday"`, 1), `meta.json:5:17: created_at: "yesterday" is not an RFC 3339 time`},
		"slug of another":   {strings.Replace(good, `"slug": "csv"`, `"slug": "csv-export"`, 1), `meta.json:4:11: slug: "csv-export" does not match its folder "csv"`},
		"unknown source":    {strings.Replace(good, `"manual"`, `"email"`, 1), `meta.json:3:13: source: "email" is not a known value; want one of "github", "jira", "manual"`},
		"empty source":      {strings.Replace(good, `"manual"`, `""`, 1), ""},
		"unknown status":    {strings.Replace(good, `"partial"`, `"done"`, 1), `meta.json:6:22: analysis_status: "done" is not a known value`},
		"no slug is fine":   {strings.Replace(good, `"slug": "csv",`, ``, 1), ""},
		"null slug is fine": {strings.Replace(good, `"slug": "csv"`, `"slug": null`, 1), ""},
	} {
		const file = "docs/requirements/csv/meta.json"
		m, err := Parse(file, []byte(tc.data))
		if err != nil {
			t.Fatalf("%s: Parse: %v", name, err)
		}
		err = CheckMeaning(file, []byte(tc.data), m, "csv")
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v", name, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: err = %v, want it to contain %q", name, err, tc.want)
		case tc.want != "":
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Line == 0 {
				t.Errorf("%s: %v is not a ParseError with a line", name, err)
			}
		}
	}
}

func TestKeyPosition(t *testing.T) {
	line, col, ok := KeyPosition([]byte("{\n  \"description\": \"x\",\n  \"library\": \"featur\"\n}"), "library")
	if !ok || line != 3 || col != 14 {
		t.Errorf("KeyPosition = %d, %d, %v; want 3, 14, true", line, col, ok)
	}
	if _, _, ok := KeyPosition([]byte(`{}`), "library"); ok {
		t.Error("KeyPosition found a key {} lacks")
	}
}
