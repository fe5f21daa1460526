package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// mcpConfigs are the project-level files the major coding agents read
// their MCP servers from, and the key each keeps its servers under:
// Claude Code's .mcp.json, Cursor's .cursor/mcp.json, VS Code's (GitHub
// Copilot's) .vscode/mcp.json and Kiro's .kiro/settings/mcp.json.
var mcpConfigs = []struct{ path, key string }{
	{".mcp.json", "mcpServers"},
	{".cursor/mcp.json", "mcpServers"},
	{".vscode/mcp.json", "servers"},
	{".kiro/settings/mcp.json", "mcpServers"},
}

// runInitMCP adds rtgit's server to each agent's project configuration.
// A file that exists keeps every other server and setting; one that
// already names an rtgit server is left alone.
func runInitMCP(o *initOptions, s Streams) error {
	ws, err := openWorkspace(o.dir, true)
	if err != nil {
		return err
	}
	server := map[string]any{"command": "rtgit", "args": []string{"mcp"}}
	// Every file is read before any is written, so one that cannot be
	// read leaves them all as they were.
	docs := make([]map[string]any, len(mcpConfigs))
	for i, c := range mcpConfigs {
		docs[i] = map[string]any{}
		data, err := os.ReadFile(filepath.Join(ws.root, filepath.FromSlash(c.path)))
		switch {
		case err == nil && len(bytes.TrimSpace(data)) > 0:
			if err := json.Unmarshal(data, &docs[i]); err != nil {
				return fmt.Errorf("%s: %s", c.path, jsonProblem(data, err))
			}
		case err != nil && !errors.Is(err, fs.ErrNotExist):
			return err
		}
	}
	for i, c := range mcpConfigs {
		doc := docs[i]
		servers, _ := doc[c.key].(map[string]any)
		if servers == nil {
			servers = map[string]any{}
		}
		if _, ok := servers["rtgit"]; ok && !o.force {
			fmt.Fprintf(s.Out, "kept     %s (names an rtgit server; --force replaces it)\n", c.path)
			continue
		}
		entry := map[string]any{}
		for k, v := range server {
			entry[k] = v
		}
		if c.key == "servers" {
			entry["type"] = "stdio"
		}
		servers["rtgit"] = entry
		doc[c.key] = servers
		var out bytes.Buffer
		enc := json.NewEncoder(&out)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		if err := enc.Encode(doc); err != nil {
			return err
		}
		if err := writeInside(ws.root, c.path, out.Bytes()); err != nil {
			return err
		}
		fmt.Fprintf(s.Out, "wrote    %s\n", c.path)
	}
	fmt.Fprintln(s.Out, "\nThe agents start `rtgit mcp` from the repository; rtgit must be on their PATH. Commit the files to share them (docs/mcp.md).")
	return nil
}

// jsonProblem names the line and column of a JSON syntax error.
func jsonProblem(data []byte, err error) string {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		// Offset counts the offending byte as read.
		off := max(0, min(int(se.Offset)-1, len(data)))
		line := 1 + bytes.Count(data[:off], []byte("\n"))
		col := off - bytes.LastIndexByte(data[:off], '\n')
		return fmt.Sprintf("%d:%d: %v", line, col, err)
	}
	return err.Error()
}
