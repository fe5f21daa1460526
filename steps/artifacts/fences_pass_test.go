package artifacts

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// wholeRestFenced is the reading fencedLines must agree with: at each step
// the rest of the document is parsed whole to find the next begin marker
// outside fenced code. It is the definition; fencedLines reaches the same
// marks parsing each line about once.
func wholeRestFenced(lines []string) []bool {
	out := make([]bool, 0, len(lines))
	for pos := 0; pos < len(lines); {
		rest := fencedRegion(lines[pos:])
		begin := -1
		for i, l := range lines[pos:] {
			if !rest[i] && strings.HasPrefix(strings.TrimSpace(l), "<!-- rtgit:begin ") {
				begin = i
				break
			}
		}
		end := -1
		if begin >= 0 {
			closer := strings.Replace(strings.TrimSpace(lines[pos+begin]), "rtgit:begin", "rtgit:end", 1)
			for j := pos + begin + 1; j < len(lines); j++ {
				if strings.TrimSpace(lines[j]) == closer {
					end = j
					break
				}
			}
		}
		if end < 0 {
			return append(out, rest...)
		}
		out = append(out, rest[:begin+1]...)
		out = append(out, fencedRegion(lines[pos+begin+1:end])...)
		out = append(out, false)
		pos = end + 1
	}
	return out
}

func TestFencedLinesAgreesWithWholeRestReading(t *testing.T) {
	docs := []string{
		"# A\n<!-- rtgit:begin 01-01 -->\ntext\n<!-- rtgit:end 01-01 -->\n",
		"```\n<!-- rtgit:begin 01-01 -->\n```\n<!-- rtgit:begin 01-02 -->\n```go\nx\n<!-- rtgit:end 01-02 -->\nafter\n",
		"~~~\nunclosed\n<!-- rtgit:begin 01-01 -->\n<!-- rtgit:end 01-01 -->\n",
		"<!-- rtgit:begin 01-01 -->\n```\nunclosed in a block\n<!-- rtgit:end 01-01 -->\n```\nfenced after\n```\n",
		"<!-- rtgit:begin 01-01 -->\nno end\n```\ncode\n```\n",
		"> ```\n> <!-- rtgit:begin 01-01 -->\n> ```\n<!-- rtgit:begin 01-02 -->\n- ```\n<!-- rtgit:end 01-02 -->\n",
	}
	for i, d := range docs {
		lines := splitLines([]byte(d))
		if got, want := fencedLines(lines), wholeRestFenced(lines); !slices.Equal(got, want) {
			t.Errorf("doc %d: fencedLines = %v, want %v\n%s", i, got, want, d)
		}
	}
}

func FuzzFencedLines(f *testing.F) {
	f.Add("```\n<!-- rtgit:begin a -->\n```\n<!-- rtgit:begin a -->\nx\n<!-- rtgit:end a -->\n")
	f.Add("<!-- rtgit:begin a -->\n~~~\n<!-- rtgit:end a -->\n~~~\n")
	f.Fuzz(func(t *testing.T, doc string) {
		lines := splitLines([]byte(doc))
		if got, want := fencedLines(lines), wholeRestFenced(lines); !slices.Equal(got, want) {
			t.Errorf("fencedLines = %v, want %v for %q", got, want, doc)
		}
	})
}

// A generated document has one block per step, as the requirements spec
// does at the end of an analysis; before, each block parsed the rest of
// the document again.
func BenchmarkBlocksManySections(b *testing.B) {
	var sb strings.Builder
	for i := range 60 {
		fmt.Fprintf(&sb, "## Section %d\n\n<!-- rtgit:begin 01-%02d -->\n", i, i)
		for range 20 {
			sb.WriteString("A line of an answer, with `code` and a [link](x).\n")
		}
		sb.WriteString("```go\nfunc f() {}\n```\n")
		fmt.Fprintf(&sb, "<!-- rtgit:end 01-%02d -->\n\n", i)
	}
	doc := []byte(sb.String())
	b.ResetTimer()
	for range b.N {
		if len(Blocks(doc)) != 60 {
			b.Fatal("want 60 blocks")
		}
	}
}
