package model

import (
	"fmt"
	"path"
	"strings"

	"github.com/rtgit/rtgit/internal/lazyre"
	"github.com/rtgit/rtgit/internal/nearest"
)

// FilesQuestion is the question whose answer is the Directly Affected
// Files as a person confirmed them: one file per line, its kind of change
// first. Like the build plan's tasks answer, the draft is derived (from
// the quick scan and the answers) and what the person leaves is the list.
const FilesQuestion = "affected_files"

// The words a files line may start with, and the change each means. The
// table's own words come first; the others are what people write.
var fileKinds = map[string]string{
	"modify": ChangeModify, "modified": ChangeModify, "change": ChangeModify, "changed": ChangeModify, "edit": ChangeModify, "update": ChangeModify,
	"new": ChangeNew, "add": ChangeNew, "added": ChangeNew, "create": ChangeNew,
	"delete": ChangeDelete, "deleted": ChangeDelete, "remove": ChangeDelete, "removed": ChangeDelete,
	"read-only": ChangeReadOnly, "readonly": ChangeReadOnly, "read": ChangeReadOnly, "unchanged": ChangeReadOnly,
}

// fileLine is one line of the files answer: an optional list marker, the
// kind, a colon or not, the path (in backticks or not), and then why,
// after " -- " (or " - ", ": ", " — ", or nothing).
var fileLine = lazyre.New("^\\s*(?:[-*+]\\s+|\\d+[.)]\\s+)?(?:\\*\\*)?([A-Za-z-]+)(?:\\*\\*)?:?\\s+(`[^`\\n]+`|[^\\s,;:]+)[,;:]?\\s*(.*)$")

// kindWords are the kinds, for the "did you mean" of a mistyped one.
var kindWords = []string{"modify", "new", "delete", "read-only"}

// noneAnswer is a files answer that lists no file.
var noneAnswer = lazyre.New(`(?i)^\W*(none|no files?|nothing)\b`)

// FileProblem is a line of the files answer rtgit cannot take as it is.
type FileProblem struct {
	Line int // 1-based, in the answer text
	Msg  string
}

// Lister is a Tree that can also list a folder's files, for the "did you
// mean" of a path it does not hold.
type Lister interface {
	Tree
	Files(dir string) []string
}

// FormatFiles writes rows in the files answer's line format: the draft a
// person confirms or edits.
func FormatFiles(rows []AffectedFile) string {
	var b strings.Builder
	for _, r := range rows {
		why := r.Why
		if why == "" && len(r.From) > 0 {
			verb := "named in "
			if r.Change == ChangeReadOnly {
				verb = "said to stay as it is in "
			}
			why = verb + strings.Join(r.From, ", ")
		}
		fmt.Fprintf(&b, "%s `%s`", r.Change, r.Path)
		if why != "" {
			fmt.Fprintf(&b, " -- %s", why)
		}
		b.WriteByte('\n')
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// ReadFilesAnswer reads a files answer into rows, checking each path
// against tree (nil: unchecked). A line that starts with a kind of change
// and a path is a row; any other line is the person's note and is kept
// out of the table without complaint; a row whose path the base commit
// cannot hold (a file said to change that is not there, a new file that
// is, a folder that does not exist) is a problem at its line, with the
// nearest real file as "did you mean". "None" lists no file.
func ReadFilesAnswer(text string, tree Tree) ([]AffectedFile, []FileProblem) {
	var rows []AffectedFile
	var probs []FileProblem
	seen := map[string]int{}
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	if len(lines) > 0 && noneAnswer.MatchString(lines[0]) && !fileLine.MatchString(lines[0]) {
		return nil, nil
	}
	for i, l := range lines {
		m := fileLine.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		change, ok := fileKinds[strings.ToLower(m[1])]
		p := strings.Trim(m[2], "`")
		if !ok {
			// Prose is the person's note; a mistyped kind before a
			// file is not.
			if near := nearest.Words(strings.ToLower(m[1]), kindWords); len(near) > 0 && looksLikePath(p) && hasFileName(p) {
				probs = append(probs, FileProblem{i + 1, fmt.Sprintf("%q is not a kind of change; did you mean %s? (modify, new, delete or read-only)", m[1], near[0])})
			}
			continue
		}
		quoted := strings.HasPrefix(m[2], "`")
		if !quoted && !hasFileName(p) && (tree == nil || !tree.File(p)) {
			continue // a sentence that starts with "New" or "Read"
		}
		if !looksLikePath(p) {
			probs = append(probs, FileProblem{i + 1, fmt.Sprintf("%q is not a path of this repository; name a file, such as `src/app.py`", p)})
			continue
		}
		if msg := checkRow(tree, p, change); msg != "" {
			probs = append(probs, FileProblem{i + 1, msg})
			continue
		}
		if at, dup := seen[p]; dup {
			probs = append(probs, FileProblem{i + 1, fmt.Sprintf("%s is already on line %d", p, at)})
			continue
		}
		seen[p] = i + 1
		rows = append(rows, AffectedFile{Path: p, Module: path.Dir(p), From: []string{FilesQuestion}, Change: change, Why: strings.TrimSpace(strings.TrimLeft(m[3], "-—–: "))})
	}
	return rows, probs
}

// looksLikePath: a relative slash path with a file name, no spaces, no
// parent steps.
func looksLikePath(p string) bool {
	return p != "" && !strings.HasPrefix(p, "/") && !strings.Contains(p, "..") && !strings.ContainsAny(p, " \t\\|{}()[]<>\"'") &&
		path.Clean(p) == p && path.Base(p) != "."
}

// hasFileName: a path with a folder or an extension, as a file's name is
// told from a word.
func hasFileName(p string) bool { return strings.Contains(p, "/") || extRe.MatchString(p) }

// checkRow says what is wrong with a row against the tree, "" when
// nothing is.
func checkRow(tree Tree, p, change string) string {
	if tree == nil {
		return ""
	}
	dir := path.Dir(p)
	if change == ChangeNew {
		switch {
		case tree.File(p):
			return fmt.Sprintf("%s exists at the analysis's base commit; a file that changes is modify", p)
		case dir != "." && !tree.Dir(dir) && !tree.Dir(path.Dir(dir)) && path.Dir(dir) != ".":
			return fmt.Sprintf("neither the folder %s nor %s exists at the analysis's base commit", dir, path.Dir(dir))
		}
		return ""
	}
	if tree.File(p) {
		return ""
	}
	msg := fmt.Sprintf("%s is not a file at the analysis's base commit", p)
	if tree.Dir(p) {
		return msg + "; it is a folder: name its files"
	}
	if l, ok := tree.(Lister); ok && (dir == "." || tree.Dir(dir)) {
		if near := nearest.Words(path.Base(p), l.Files(dir)); len(near) > 0 {
			return msg + "; did you mean " + path.Join(dir, near[0]) + "?"
		}
	}
	if change == ChangeModify {
		return msg + "; a file the change adds is new"
	}
	return msg
}
