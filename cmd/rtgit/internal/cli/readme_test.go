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
