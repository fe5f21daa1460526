package gitops

import (
	"bytes"
	"path/filepath"
	"strings"
)

// normalizesCRLF reports whether the repository asks git to store text
// with LF endings whatever the worktree holds: core.autocrlf true or input,
// from the repository's config, else the global one. It is read once per
// Repo.
func (r *Repo) normalizesCRLF() bool {
	r.eolOnce.Do(func() {
		files := append([]string{filepath.Join(r.commonDir, "config")}, globalConfigFiles()...)
		for _, path := range files {
			cfg := readConfig(path)
			if cfg == nil || !cfg.Section("core").HasOption("autocrlf") {
				continue
			}
			switch strings.ToLower(cfg.Section("core").Option("autocrlf")) {
			case "true", "yes", "on", "1", "input":
				r.eolIn = true
			}
			return
		}
	})
	return r.eolIn
}

// toGit is what git add stores for a file's bytes under the repository's
// line-ending settings: with autocrlf, CRLF becomes LF in text. Text is
// what git's own test calls it: no NUL byte and no CR outside a CRLF.
func (r *Repo) toGit(data []byte) []byte {
	if !bytes.Contains(data, []byte("\r\n")) || !r.normalizesCRLF() || bytes.IndexByte(data, 0) >= 0 {
		return data
	}
	if bytes.Count(data, []byte("\r")) != bytes.Count(data, []byte("\r\n")) {
		return data
	}
	return bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n"))
}
