package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/mark3labs/mcp-go/client"
	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/gortex/gortex/mcp"
)

// modeMCP is the child that times the MCP server's why tool.
const modeMCP = "mcp"

// warmPause is how long the MCP child leaves the server after the cold
// calls, for the whole-file blames they started in the background.
const warmPause = 3 * time.Second

// mcpResult is what the MCP child reports, the watcher on as the serve
// functions start it: the first call of each query (the very first loads
// the snapshot; each may blame its symbol once) and the calls after them,
// the queries asked in turn.
type mcpResult struct {
	Cold []time.Duration
	Warm []time.Duration
}

// mcpWhy measures the MCP server's why on root over qs in a child process.
func (b *bench) mcpWhy(ctx context.Context, root string, qs []string) (mcpResult, error) {
	self, err := os.Executable()
	if err != nil {
		return mcpResult{}, err
	}
	list, err := writeList(qs)
	if err != nil {
		return mcpResult{}, err
	}
	defer os.Remove(list)
	c, err := mustSucceed(ctx, self, "-child", modeMCP, "-dir", root, "-files", list, "-mcpcalls", strconv.Itoa(b.o.mcpCalls))
	if err != nil {
		return mcpResult{}, err
	}
	var m mcpResult
	if err := json.Unmarshal([]byte(c.stdout), &m); err != nil {
		return m, fmt.Errorf("mcp child: %w", err)
	}
	return m, nil
}

// writeList writes lines to a temporary file; the caller removes it.
func writeList(lines []string) (string, error) {
	f, err := os.CreateTemp("", "gortex-bench-list-")
	if err != nil {
		return "", err
	}
	_, err = f.WriteString(strings.Join(lines, "\n") + "\n")
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return f.Name(), err
}

// runMCPChild serves root in process, with the watcher on, and times n why
// calls over the queries listed in list; it prints the result as JSON.
func runMCPChild(ctx context.Context, root, list string, n int, stdout io.Writer) error {
	data, err := os.ReadFile(list)
	if err != nil {
		return err
	}
	qs := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(qs) == 0 || qs[0] == "" {
		return errors.New("no queries")
	}
	s, err := mcp.New(root, mcp.Options{Version: "bench"})
	if err != nil {
		return err
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	s.Watch(ctx)
	c, err := client.NewInProcessClient(s.MCPServer())
	if err != nil {
		return err
	}
	defer c.Close()
	if err := c.Start(ctx); err != nil {
		return err
	}
	init := mcpgo.InitializeRequest{}
	init.Params.ProtocolVersion = mcpgo.LATEST_PROTOCOL_VERSION
	init.Params.ClientInfo = mcpgo.Implementation{Name: "gortex-bench", Version: "1"}
	if _, err := c.Initialize(ctx, init); err != nil {
		return err
	}
	var r mcpResult
	for i := range n + len(qs) {
		req := mcpgo.CallToolRequest{}
		req.Params.Name = "why"
		req.Params.Arguments = map[string]any{"id": qs[i%len(qs)]}
		start := time.Now()
		res, err := c.CallTool(ctx, req)
		took := time.Since(start)
		if err != nil {
			return err
		}
		if res.IsError {
			return fmt.Errorf("why %s: %v", qs[i%len(qs)], res.Content)
		}
		if i < len(qs) {
			r.Cold = append(r.Cold, took)
			if i == len(qs)-1 {
				time.Sleep(warmPause) // the background blames of the cold calls
			}
			continue
		}
		r.Warm = append(r.Warm, took)
	}
	return json.NewEncoder(stdout).Encode(r)
}
