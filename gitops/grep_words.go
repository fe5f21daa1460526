package gitops

import "bytes"

// countWords counts the occurrences of term in lower (data folded to lower
// case, offsets unchanged) that stand as a word or an identifier part.
// It costs what bytes.Count costs: the checks run only where the term
// occurs.
func countWords(data, lower, term []byte) int {
	needle, match := term, func(at int) bool { return wordAt(data, at, at+len(term)) }
	if yStem(term) {
		// Search the stem without the y, which the -ies and -ied forms
		// share with the term itself.
		needle = term[:len(term)-1]
		match = func(at int) bool { return yWordAt(data, lower, at, at+len(needle)) }
	}
	n := 0
	for from := 0; ; {
		i := bytes.Index(lower[from:], needle)
		if i < 0 {
			return n
		}
		at := from + i
		if match(at) {
			n++
		}
		from = at + 1
	}
}

// yStem reports whether term ends in a consonant and y, the words whose
// inflections turn the y into i: category, categories; retry, retried.
func yStem(term []byte) bool {
	n := len(term)
	return n >= 3 && term[n-1] == 'y' && isLower(term[n-2]) && !bytes.ContainsRune([]byte("aeiouy"), rune(term[n-2]))
}

// yInflections follow a -y term's stem in place of its y. "ie" is the
// singular an -ies plural may come from instead (cookies: cookie), so
// the term a plural was reduced to finds it either way.
var yInflections = [][]byte{[]byte("ies"), []byte("ied"), []byte("ier"), []byte("iers"), []byte("ie")}

// yWordAt is wordAt for a consonant-y term whose stem (the term without
// its y) occurs at data[start:end]: the y itself, or one of its -i forms,
// must follow.
func yWordAt(data, lower []byte, start, end int) bool {
	if !startsPart(data, start) || end >= len(data) {
		return false
	}
	if lower[end] == 'y' {
		return wordAt(data, start, end+1)
	}
	for _, inf := range yInflections {
		if e := end + len(inf); e <= len(data) && bytes.Equal(lower[end:e], inf) && endsPart(data, e) {
			return true
		}
	}
	return false
}

// inflections may follow a term and still count as the same word:
// "invoice" finds invoices and invoiced, "handle" handler.
var inflections = [][]byte{[]byte("s"), []byte("es"), []byte("ed"), []byte("d"), []byte("ing"), []byte("er"), []byte("ers")}

// wordAt reports whether data[start:end] starts and ends at a word or
// identifier-part boundary: not inside a longer word ("copy" in
// Copyright), but at a camelCase, snake_case or dotted seam (deepCopy,
// copy_file, obj.copy). A regular inflection may follow the term.
func wordAt(data []byte, start, end int) bool {
	if !startsPart(data, start) {
		return false
	}
	if endsPart(data, end) {
		return true
	}
	for _, inf := range inflections {
		if e := end + len(inf); e <= len(data) && bytes.Equal(data[end:e], inf) && endsPart(data, e) {
			return true
		}
	}
	return false
}

// startsPart: the byte at i begins a word or identifier part.
func startsPart(data []byte, i int) bool {
	if i == 0 || !isAlnum(data[i-1]) || !isAlnum(data[i]) {
		return true
	}
	prev, cur := data[i-1], data[i]
	switch {
	case isUpper(cur) && !isUpper(prev): // fooBar, v2Bar
		return true
	case isUpper(cur) && isUpper(prev): // HTTPServer: S starts Server
		return i+1 < len(data) && isLower(data[i+1])
	case isDigit(cur) != isDigit(prev): // utf8, v2
		return true
	}
	return false
}

// endsPart: the word or identifier part ends just before i.
func endsPart(data []byte, i int) bool {
	if i >= len(data) || !isAlnum(data[i]) || !isAlnum(data[i-1]) {
		return true
	}
	prev, next := data[i-1], data[i]
	switch {
	case isUpper(next) && !isUpper(prev): // fooBar
		return true
	case isUpper(next) && isUpper(prev): // HTTPServer: HTTP ends before S
		return i+1 < len(data) && isLower(data[i+1])
	case isDigit(next) != isDigit(prev):
		return true
	}
	return false
}

func isUpper(c byte) bool { return 'A' <= c && c <= 'Z' }
func isLower(c byte) bool { return 'a' <= c && c <= 'z' }
func isDigit(c byte) bool { return '0' <= c && c <= '9' }
func isAlnum(c byte) bool { return isUpper(c) || isLower(c) || isDigit(c) }
