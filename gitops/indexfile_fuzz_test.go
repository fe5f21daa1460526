package gitops

import (
	"bytes"
	"crypto/sha1"
	"testing"
)

// FuzzParseIndex feeds damaged index files to the reader. The seeds in
// testdata/fuzz/FuzzParseIndex are indexes git wrote (versions 2, 3 and 4,
// split, with cached trees and an untracked cache). The checksum is
// repaired before parsing, or nearly every mutation would stop there.
// Whatever parses must survive a rewrite with its entries intact.
func FuzzParseIndex(f *testing.F) {
	f.Fuzz(func(t *testing.T, raw []byte) {
		if len(raw) >= indexHeaderLen+sha1.Size {
			sum := sha1.Sum(raw[:len(raw)-sha1.Size])
			copy(raw[len(raw)-sha1.Size:], sum[:])
		}
		ix, err := parseIndex(raw)
		if err != nil {
			return
		}
		var out bytes.Buffer
		if err := ix.writeTo(&out, []string{"docs/requirements/x/meta.json"}); err != nil {
			t.Fatal(err)
		}
		back, err := parseIndex(out.Bytes())
		if err != nil {
			t.Fatalf("the rewritten index does not parse: %v", err)
		}
		if len(back.entries) != len(ix.entries) {
			t.Fatalf("%d entries became %d", len(ix.entries), len(back.entries))
		}
		for i := range ix.entries {
			if !bytes.Equal(ix.bytes(&ix.entries[i]), back.bytes(&back.entries[i])) {
				t.Fatalf("entry %d changed in the rewrite", i+1)
			}
		}
	})
}
