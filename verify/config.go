package verify

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	"gopkg.in/yaml.v3"

	"github.com/rtgit/rtgit/internal/yamlerr"
)

// ParseConfig reads the verify section of a .rtgit/config.yaml document
// (nil: no file) read from source:
//
//	verify:
//	  levels:
//	    unplanned-file: error
//	    criterion-untested: note
//
// A rule it does not name keeps its default level. An unknown rule or
// level is an error naming source.
func ParseConfig(source string, data []byte) (Levels, error) {
	if data == nil {
		return Levels{}, nil
	}
	var f struct {
		Verify struct {
			Levels map[string]Level `yaml:"levels"`
		} `yaml:"verify"`
		Rest map[string]yaml.Node `yaml:",inline"`
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&f); err != nil && !errors.Is(err, io.EOF) {
		return Levels{}, yamlerr.At(source, err)
	}
	l := Levels(f.Verify.Levels)
	if l == nil {
		l = Levels{}
	}
	if err := l.Validate(); err != nil {
		return Levels{}, fmt.Errorf("%s: %w", source, err)
	}
	return l, nil
}
