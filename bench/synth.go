package main

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// Synthetic repositories are streamed into git fast-import, which packs
// them the way a clone arrives, and then checked out so the index and the
// worktree hold every file: git commit refreshes the whole index, so the
// baseline pays for a large worktree as a real one does.

// rareTerm is in one file in 500, commonTerm in one in 20, missingTerm in
// none: a scan finds a needle, a crowd and nothing.
const (
	rareTerm    = "invoice_export"
	commonTerm  = "customer"
	missingTerm = "zzyzx"
)

var scanTerms = []string{rareTerm, commonTerm, missingTerm}

// crowdTerms are the scan's worst case: "package" is in every file and
// "error" in nearly every one, so every file is a hit and the ranking's
// work per hit file (its kind, its name, its score) is done 100,000 times
// at 100k files, where the needle case does it a few thousand times.
var crowdTerms = []string{"package", "error", commonTerm}

// buildFiles creates a repository at dir with n files on main in one
// commit, followed by history commits that each rewrite one file.
func buildFiles(dir string, n, history int) {
	must("", "git", "init", "-q", "-b", "main", dir)
	importStream(dir, func(w io.Writer) {
		rng := rand.New(rand.NewPCG(uint64(n), 7))
		words := vocabulary(rng, 3000)
		for i := range n {
			blob(w, i+1, sourceFile(rng, words, i))
		}
		fmt.Fprintf(w, "commit refs/heads/main\n")
		committer(w, 0)
		message(w, fmt.Sprintf("import %d files", n))
		for i := range n {
			fmt.Fprintf(w, "M 100644 :%d %s\n", i+1, filePath(words, i))
		}
		fmt.Fprintln(w)
		for c := range history {
			i := rng.IntN(n)
			fmt.Fprintf(w, "commit refs/heads/main\n")
			committer(w, c+1)
			message(w, fmt.Sprintf("change %d", c))
			body := sourceFile(rng, words, i)
			fmt.Fprintf(w, "M 100644 inline %s\ndata %d\n%s\n\n", filePath(words, i), len(body), body)
		}
	})
	checkout(dir)
}

// checkout populates the index and worktree from main.
func checkout(dir string) {
	must(dir, "git", "checkout", "-q", "-f", "main")
}

// importStream feeds what write produces to git fast-import in dir.
func importStream(dir string, write func(io.Writer)) {
	cmd := exec.Command("git", "-C", dir, "fast-import", "--quiet")
	cmd.Env = append(os.Environ(), env...)
	in, err := cmd.StdinPipe()
	if err != nil {
		fatalf("fast-import: %v", err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		fatalf("fast-import: %v", err)
	}
	w := bufio.NewWriterSize(in, 1<<20)
	write(w)
	if err := w.Flush(); err != nil {
		fatalf("fast-import: %v", err)
	}
	in.Close()
	if err := cmd.Wait(); err != nil {
		fatalf("fast-import: %v", err)
	}
}

func blob(w io.Writer, mark int, body string) {
	fmt.Fprintf(w, "blob\nmark :%d\ndata %d\n%s\n", mark, len(body), body)
}

// committer dates commits a minute apart, so history has an order.
func committer(w io.Writer, i int) {
	fmt.Fprintf(w, "committer Bench <bench@example.com> %d +0000\n", 1700000000+60*i)
}

func message(w io.Writer, m string) {
	fmt.Fprintf(w, "data %d\n%s\n", len(m), m)
}

// filePath spreads files over 37 services of up to 211 packages each, a
// few hundred files per directory at most.
func filePath(words []string, i int) string {
	return fmt.Sprintf("svc%02d/pkg%03d/%s_%d.go", i%37, (i/37)%211, words[i%len(words)], i)
}

func vocabulary(rng *rand.Rand, n int) []string {
	out := make([]string, n)
	for i := range out {
		b := make([]byte, 3+rng.IntN(8))
		for j := range b {
			b[j] = byte('a' + rng.IntN(26))
		}
		out[i] = string(b)
	}
	return out
}

// sourceFile is about 1.5 KB of Go-shaped text.
func sourceFile(rng *rand.Rand, words []string, i int) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "package %s\n\n", words[i%97])
	pick := func() string { return words[rng.IntN(len(words))] }
	for l := range 20 + rng.IntN(40) {
		switch l % 4 {
		case 0:
			name := pick()
			fmt.Fprintf(&sb, "func %s%s(%s int) error {\n", strings.ToUpper(name[:1]), name[1:], pick())
		case 1:
			fmt.Fprintf(&sb, "\t%s := %s.%s(%d)\n", pick(), pick(), pick(), rng.IntN(1000))
		case 2:
			fmt.Fprintf(&sb, "\t// %s %s %s\n", pick(), pick(), pick())
		default:
			sb.WriteString("}\n")
		}
	}
	if i%500 == 7 {
		sb.WriteString("// see " + rareTerm + "\n")
	}
	if i%20 == 3 {
		sb.WriteString("var Customer = 1\n")
	}
	return sb.String()
}

// addAnalyses creates branches rtgit/<prefix>-NNNN for i in [from, to),
// each one commit on top of main holding the files of a real analysis
// (proto, read from branch rtgit/<protoSlug>) with the slug replaced.
func addAnalyses(dir, protoSlug, prefix string, from, to int) {
	base := "docs/requirements/" + protoSlug + "/"
	names := strings.Fields(must(dir, "git", "ls-tree", "-r", "--name-only", "rtgit/"+protoSlug, "--", base))
	proto := map[string]string{}
	for _, n := range names {
		proto[n] = must(dir, "git", "show", "rtgit/"+protoSlug+":"+n)
	}
	importStream(dir, func(w io.Writer) {
		for i := from; i < to; i++ {
			slug := fmt.Sprintf("%s-%04d", prefix, i)
			fmt.Fprintf(w, "commit refs/heads/rtgit/%s\n", slug)
			committer(w, i)
			message(w, "rtgit: start analysis "+slug)
			fmt.Fprintf(w, "from refs/heads/main^0\n")
			for _, n := range names {
				body := strings.ReplaceAll(proto[n], protoSlug, slug)
				p := strings.ReplaceAll(n, protoSlug, slug)
				fmt.Fprintf(w, "M 100644 inline %s\ndata %d\n%s\n", p, len(body), body)
			}
			fmt.Fprintln(w)
		}
	})
}

func exists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

func join(parts ...string) string { return filepath.Join(parts...) }
