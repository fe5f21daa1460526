package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/rogpeppe/go-internal/testscript"
)

// mcpCmd is a Model Context Protocol client for scenarios, the SDK's
// own, talking to `rtgit mcp` started as an agent starts it:
//
//	mcp [--config FILE] [--allow-write] tools   tool names, one a line, and the list's size in bytes
//	mcp [--allow-write] call TOOL JSON      the tool's text answer, or "error: …"
//	mcp resources                           every resource URI
//	mcp read URI                            the resource's text
//
// It runs in the scenario's directory, so `-C` is not needed. With
// --config it starts the server as the configuration file says, the way
// Claude Code reads .mcp.json.
func mcpCmd(ts *testscript.TestScript, neg bool, args []string) {
	server := []string{"mcp"}
	name := "rtgit"
	if len(args) > 1 && args[0] == "--config" {
		var cfg struct {
			Servers map[string]struct {
				Command string   `json:"command"`
				Args    []string `json:"args"`
			} `json:"mcpServers"`
		}
		if err := json.Unmarshal([]byte(ts.ReadFile(args[1])), &cfg); err != nil {
			ts.Fatalf("mcp: %s: %v", args[1], err)
		}
		s, ok := cfg.Servers["rtgit"]
		if !ok {
			ts.Fatalf("mcp: %s names no rtgit server", args[1])
		}
		name, server, args = s.Command, s.Args, args[2:]
	}
	if len(args) > 0 && args[0] == "--allow-write" {
		server, args = append(server, "--allow-write"), args[1:]
	}
	if len(args) == 0 {
		ts.Fatalf("usage: mcp [--allow-write] tools|call|resources|read ...")
	}
	// testscript puts the registered commands on the script's PATH.
	bin := filepath.Join(filepath.SplitList(ts.Getenv("PATH"))[0], name)
	cmd := exec.Command(bin, server...)
	cmd.Dir = ts.MkAbs(".")
	for _, k := range []string{"HOME", "GIT_CONFIG_GLOBAL", "GIT_CONFIG_NOSYSTEM", "TZ", "PATH"} {
		cmd.Env = append(cmd.Env, k+"="+ts.Getenv(k))
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	client := mcp.NewClient(&mcp.Implementation{Name: "rtgit-scenario", Version: "1"}, nil)
	cs, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		ts.Fatalf("mcp: connect: %v", err)
	}
	defer cs.Close()
	var out strings.Builder
	fail := func(err error) {
		fmt.Fprintf(&out, "error: %v\n", err)
	}
	switch args[0] {
	case "tools":
		res, err := cs.ListTools(ctx, nil)
		if err != nil {
			ts.Fatalf("mcp: tools/list: %v", err)
		}
		data, _ := json.Marshal(res)
		for _, t := range res.Tools {
			fmt.Fprintln(&out, t.Name)
		}
		fmt.Fprintf(&out, "tools/list: %d bytes\n", len(data))
	case "call":
		if len(args) != 3 {
			ts.Fatalf("usage: mcp call TOOL JSON")
		}
		var in map[string]any
		if err := json.Unmarshal([]byte(args[2]), &in); err != nil {
			ts.Fatalf("mcp call: arguments: %v", err)
		}
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: args[1], Arguments: in})
		if err != nil {
			fail(err)
			break
		}
		for _, c := range res.Content {
			if t, ok := c.(*mcp.TextContent); ok {
				if res.IsError {
					fmt.Fprint(&out, "error: ")
				}
				fmt.Fprintln(&out, t.Text)
				fmt.Fprintf(&out, "bytes: %d\n", len(t.Text))
			}
		}
	case "resources":
		res, err := cs.ListResources(ctx, nil)
		if err != nil {
			ts.Fatalf("mcp: resources/list: %v", err)
		}
		for _, r := range res.Resources {
			fmt.Fprintln(&out, r.URI)
		}
	case "read":
		res, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: args[1]})
		if err != nil {
			fail(err)
			break
		}
		for _, c := range res.Contents {
			fmt.Fprint(&out, c.Text)
		}
	default:
		ts.Fatalf("mcp: unknown verb %q", args[0])
	}
	ts.Stdout().Write([]byte(out.String()))
	if neg {
		ts.Fatalf("mcp does not take !")
	}
}
