package roundtable

import (
	"errors"
	"io/fs"
	"os"
	"path"
	"strings"

	"github.com/rtgit/rtgit/steps/artifacts"
)

// checkOutline compares a markdown artifact with the template it was
// started from (a family such as adr-*.md uses adr.md), so a broken
// structure is never reported as ready. An output without a template has
// nothing to compare with.
func (st *state) checkOutline(output string, doc []byte) ([]string, error) {
	if path.Ext(output) != ".md" {
		return nil, nil
	}
	name := strings.Replace(path.Base(output), "-*", "", 1)
	tmpl, _, err := st.m.Templates.Read("artifacts/" + name)
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return artifacts.CheckOutline(tmpl, doc), nil
}
