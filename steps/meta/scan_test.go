package meta

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// decoderSplit is how members and elements read a value before the
// scanner: encoding/json's Decoder, token by token. The scanner must give
// the same keys, values and offsets on every well-formed document.
func decoderSplit(raw []byte, base int) ([]string, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	var out []string
	for dec.More() {
		key := ""
		if tok == json.Delim('{') {
			k, err := dec.Token()
			if err != nil {
				return nil, err
			}
			key = k.(string)
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, err
		}
		out = append(out, fmt.Sprintf("%q@%d=%s", key, base+int(dec.InputOffset())-len(v), v))
	}
	return out, nil
}

func scannerSplit(p *parser, v value) ([]string, error) {
	var out []string
	if kind(v.raw) == "object" {
		ms, err := p.members(v, "")
		for _, m := range ms {
			out = append(out, fmt.Sprintf("%q@%d=%s", m.key, m.off, m.raw))
		}
		return out, err
	}
	es, err := p.elements(v, "")
	for _, e := range es {
		out = append(out, fmt.Sprintf("%q@%d=%s", "", e.off, e.raw))
	}
	return out, err
}

// FuzzScannerAgreesWithDecoder splits every object and array of a
// well-formed document both ways, down to its leaves.
func FuzzScannerAgreesWithDecoder(f *testing.F) {
	for _, s := range []string{
		`{}`, `{"a": 1}`, "\uFEFF{\"a\" :\n [1, 2.5e3, -0, true, false, null] }",
		`{"task_issues": {"T001": 11, "T002": 12}, "slug": "x"}`,
		`{"k\"ey": "va\\\"l}]ue", "\u00e9t\u00e9": {"n": [{"d": []}, {}]}, "z": "\u2028"}`,
		`{"a":1,"b":{"c":[1,{"d":"]}"}]},"e":"é"}`,
		"{\n  \"description\": \"Let customers export invoices as CSV\",\n  \"phases_completed\": [],\n  \"elaboration_config\": {\n    \"max_turns\": 10\n  }\n}\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p := &parser{name: "f", data: data}
		if bytes.HasPrefix(data, []byte("\uFEFF")) {
			p.start = 3
		}
		top, err := p.document()
		if err != nil {
			return
		}
		var walk func(v value)
		walk = func(v value) {
			if k := kind(v.raw); k != "object" && k != "array" {
				return
			}
			want, err := decoderSplit(v.raw, v.off)
			if err != nil {
				t.Fatalf("the decoder refused a checked document: %v", err)
			}
			got, err := scannerSplit(p, v)
			if err != nil && strings.Contains(err.Error(), "key given twice") {
				return
			}
			if err != nil || strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Fatalf("%s\nscanner (%v):\n%s\ndecoder:\n%s", v.raw, err, strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			if kind(v.raw) == "object" {
				ms, _ := p.members(v, "")
				for _, m := range ms {
					walk(m.value)
				}
			} else {
				es, _ := p.elements(v, "")
				for _, e := range es {
					walk(e)
				}
			}
		}
		walk(top)
	})
}
