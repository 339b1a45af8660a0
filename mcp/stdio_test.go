package mcp

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/gortex/gortex/query"
)

var (
	binOnce sync.Once
	binPath string
	binErr  error
)

// gortexBinary builds cmd/gortex once per test binary.
func gortexBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the gortex binary")
	}
	binOnce.Do(func() {
		dir, err := os.MkdirTemp("", "gortex-mcp-test-")
		if err != nil {
			binErr = err
			return
		}
		binPath = filepath.Join(dir, "gortex")
		out, err := exec.Command("go", "build", "-o", binPath, "../cmd/gortex").CombinedOutput()
		if err != nil {
			binErr = &exec.ExitError{Stderr: out}
		}
	})
	if binErr != nil {
		t.Fatalf("build gortex: %v", binErr)
	}
	return binPath
}

func TestMain(m *testing.M) {
	code := m.Run()
	if binPath != "" {
		os.RemoveAll(filepath.Dir(binPath))
	}
	os.Exit(code)
}

// The built binary over stdio, as an agent launches it.
func TestStdioBinary(t *testing.T) {
	bin := gortexBinary(t)
	root := fixture(t)
	c, err := client.NewStdioMCPClient(bin, []string{"XDG_DATA_HOME=" + os.Getenv("XDG_DATA_HOME")}, "mcp", "--dir", root)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	req := mcpgo.InitializeRequest{}
	req.Params.ProtocolVersion = mcpgo.LATEST_PROTOCOL_VERSION
	req.Params.ClientInfo = mcpgo.Implementation{Name: "stdio-test", Version: "1"}
	init, err := c.Initialize(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	if init.ServerInfo.Name != "gortex" || init.Instructions == "" {
		t.Errorf("initialize = %+v", init)
	}
	tools, err := c.ListTools(ctx, mcpgo.ListToolsRequest{})
	if err != nil || len(tools.Tools) != 17 {
		t.Fatalf("tools/list = %v, %v", tools, err)
	}
	a := callJSON[query.Answer](t, c, "why", map[string]any{"id": "billing.Invoice.Finalize"})
	if a.Symbol == nil || a.Count == 0 {
		t.Errorf("why over stdio = %+v", a)
	}
	m := callJSON[writeResult](t, c, "store_memory", map[string]any{"body": "Invoices are numbered by billing, never by the cart.", "symbols": []string{"billing.Invoice"}})
	if m.Status != "created" {
		t.Errorf("store_memory over stdio = %+v", m)
	}
	if n := memoryFiles(t, root); n != 1 {
		t.Errorf("%d memory files on disk, want 1", n)
	}
	a = callJSON[query.Answer](t, c, "why", map[string]any{"id": "billing.Invoice"})
	if len(a.Rationale) == 0 || a.Rationale[0].SourceID != "mem:"+m.ID {
		t.Errorf("the stored memory is not the first entry: %+v", a.Rationale)
	}
}
