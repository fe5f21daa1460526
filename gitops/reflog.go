package gitops

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
)

// logRefUpdate appends to the reflogs git keeps for ref (and for HEAD when
// HEAD follows it). go-git writes no reflogs; without these, a user could
// not find or undo rtgit's commits with `git reflog` the way they can
// their own. It is best effort: the ref has already moved, and a missing
// log line must not turn a successful commit into an error.
func (r *Repo) logRefUpdate(ref plumbing.ReferenceName, old, next plumbing.Hash, msg string, head bool) {
	line := r.reflogLine(old, next, msg)
	appendLine(filepath.Join(r.commonDir, "logs", filepath.FromSlash(ref.String())), line)
	if head {
		appendLine(filepath.Join(r.gitDir, "logs", "HEAD"), line)
	}
}

// logHead records a move of HEAD itself, such as switching branches.
func (r *Repo) logHead(old, next plumbing.Hash, msg string) {
	appendLine(filepath.Join(r.gitDir, "logs", "HEAD"), r.reflogLine(old, next, msg))
}

func (r *Repo) reflogLine(old, next plumbing.Hash, msg string) string {
	name, email := r.Author()
	now := time.Now()
	return fmt.Sprintf("%s %s %s <%s> %d %s\t%s\n",
		old, next, ident(name), ident(email), now.Unix(), now.Format("-0700"), oneLine(msg))
}

func appendLine(path, line string) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o666)
	if err != nil {
		return
	}
	defer f.Close()
	_, _ = f.WriteString(line)
}

// oneLine keeps a value from breaking the one-entry-per-line format.
func oneLine(s string) string {
	return strings.NewReplacer("\n", " ", "\r", " ").Replace(s)
}

// ident also keeps a name or email from breaking the "Name <email>" field.
func ident(s string) string {
	return strings.NewReplacer("<", "", ">", "").Replace(oneLine(s))
}
