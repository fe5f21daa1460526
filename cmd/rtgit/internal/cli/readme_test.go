package cli

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// The README's command table is where a new user looks first: every
// command rtgit has, subcommands included, has a row in it.
func TestReadmeTableListsEveryCommand(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	root := newRoot(Streams{In: strings.NewReader(""), Out: io.Discard, Err: io.Discard})
	root.InitDefaultCompletionCmd()
	var walk func(c *cobra.Command, path string)
	walk = func(c *cobra.Command, path string) {
		for _, sub := range c.Commands() {
			if !sub.IsAvailableCommand() || sub.Name() == "help" || sub.Parent().Name() == "completion" {
				continue
			}
			name := path + " " + sub.Name()
			if !strings.Contains(readme, "\n| `"+name+"`") && !strings.Contains(readme, "\n| `"+name+" ") {
				t.Errorf("README.md's command table has no row for `%s`", name)
			}
			walk(sub, name)
		}
	}
	walk(root, "rtgit")
}

// The README promises that every command's --help shows an example.
func TestEveryCommandHelpHasAnExample(t *testing.T) {
	root := newRoot(Streams{In: strings.NewReader(""), Out: io.Discard, Err: io.Discard})
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		for _, sub := range c.Commands() {
			if !sub.IsAvailableCommand() || sub.Name() == "help" {
				continue
			}
			if !sub.HasExample() {
				t.Errorf("`%s --help` shows no example", sub.CommandPath())
			}
			walk(sub)
		}
	}
	walk(root)
}

// "Try it" promises a number of commands; its code block holds exactly
// that many, so a newcomer is not surprised by a third.
func TestReadmeTryItHoldsTheCommandsItCounts(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	s := string(data)
	i := strings.Index(s, "## Try it")
	if i < 0 {
		t.Fatal("README.md has no \"## Try it\"")
	}
	s = s[i:]
	open := strings.Index(s, "```sh\n")
	end := strings.Index(s[open+6:], "```")
	if open < 0 || end < 0 {
		t.Fatal("\"Try it\" has no sh block")
	}
	var cmds []string
	for _, line := range strings.Split(s[open+6:open+6+end], "\n") {
		if strings.TrimSpace(line) != "" {
			cmds = append(cmds, line)
		}
	}
	if !strings.Contains(s[:open], "Two commands") || len(cmds) != 2 {
		t.Errorf("\"Try it\" says two commands and shows %d: %q", len(cmds), cmds)
	}
	for _, c := range cmds {
		if !strings.Contains(c, "#") {
			t.Errorf("%q does not say what it does or how long it takes", c)
		}
	}
}
