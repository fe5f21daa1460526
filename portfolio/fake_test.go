package portfolio

import (
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
)

// mapReader is a Reader over rev → path → content.
type mapReader map[string]map[string]string

func (m mapReader) ReadFileAt(rev, p string) ([]byte, error) {
	if s, ok := m[rev][p]; ok {
		return []byte(s), nil
	}
	return nil, fmt.Errorf("%s:%s: %w", rev, p, fs.ErrNotExist)
}

func (m mapReader) ListFiles(rev, dir string) ([]string, error) {
	var out []string
	for p := range m[rev] {
		if path.Dir(p) == dir {
			out = append(out, path.Base(p))
		}
	}
	if out == nil {
		return nil, fmt.Errorf("%s:%s: %w", rev, dir, fs.ErrNotExist)
	}
	sort.Strings(out)
	return out, nil
}

func impact(rows ...string) string {
	var b strings.Builder
	b.WriteString("# Impact Analysis\n\n## 2. Directly Affected Files\n\n| File | Module | Impact | Change type |\n| --- | --- | --- | --- |\n")
	for _, r := range rows {
		file, mod, _ := strings.Cut(r, "@")
		fmt.Fprintf(&b, "| `%s` | %s | named in 02-01 radius | modify |\n", file, mod)
	}
	b.WriteString("\n## 3. Entry Points\n\n| `not/a/row.py` | x |\n")
	return b.String()
}
