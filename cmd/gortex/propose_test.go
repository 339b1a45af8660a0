package main

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/gortex/gortex/mcp"
	"github.com/gortex/gortex/memory"
)

// An agent's proposal over MCP lands in the review queue; gortex memory
// review --accept makes it a memory.
func TestProposeMemoryThenAccept(t *testing.T) {
	dir := fixtureCopy(t)
	s, err := mcp.New(dir, mcp.Options{Version: "test"})
	if err != nil {
		t.Fatal(err)
	}
	c, err := client.NewInProcessClient(s.MCPServer())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	init := mcpgo.InitializeRequest{}
	init.Params.ProtocolVersion = mcpgo.LATEST_PROTOCOL_VERSION
	init.Params.ClientInfo = mcpgo.Implementation{Name: "agent-test", Version: "1"}
	if _, err := c.Initialize(ctx, init); err != nil {
		t.Fatal(err)
	}
	req := mcpgo.CallToolRequest{}
	req.Params.Name = "propose_memory"
	req.Params.Arguments = map[string]any{"title": "Refunds go to the original method", "kind": "constraint",
		"body": "Refunds go back to the original payment method; finance reconciles per method.", "symbols": []string{"billing.IssueRefund"}}
	res, err := c.CallTool(ctx, req)
	if err != nil || res.IsError {
		t.Fatalf("propose_memory: %v %+v", err, res)
	}
	var w struct{ ID, Status string }
	if err := json.Unmarshal([]byte(res.Content[0].(mcpgo.TextContent).Text), &w); err != nil || w.Status != "proposed" {
		t.Fatalf("propose_memory = %+v, %v", w, err)
	}
	if _, out, _ := run(t, "memory", "review", "--dir", dir); !strings.Contains(out, w.ID+"  constraint  basis unknown  from agent  Refunds go to the original method") {
		t.Errorf("the queue lacks the proposal:\n%s", out)
	}
	if mems, _, _ := memory.OpenWorkspace(dir).List(ctx, memory.Filter{}); len(mems) != 0 {
		t.Fatalf("a proposal became a memory before review: %d", len(mems))
	}
	code, out, stderr := run(t, "memory", "review", "--dir", dir, "--accept", w.ID, "--basis", "review")
	if code != exitOK || !strings.HasPrefix(out, "created ") {
		t.Fatalf("accept: exit %d %s %s", code, out, stderr)
	}
	mems, _, _ := memory.OpenWorkspace(dir).List(ctx, memory.Filter{})
	if len(mems) != 1 || mems[0].Title != "Refunds go to the original method" || mems[0].Basis != memory.BasisReview ||
		mems[0].Source != memory.SourceAgent || mems[0].Author != "agent-test" || len(mems[0].Symbols) != 1 {
		t.Errorf("memories after accept: %+v", mems)
	}
}
