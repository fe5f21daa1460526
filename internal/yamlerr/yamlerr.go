// Package yamlerr words the errors of gopkg.in/yaml.v3 the way rtgit
// reports bad input: "path:line: what is wrong", in the words of the file
// (an unknown key, text where a list goes), never by the Go type the
// value was to be read into.
package yamlerr

import (
	"errors"
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/rtgit/rtgit/internal/lazyre"
)

var (
	unknownFieldRe = lazyre.New(`^line (\d+): field (.+?) not found in type .+$`)
	wrongKindRe    = lazyre.New(`^line (\d+): cannot unmarshal !!(\w+)(?: .*)? into (.+)$`)
)

// At is err as "path:N: msg", or "path: msg" when yaml.v3 gave no line.
// Of several type errors, the first is reported: fixing it is the next
// step, and the file is read again after.
func At(path string, err error) error {
	return fmt.Errorf("%s:%s", path, Line(err))
}

// Line is err as "N: msg", or " msg" when it names no line, ready to
// follow a path and a colon.
func Line(err error) string {
	var te *yaml.TypeError
	if errors.As(err, &te) && len(te.Errors) > 0 {
		return typeError(te.Errors[0])
	}
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	if rest, ok := strings.CutPrefix(msg, "line "); ok {
		return rest
	}
	return " " + msg
}

func typeError(e string) string {
	if m := unknownFieldRe.FindStringSubmatch(e); m != nil {
		return fmt.Sprintf("%s: unknown key %q", m[1], m[2])
	}
	if m := wrongKindRe.FindStringSubmatch(e); m != nil {
		return fmt.Sprintf("%s: want %s here, not %s", m[1], goKind(m[3]), yamlKind(m[2]))
	}
	if rest, ok := strings.CutPrefix(e, "line "); ok {
		return rest
	}
	return " " + e
}

// yamlKind names a YAML tag as a person reads the value.
func yamlKind(tag string) string {
	switch tag {
	case "seq":
		return "a list"
	case "map":
		return "keys"
	case "int", "float":
		return "a number"
	case "bool":
		return "true or false"
	}
	return "text"
}

// goKind names what a Go type holds as a person would write it.
func goKind(typ string) string {
	typ = strings.TrimPrefix(typ, "*")
	switch {
	case strings.HasPrefix(typ, "[]"):
		return "a list"
	case typ == "string":
		return "text"
	case typ == "bool":
		return "true or false"
	case strings.HasPrefix(typ, "int") || strings.HasPrefix(typ, "uint") || strings.HasPrefix(typ, "float"):
		return "a number"
	}
	return "keys"
}
