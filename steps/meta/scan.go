package meta

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// The parser splits objects and arrays with this scanner rather than
// encoding/json's Decoder: document has already checked the whole input,
// so a value's extent is found by counting brackets outside strings.
// Reading a meta.json token by token through the Decoder was most of its
// cost, and rtgit verify and status read every merged analysis's.

// skipSpace returns the index of the first byte at or after i that is not
// JSON whitespace.
func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// skipString returns the index just past the string starting at b[i] (a
// quote).
func skipString(b []byte, i int) (int, error) {
	for j := i + 1; j < len(b); {
		// Jump to the next quote or backslash: strings are most of a
		// meta.json's bytes.
		k := bytes.IndexAny(b[j:], "\"\\")
		if k < 0 {
			break
		}
		j += k
		if b[j] == '"' {
			return j + 1, nil
		}
		j += 2
	}
	return 0, fmt.Errorf("unterminated string")
}

// skipValue returns the index just past the value starting at b[i].
func skipValue(b []byte, i int) (int, error) {
	if i >= len(b) {
		return 0, fmt.Errorf("missing value")
	}
	switch b[i] {
	case '"':
		return skipString(b, i)
	case '{', '[':
		depth := 0
		for j := i; j < len(b); j++ {
			switch b[j] {
			case '"':
				end, err := skipString(b, j)
				if err != nil {
					return 0, err
				}
				j = end - 1
			case '{', '[':
				depth++
			case '}', ']':
				if depth--; depth == 0 {
					return j + 1, nil
				}
			}
		}
		return 0, fmt.Errorf("unterminated %c", b[i])
	}
	j := i
	for j < len(b) && b[j] != ',' && b[j] != '}' && b[j] != ']' && b[j] != ' ' && b[j] != '\t' && b[j] != '\n' && b[j] != '\r' {
		j++
	}
	if j == i {
		return 0, fmt.Errorf("missing value")
	}
	return j, nil
}

// split calls each with the offset in b of every member of the object (key
// set) or element of the array (key false) that b holds, and the value.
func split(b []byte, key bool, each func(name []byte, start, end int) error) error {
	i := skipSpace(b, 1) // past the bracket
	for i < len(b) && b[i] != '}' && b[i] != ']' {
		var name []byte
		if key {
			end, err := skipString(b, i)
			if err != nil {
				return err
			}
			name = b[i:end]
			if i = skipSpace(b, end); i >= len(b) || b[i] != ':' {
				return fmt.Errorf("missing colon")
			}
			i = skipSpace(b, i+1)
		}
		end, err := skipValue(b, i)
		if err != nil {
			return err
		}
		if err := each(name, i, end); err != nil {
			return err
		}
		if i = skipSpace(b, end); i < len(b) && b[i] == ',' {
			i = skipSpace(b, i+1)
		}
	}
	return nil
}

// unquote decodes a JSON string; one with no escape is its bytes.
func unquote(s []byte) (string, error) {
	for _, c := range s[1 : len(s)-1] {
		if c == '\\' {
			var out string
			err := json.Unmarshal(s, &out)
			return out, err
		}
	}
	return string(s[1 : len(s)-1]), nil
}
