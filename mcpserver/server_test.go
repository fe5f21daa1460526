package mcpserver

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// connect starts the server on in-memory transports and returns the
// SDK's own client session on it.
func connect(t *testing.T, b Backend, o Options) *mcp.ClientSession {
	t.Helper()
	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	ss, err := New(b, o).Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ss.Close() })
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

func call(t *testing.T, cs *mcp.ClientSession, tool string, args map[string]any) (string, error) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		return "", err
	}
	if res.IsError {
		t.Fatalf("%s returned a tool error: %v", tool, res.Content)
	}
	return res.Content[0].(*mcp.TextContent).Text, nil
}

func demoBackend() *fakeBackend {
	a := &Analysis{Slug: "csv", State: "ready", TasksConfirmed: true,
		Requirements: []Requirement{{ID: "FR-001", Title: "Export", Criteria: []Criterion{{ID: "AC-001-01", Text: "Given x When y Then z"}}}},
		Modules:      []Module{{Name: "invoices.export", Sections: map[string][]string{"Responsibilities": {"Writes the CSV."}}}},
		Tasks: []Task{
			{ID: "T001", Title: "Tests for FR-001", Kind: "test", Traces: []string{"FR-001", "AC-001-01"}, Files: []string{"tests/test_export.py"}},
			{ID: "T002", Title: "invoices.export: write rows", Kind: "code", Traces: []string{"FR-001"}, Files: []string{"invoices/export.py"}, DependsOn: []string{"T001"}},
			{ID: "T003", Title: "Wait on a question", Kind: "code", BlockedBy: []string{"Q-001"}},
		},
		Open:      []Question{{ID: "Q-001", Text: "Which delimiter?"}},
		Artifacts: []string{"requirements-spec.md"},
	}
	return &fakeBackend{analyses: map[string]*Analysis{"csv": a}, files: map[string]string{"csv/requirements-spec.md": "# Requirements Specification\n"}}
}

func TestReadyTasksFollowDependenciesAndOpenQuestions(t *testing.T) {
	cs := connect(t, demoBackend(), Options{})
	out, err := call(t, cs, "ready_tasks", map[string]any{"slug": "csv"})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, `"id":"T001"`) || strings.Contains(out, `"id":"T002"`) || strings.Contains(out, `"id":"T003"`) {
		t.Errorf("ready before anything is done: %s", out)
	}
	out, _ = call(t, cs, "ready_tasks", map[string]any{"slug": "csv", "done": []string{"T001"}})
	if !strings.Contains(out, `"task":{"id":"T002"`) || !strings.Contains(out, `"name":"invoices.export"`) {
		t.Errorf("after T001, T002 with its module should be ready: %s", out)
	}
	if strings.Contains(out, `"id":"T003"`) {
		t.Errorf("T003 waits on the open Q-001: %s", out)
	}
}

func TestBadInputIsAProtocolErrorNamingTheProblem(t *testing.T) {
	cs := connect(t, demoBackend(), Options{})
	for _, c := range []struct {
		tool string
		args map[string]any
		want string
	}{
		{"get", map[string]any{"slug": "csv", "id": "FR-999"}, "csv has no FR-999"},
		{"get", map[string]any{"slug": "../x", "id": "FR-001"}, `slug "../x" is not an analysis slug`},
		{"get", map[string]any{"slug": "csv", "id": strings.Repeat("A", 5000)}, "is not an id rtgit knows the form of"},
		{"summary", map[string]any{"slug": "nope"}, `no analysis "nope"`},
		{"comment", map[string]any{"slug": "csv", "text": "hi"}, `unknown tool "comment"`},
	} {
		_, err := call(t, cs, c.tool, c.args)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %v: error %v, want one saying %q", c.tool, c.args, err, c.want)
		}
	}
}

func TestCommentOnlyWithConsent(t *testing.T) {
	b := demoBackend()
	cs := connect(t, b, Options{AllowWrite: true})
	out, err := call(t, cs, "comment", map[string]any{"slug": "csv", "text": "What about refunds?"})
	if err != nil || !strings.Contains(out, "Noted") {
		t.Fatalf("comment: %q, %v", out, err)
	}
	if len(b.comments) != 1 || b.comments[0] != "csv: What about refunds?" {
		t.Errorf("the backend recorded %q", b.comments)
	}
}

func TestResourcesServeOnlyListedArtifacts(t *testing.T) {
	cs := connect(t, demoBackend(), Options{})
	ctx := context.Background()
	res, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "rtgit://csv/requirements-spec.md"})
	if err != nil || !strings.HasPrefix(res.Contents[0].Text, "# Requirements Specification") {
		t.Fatalf("read: %v, %v", res, err)
	}
	for _, uri := range []string{"rtgit://csv/meta.json", "rtgit://csv/..%2F..%2Fetc%2Fpasswd", "file:///etc/passwd", "rtgit://../x"} {
		if _, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: uri}); err == nil {
			t.Errorf("%s was served", uri)
		}
	}
}

// The payload bounds docs/performance.md reports: the tool list, and a
// task with its context on an analysis of 200 requirements.
func TestPayloadSizes(t *testing.T) {
	b := demoBackend()
	b.analyses["big"] = bigAnalysis(200)
	cs := connect(t, b, Options{AllowWrite: true})
	tools, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := json.Marshal(tools)
	if len(data) >= 4096 {
		t.Errorf("the tool list is %d bytes, over 4 KB", len(data))
	}
	t.Logf("tools/list: %d bytes", len(data))
	out, err := call(t, cs, "ready_tasks", map[string]any{"slug": "big", "limit": 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) >= 8192 {
		t.Errorf("one task with its context is %d bytes on 200 requirements, over 8 KB", len(out))
	}
	if !strings.Contains(out, "context cut") {
		t.Errorf("a cut context does not say so: %s", out[:200])
	}
	t.Logf("ready_tasks, 1 task of 200 requirements: %d bytes", len(out))
}
