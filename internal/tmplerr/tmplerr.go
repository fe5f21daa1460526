// Package tmplerr words the errors of text/template the way rtgit reports
// a broken template: "path:line: what is wrong", in the template's own
// terms (the action that failed, the field it names and the fields there
// are), never by the Go type the template is run on.
package tmplerr

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"text/template"

	"github.com/rtgit/rtgit/internal/lazyre"
)

var (
	// execRe splits text/template's "template: NAME:LINE:COL: executing
	// "NAME" at <ACTION>: MESSAGE". The column is dropped: rtgit names a
	// line, as it does for every other file.
	execRe = lazyre.New(`(?s)^template: (.*):(\d+):\d+: executing ".*?" at <(.*?)>: (.*)$`)
	// noFieldRe is a field the value at hand does not have, or keeps to
	// itself.
	noFieldRe    = lazyre.New(`^can't evaluate field (\w+) in type (.+)$`)
	unexportedRe = lazyre.New(`^(\w+) is an unexported field of struct type (.+)$`)
	nilRe        = lazyre.New(`^nil pointer evaluating .+\.(\w+)$`)
)

// Explain words err, from parsing a template or from executing it on
// data, as "name:line: what is wrong", where name is the name the
// template was parsed under (rtgit uses the file's path). An error it
// does not recognise loses only text/template's "template: " prefix.
func Explain(err error, data any) error {
	if err == nil {
		return nil
	}
	msg := strings.TrimPrefix(err.Error(), "template: ")
	var ee template.ExecError
	if !errors.As(err, &ee) {
		return errors.New(msg)
	}
	m := execRe.FindStringSubmatch(err.Error())
	if m == nil {
		return errors.New(msg)
	}
	name, line, action, what := m[1], m[2], "{{"+m[3]+"}}", m[4]
	return fmt.Errorf("%s:%s: %s: %s", name, line, action, reword(what, data))
}

// reword says what went wrong without the Go types involved.
func reword(what string, data any) string {
	if m := noFieldRe.FindStringSubmatch(what); m != nil {
		return noField(m[1], m[2], data)
	}
	if m := unexportedRe.FindStringSubmatch(what); m != nil {
		return noField(m[1], m[2], data)
	}
	if m := nilRe.FindStringSubmatch(what); m != nil {
		return fmt.Sprintf("there is nothing here to take %s from (use {{with}} to skip it when it is absent)", m[1])
	}
	return what
}

// noField says that field does not exist on the value of type typ, and
// what does: the fields there are, or what kind of value it is.
func noField(field, typ string, data any) string {
	s := fmt.Sprintf("there is no field %s here", field)
	t := find(reflect.TypeOf(data), strings.TrimLeft(typ, "*"))
	if t == nil {
		return s + describe(typ)
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct {
		return s + describe(t.String())
	}
	names := fields(t)
	if len(names) == 0 {
		return s
	}
	return s + "; the fields here are ." + strings.Join(names, ", .")
}

// describe names the kind of value a Go type holds, as a template author
// would reach it.
func describe(typ string) string {
	typ = strings.TrimLeft(typ, "*")
	switch {
	case strings.HasPrefix(typ, "[]"):
		return ": the value here is a list (use {{range}} to reach each item's fields)"
	case strings.HasPrefix(typ, "map["):
		return ": the value here holds keys, not fields"
	case typ == "string":
		return ": the value here is text, which has no fields"
	case typ == "bool":
		return ": the value here is true or false, which has no fields"
	case strings.HasPrefix(typ, "int") || strings.HasPrefix(typ, "uint") || strings.HasPrefix(typ, "float"):
		return ": the value here is a number, which has no fields"
	}
	return ""
}

// fields are the names a template can use after a dot on a value of
// struct type t: its exported fields, promoted ones included, and its
// exported methods.
func fields(t reflect.Type) []string {
	var names []string
	for _, f := range reflect.VisibleFields(t) {
		if f.IsExported() && !slices.Contains(names, f.Name) {
			names = append(names, f.Name)
		}
	}
	pt := reflect.PointerTo(t)
	for i := range pt.NumMethod() {
		if n := pt.Method(i).Name; !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	return names
}

// find looks for the type text/template named, among the types reachable
// from the data's: the fields, list items and map values a template can
// range or dot into.
func find(root reflect.Type, name string) reflect.Type {
	seen := map[reflect.Type]bool{}
	var walk func(t reflect.Type) reflect.Type
	walk = func(t reflect.Type) reflect.Type {
		if t == nil || seen[t] {
			return nil
		}
		seen[t] = true
		if t.String() == name {
			return t
		}
		switch t.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Array:
			return walk(t.Elem())
		case reflect.Map:
			return walk(t.Elem())
		case reflect.Struct:
			for _, f := range reflect.VisibleFields(t) {
				if !f.IsExported() {
					continue
				}
				if found := walk(f.Type); found != nil {
					return found
				}
			}
		}
		return nil
	}
	return walk(root)
}
