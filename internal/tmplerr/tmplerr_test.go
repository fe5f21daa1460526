package tmplerr

import (
	"strings"
	"testing"
	"text/template"
)

type question struct {
	ID, Text string
}

type page struct {
	Header    string
	Questions []question
	Notes     map[string]string
	Next      *question
	hidden    string
}

func (page) Title() string { return "t" }

func TestExplain(t *testing.T) {
	data := &page{Questions: []question{{ID: "a"}}, hidden: "h"}
	for _, tt := range []struct{ tmpl, want string }{
		{"# {{.Heading}}\n", "over.tmpl:1: {{.Heading}}: there is no field Heading here; the fields here are .Header, .Next, .Notes, .Questions, .Title"},
		{"\n{{range .Questions}}\n{{.Body}}{{end}}", "over.tmpl:3: {{.Body}}: there is no field Body here; the fields here are .ID, .Text"},
		{"{{.Header.Text}}", "over.tmpl:1: {{.Header.Text}}: there is no field Text here: the value here is text, which has no fields"},
		{"{{.Questions.ID}}", "over.tmpl:1: {{.Questions.ID}}: there is no field ID here: the value here is a list (use {{range}} to reach each item's fields)"},
		{"{{.hidden}}", "over.tmpl:1: {{.hidden}}: there is no field hidden here; the fields here are .Header, .Next, .Notes, .Questions, .Title"},
		{"{{.Next.ID}}", "over.tmpl:1: {{.Next.ID}}: there is nothing here to take ID from (use {{with}} to skip it when it is absent)"},
	} {
		tp := template.Must(template.New("over.tmpl").Option("missingkey=error").Parse(tt.tmpl))
		err := tp.Execute(&strings.Builder{}, data)
		if err == nil {
			t.Fatalf("%q: no error", tt.tmpl)
		}
		got := Explain(err, data).Error()
		if got != tt.want {
			t.Errorf("%q:\n got %s\nwant %s", tt.tmpl, got, tt.want)
		}
		if strings.Contains(got, "tmplerr.") || strings.Contains(got, "type ") {
			t.Errorf("%q: %s names a Go type", tt.tmpl, got)
		}
	}
}

func TestExplainParse(t *testing.T) {
	_, err := template.New("over.tmpl").Parse("a\n{{.Header")
	if got, want := Explain(err, nil).Error(), "over.tmpl:2: "; !strings.HasPrefix(got, want) {
		t.Errorf("Explain = %q, want it to start with %q", got, want)
	}
	if Explain(nil, nil) != nil {
		t.Error("Explain(nil) is not nil")
	}
}
