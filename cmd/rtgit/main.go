// Command rtgit runs a roundtable requirements analysis inside a git
// repository. See the README for a tour.
package main

import (
	"os"

	"github.com/rtgit/rtgit/cmd/rtgit/internal/cli"
)

func main() {
	os.Exit(cli.Main(os.Args[1:]))
}
