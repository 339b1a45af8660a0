package mcp

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/gortex/gortex/internal/fixturetest"
)

// fixture copies testdata/repo into a temporary directory and points the
// global memory store at another, so that no test touches the user's.
func fixture(t testing.TB) string {
	t.Helper()
	return fixtureOf(t, "repo")
}

// fixtureOf is fixture for the repository testdata/name.
func fixtureOf(t testing.TB, name string) string {
	t.Helper()
	dir := fixturetest.Copy(t, name)
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	return dir
}

// newServer is a server of a fixture copy with an in-process client,
// initialised; both are closed when the test ends.
func newServer(t testing.TB) (*Server, *client.Client) {
	t.Helper()
	s, err := New(fixture(t), Options{Version: "test"})
	if err != nil {
		t.Fatal(err)
	}
	// The snapshot last published must hold the graph's invariants, after
	// every refresh the test caused.
	t.Cleanup(func() {
		if sn := s.snap.Load(); sn != nil {
			if err := sn.Store().Check(); err != nil {
				t.Errorf("graph invariant broken: %v", err)
			}
		}
	})
	return s, connect(t, s)
}

func connect(t testing.TB, s *Server) *client.Client {
	t.Helper()
	c, err := client.NewInProcessClient(s.MCPServer())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	initialize(t, c)
	return c
}

func initialize(t testing.TB, c *client.Client) *mcpgo.InitializeResult {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	req := mcpgo.InitializeRequest{}
	req.Params.ProtocolVersion = mcpgo.LATEST_PROTOCOL_VERSION
	req.Params.ClientInfo = mcpgo.Implementation{Name: "gortex-test", Version: "1"}
	res, err := c.Initialize(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// call calls a tool and returns its result; a protocol error fails the test.
func call(t testing.TB, c *client.Client, tool string, args map[string]any) *mcpgo.CallToolResult {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	req := mcpgo.CallToolRequest{}
	req.Params.Name = tool
	req.Params.Arguments = args
	res, err := c.CallTool(ctx, req)
	if err != nil {
		t.Fatalf("%s(%v): %v", tool, args, err)
	}
	return res
}

// text is a result's text content.
func text(res *mcpgo.CallToolResult) string {
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(mcpgo.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String()
}

// callJSON calls a tool that must succeed and decodes its JSON result.
func callJSON[T any](t testing.TB, c *client.Client, tool string, args map[string]any) T {
	t.Helper()
	res := call(t, c, tool, args)
	if res.IsError {
		t.Fatalf("%s(%v) failed: %s", tool, args, text(res))
	}
	var v T
	if err := json.Unmarshal([]byte(text(res)), &v); err != nil {
		t.Fatalf("%s(%v): %v\n%s", tool, args, err, text(res))
	}
	return v
}

// memoryFiles counts the memory files in a repository's workspace store.
func memoryFiles(t testing.TB, root string) int {
	t.Helper()
	entries, err := os.ReadDir(filepath.Join(root, ".gortex", "memories"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".md") && !strings.HasPrefix(e.Name(), ".") {
			n++
		}
	}
	return n
}

// decode decodes a JSON result.
func decode[T any](t testing.TB, s string) T {
	t.Helper()
	var v T
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatalf("%v\n%s", err, s)
	}
	return v
}
