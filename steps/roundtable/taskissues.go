package roundtable

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// RecordTaskIssues records in meta.json the issue each task of the build
// plan was published as, and commits it. Tasks no longer published are
// dropped; a record that already says the same commits nothing, and the
// commit is "".
func (m *Machine) RecordTaskIssues(slug string, issues map[string]int) (string, error) {
	st, unlock, err := m.begin(slug)
	if err != nil {
		return "", err
	}
	defer unlock()
	if maps.Equal(st.meta.TaskIssues, issues) || (len(st.meta.TaskIssues) == 0 && len(issues) == 0) {
		return "", nil
	}
	st.meta.TaskIssues = maps.Clone(issues)
	c := m.changes()
	if err := st.stageMeta(c); err != nil {
		return "", err
	}
	var ids []string
	for _, id := range slices.Sorted(maps.Keys(issues)) {
		ids = append(ids, fmt.Sprintf("%s #%d", id, issues[id]))
	}
	return c.commit(fmt.Sprintf("rtgit: %s's tasks published as issues\n\n%s", slug, strings.Join(ids, "\n")))
}
