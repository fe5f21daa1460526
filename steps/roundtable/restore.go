package roundtable

import (
	"bytes"
	"errors"
	"os"
	"slices"
)

// keepEdits is how a rebuild treats uncommitted changes to the files it
// writes. A change that only removed text (a deleted artifact, a deleted
// marker block) is damage the render repairs: every line the person left
// is still in what rtgit writes, so the file is written. A change that
// added or altered text would be overwritten: that file is left exactly as
// it is, out of the commit, and named. Outside a rebuild it does nothing,
// and check refuses dirty files as before.
func (c *changeset) keepEdits() ([]string, error) {
	if !c.restoring {
		return nil, nil
	}
	var kept, order []string
	for _, rel := range c.order {
		if c.userOwned[rel] || c.removed[rel] {
			order = append(order, rel)
			continue
		}
		wt, err := c.m.readFile(rel)
		if errors.Is(err, os.ErrNotExist) {
			order = append(order, rel)
			continue
		}
		if err != nil {
			return nil, err
		}
		head, err := c.m.Repo.ReadFileAt("HEAD", rel)
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			return nil, err
		}
		data := c.files[rel]
		if (head != nil && bytes.Equal(wt, head)) || bytes.Equal(wt, data) || keepsEveryLine(wt, data) {
			c.userOwned[rel] = true // checked here; check need not refuse it
			order = append(order, rel)
			continue
		}
		kept = append(kept, rel)
		delete(c.files, rel)
	}
	c.order = order
	return kept, nil
}

// keepsEveryLine reports whether every line of have is in want, in order:
// writing want loses nothing have says.
func keepsEveryLine(have, want []byte) bool {
	wl := bytes.Split(want, []byte("\n"))
	i := 0
	for _, l := range bytes.Split(have, []byte("\n")) {
		if len(bytes.TrimSpace(l)) == 0 {
			continue
		}
		j := slices.IndexFunc(wl[i:], func(w []byte) bool { return bytes.Equal(w, l) })
		if j < 0 {
			return false
		}
		i += j + 1
	}
	return true
}
