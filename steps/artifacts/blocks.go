package artifacts

import (
	"strings"
)

// BlockKeys lists the keys of rtgit's marker blocks in doc, in order,
// outside fenced code.
func BlockKeys(doc []byte) []string {
	lines := splitLines(doc)
	return blockKeys(lines, fencedLines(lines))
}

func blockKeys(lines []string, fenced []bool) []string {
	var out []string
	for i, l := range lines {
		if fenced[i] {
			continue
		}
		t := strings.TrimSpace(l)
		if k, ok := strings.CutPrefix(t, "<!-- rtgit:begin "); ok && strings.HasSuffix(k, " -->") {
			out = append(out, strings.TrimSuffix(k, " -->"))
		}
	}
	return out
}

// RemoveBlock takes key's block out of doc, with the blank line FillSection
// put before it, so the document reads as if the block had never been
// written. A missing block leaves doc as it is; unpaired markers are an
// error, as in FillSection.
func RemoveBlock(doc []byte, key string) ([]byte, error) {
	lines := splitLines(doc)
	start, end, err := findBlock(lines, key)
	if err != nil || start < 0 {
		return doc, err
	}
	from, to := start, end+1
	if from > 0 && strings.TrimSpace(lines[from-1]) == "" && (to == len(lines) || strings.TrimSpace(lines[to]) == "") {
		from--
	}
	out := append(append([]string{}, lines[:from]...), lines[to:]...)
	if len(out) == 0 {
		return nil, nil
	}
	return joinLines(out), nil
}

// Blocks maps each of rtgit's marker blocks in doc, outside fenced code,
// to the text between its markers. A block whose markers do not pair is
// left out; checking the outline reports it.
func Blocks(doc []byte) map[string]string {
	out := map[string]string{}
	lines := splitLines(doc)
	fenced := fencedLines(lines)
	for _, key := range blockKeys(lines, fenced) {
		start, end, err := findBlockFenced(lines, fenced, key)
		if err != nil || start < 0 {
			continue
		}
		out[key] = strings.Join(lines[start+1:end], "\n")
	}
	return out
}
