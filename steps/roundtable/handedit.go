package roundtable

import (
	"fmt"
	"path"
	"slices"

	"github.com/rtgit/rtgit/steps/artifacts"
)

// handEdits renders the analysis again from its answers, as rebuild
// would, without writing anything, and names every marker block of a
// markdown artifact whose text differs from what the answers render: a
// hand edit inside rtgit's markers (a pushed FR-099 in the requirements)
// is not what anybody answered, nor what an approval's answers covered.
// Text a person writes outside the markers is theirs and is not
// compared. The replay starts from HEAD, so it runs only on the checked
// out analysis branch (rev ""); the quick scan's own blocks, which a
// replay reaches only with a new search, are not compared.
func (st *state) handEdits() ([]string, error) {
	c := st.m.changes()
	keep := st.meta
	scratch := *st.meta
	st.meta = &scratch
	defer func() { st.meta = keep }()
	if err := st.build(c, false); err != nil {
		return nil, err
	}
	var out []string
	paths := slices.Clone(c.order)
	slices.Sort(paths)
	for _, rel := range paths {
		want := c.files[rel]
		if path.Ext(rel) != ".md" || c.removed[rel] || want == nil {
			continue
		}
		have, err := st.read(rel)
		if err != nil {
			continue // a missing artifact is reported as missing
		}
		now := artifacts.Blocks(have)
		rendered := artifacts.Blocks(want)
		keys := make([]string, 0, len(rendered))
		for k := range rendered {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			if got, ok := now[k]; ok && artifacts.WithoutSignOff(got) != artifacts.WithoutSignOff(rendered[k]) {
				out = append(out, fmt.Sprintf("%s: the block %s is not what the answers render (edited by hand?); put the change in the answers, or run `rtgit rebuild %s`", rel, k, st.it.slug))
			}
		}
	}
	return out, nil
}
