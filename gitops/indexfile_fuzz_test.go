package gitops

import (
	"bytes"
	"testing"
)

// FuzzParseIndex feeds damaged index files to the reader. The seeds in
// testdata/fuzz/FuzzParseIndex are indexes git wrote (versions 2, 3 and 4,
// split, with cached trees and an untracked cache). Whatever parses must
// survive a rewrite with its entries intact.
func FuzzParseIndex(f *testing.F) {
	f.Fuzz(func(t *testing.T, raw []byte) {
		ix, err := parseIndex(raw)
		if err != nil {
			return
		}
		var out bytes.Buffer
		if err := ix.writeTo(&out, &indexEdits{touched: []string{"docs/requirements/x/meta.json"}}); err != nil {
			t.Fatal(err)
		}
		back, err := parseIndex(out.Bytes())
		if err != nil {
			t.Fatalf("the rewritten index does not parse: %v", err)
		}
		if back.count() != ix.count() {
			t.Fatalf("%d entries became %d", ix.count(), back.count())
		}
		for i := range ix.count() {
			if !bytes.Equal(ix.entryBytes(i), back.entryBytes(i)) {
				t.Fatalf("entry %d changed in the rewrite", i+1)
			}
		}
	})
}
