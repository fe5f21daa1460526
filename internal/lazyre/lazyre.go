// Package lazyre is a regular expression compiled the first time it is
// used rather than when its package is initialised.
//
// rtgit is one binary for every command, and Go initialises every package
// it links before main runs: the hundreds of expressions the analysis
// steps, the scan and the models hold took most of the process's start,
// paid by commands that use none of them (`rtgit verify`, `rtgit status`).
// A package-level expression is declared with New instead of
// regexp.MustCompile; its methods are the regexp.Regexp ones it is used
// with, and compile it on the first call. A bad expression still panics,
// on first use instead of at start, and the tests of its package use it.
package lazyre

import (
	"regexp"
	"sync"
)

// Regexp is a regular expression compiled once, on first use. It is safe
// for concurrent use, as regexp.Regexp is.
type Regexp struct {
	expr string
	re   func() *regexp.Regexp
}

// New returns expr, to be compiled with regexp.MustCompile when first used.
func New(expr string) *Regexp {
	return &Regexp{expr: expr, re: sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })}
}

// Regexp is the compiled expression, for an API that takes one.
func (r *Regexp) Regexp() *regexp.Regexp { return r.re() }

// String is the source text, without compiling it.
func (r *Regexp) String() string { return r.expr }

func (r *Regexp) Match(b []byte) bool                  { return r.re().Match(b) }
func (r *Regexp) MatchString(s string) bool            { return r.re().MatchString(s) }
func (r *Regexp) Find(b []byte) []byte                 { return r.re().Find(b) }
func (r *Regexp) FindIndex(b []byte) []int             { return r.re().FindIndex(b) }
func (r *Regexp) FindString(s string) string           { return r.re().FindString(s) }
func (r *Regexp) FindStringIndex(s string) []int       { return r.re().FindStringIndex(s) }
func (r *Regexp) FindSubmatch(b []byte) [][]byte       { return r.re().FindSubmatch(b) }
func (r *Regexp) FindSubmatchIndex(b []byte) []int     { return r.re().FindSubmatchIndex(b) }
func (r *Regexp) FindStringSubmatch(s string) []string { return r.re().FindStringSubmatch(s) }
func (r *Regexp) FindStringSubmatchIndex(s string) []int {
	return r.re().FindStringSubmatchIndex(s)
}
func (r *Regexp) FindAll(b []byte, n int) [][]byte           { return r.re().FindAll(b, n) }
func (r *Regexp) FindAllIndex(b []byte, n int) [][]int       { return r.re().FindAllIndex(b, n) }
func (r *Regexp) FindAllString(s string, n int) []string     { return r.re().FindAllString(s, n) }
func (r *Regexp) FindAllStringIndex(s string, n int) [][]int { return r.re().FindAllStringIndex(s, n) }
func (r *Regexp) FindAllSubmatch(b []byte, n int) [][][]byte {
	return r.re().FindAllSubmatch(b, n)
}
func (r *Regexp) FindAllSubmatchIndex(b []byte, n int) [][]int {
	return r.re().FindAllSubmatchIndex(b, n)
}
func (r *Regexp) FindAllStringSubmatch(s string, n int) [][]string {
	return r.re().FindAllStringSubmatch(s, n)
}
func (r *Regexp) FindAllStringSubmatchIndex(s string, n int) [][]int {
	return r.re().FindAllStringSubmatchIndex(s, n)
}
func (r *Regexp) ReplaceAll(src, repl []byte) []byte { return r.re().ReplaceAll(src, repl) }
func (r *Regexp) ReplaceAllFunc(src []byte, repl func([]byte) []byte) []byte {
	return r.re().ReplaceAllFunc(src, repl)
}
func (r *Regexp) ReplaceAllString(src, repl string) string { return r.re().ReplaceAllString(src, repl) }
func (r *Regexp) ReplaceAllLiteralString(src, repl string) string {
	return r.re().ReplaceAllLiteralString(src, repl)
}
func (r *Regexp) ReplaceAllStringFunc(src string, repl func(string) string) string {
	return r.re().ReplaceAllStringFunc(src, repl)
}
func (r *Regexp) Split(s string, n int) []string { return r.re().Split(s, n) }
func (r *Regexp) SubexpNames() []string          { return r.re().SubexpNames() }
func (r *Regexp) SubexpIndex(name string) int    { return r.re().SubexpIndex(name) }
func (r *Regexp) NumSubexp() int                 { return r.re().NumSubexp() }
