// Package mcpserver serves rtgit's analyses to coding agents over the
// Model Context Protocol: a few read tools whose answers are sized to
// the question (the analyses, one analysis's summary, the tasks ready to
// build with exactly the context each needs, one item by id, the
// readiness check), the artifacts as resources, and one write, a comment
// on the open step, only when the server was started to allow it.
//
// It owns the tool surface, the payloads and their size bounds. What it
// serves comes through Backend, which the CLI implements with the same
// packages every command reads analyses with; nothing here touches git
// or the files.
package mcpserver

import (
	"context"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/rtgit/rtgit/internal/lazyre"
	"github.com/rtgit/rtgit/model"
)

// Backend is what the server reads analyses through, and the one write.
type Backend interface {
	// List is every analysis the repository holds.
	List() ([]Row, error)
	// Load reads one analysis; an unknown slug is an error.
	Load(slug string) (*Analysis, error)
	// Check is the build-readiness gate, as `rtgit check` runs it.
	Check(slug string) (*Check, error)
	// Artifacts names the files of the analysis's folder, the resources;
	// cheaper than Load, which reads the whole analysis.
	Artifacts(slug string) ([]string, error)
	// Artifact is one file of the analysis's folder, by a name Artifacts
	// lists.
	Artifact(slug, name string) ([]byte, error)
	// Comment handles text exactly as `rtgit comment` does, committing
	// what it records, and returns what the persona replied.
	Comment(slug, text string) (string, error)
}

// Options are the server's settings.
type Options struct {
	// AllowWrite registers the comment tool; without it the server
	// changes nothing.
	AllowWrite bool
	// Version is rtgit's version, reported to the client.
	Version string
}

// Limits on what a payload holds, so that an answer never fills an
// agent's context unasked: every list and text past its bound is cut and
// says how to get the rest.
const (
	maxText    = 1200 // characters of one text field
	maxList    = 50   // rows of a list
	maxTasks   = 10   // tasks in one ready_tasks answer
	maxPayload = 8000 // bytes of one task with its context
	maxArg     = 4096 // bytes of one argument (a comment's text has its own limit)
)

var (
	slugRe = lazyre.New(`^[a-z0-9][a-z0-9-]{0,79}$`)
	// otherIDRe is the rest of what get looks up besides the analysis's
	// own ids (model.IsID): tasks, questions, decision records, and the
	// names of modules, operations and files.
	otherIDRe = lazyre.New(`^(?:T\d{3,4}|Q-\d{3,4}|ADR-\d{4}|[A-Za-z0-9_./-]{1,120})$`)
)

// knownID reports whether id has the form of an id get looks up.
func knownID(id string) bool { return model.IsID(id) || otherIDRe.MatchString(id) }

// New builds the server; Run serves it.
func New(b Backend, o Options) *mcp.Server {
	version := o.Version
	if version == "" {
		version = "devel"
	}
	s := mcp.NewServer(&mcp.Implementation{Name: "rtgit", Version: version}, &mcp.ServerOptions{
		Instructions: "rtgit analyses: requirements, design and a build plan for a change. Start with ready_tasks; fetch ids with get.",
	})
	h := &handlers{b: b}
	h.register(s, o.AllowWrite)
	h.resources(s)
	return s
}

// Run serves the server over standard input and output until the client
// disconnects or ctx ends.
func Run(ctx context.Context, b Backend, o Options) error {
	return New(b, o).Run(ctx, &mcp.StdioTransport{})
}

// badInput is a protocol error naming what is wrong with an argument.
func badInput(format string, args ...any) error {
	return &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: fmt.Sprintf(format, args...)}
}

func checkSlug(slug string) error {
	if !slugRe.MatchString(slug) {
		return badInput("slug %q is not an analysis slug (lower-case letters, digits and dashes)", clip(slug, 100))
	}
	return nil
}
