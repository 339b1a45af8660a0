package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
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

// gortexBinary builds cmd/gortex once per test binary, and beside it
// cmd/gortex-mcp, the server gortex mcp hands over to.
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
		if err == nil {
			out, err = exec.Command("go", "build", "-o", filepath.Join(dir, "gortex-mcp"), "../cmd/gortex-mcp").CombinedOutput()
		}
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

// TestStdioAnswersInFlight pipes requests and closes the input at once, as
// `printf '…' | gortex mcp` or a client that writes its last requests and
// closes its end does: every request read is answered with its result
// before the serve ends, none with "context canceled".
func TestStdioAnswersInFlight(t *testing.T) {
	s, err := New(fixture(t), Options{})
	if err != nil {
		t.Fatal(err)
	}
	var in strings.Builder
	in.WriteString(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"pipe","version":"1"}}}` + "\n")
	in.WriteString(`{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n")
	const calls = 24
	for i := 1; i <= calls; i++ {
		args := []string{`{"name":"why","arguments":{"id":"billing.Invoice.Finalize"}}`, `{"name":"search","arguments":{"query":"ledger entries"}}`,
			`{"name":"audit","arguments":{}}`}[i%3]
		fmt.Fprintf(&in, `{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":%s}`+"\n", i, args)
	}
	var out lockedBuffer
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	if err := s.ServeStdio(ctx, strings.NewReader(in.String()), &out); err != nil && !errors.Is(err, io.EOF) {
		t.Fatalf("ServeStdio: %v", err)
	}
	answered := map[float64]bool{}
	dec := json.NewDecoder(strings.NewReader(out.String()))
	for {
		var m struct {
			ID     *float64        `json:"id"`
			Error  json.RawMessage `json:"error"`
			Result struct {
				IsError bool `json:"isError"`
				Content []struct {
					Text string `json:"text"`
				} `json:"content"`
			} `json:"result"`
		}
		if err := dec.Decode(&m); err != nil {
			break
		}
		if m.ID == nil {
			continue
		}
		if m.Error != nil || m.Result.IsError {
			t.Errorf("request %v: error %s %+v", *m.ID, m.Error, m.Result.Content)
		}
		answered[*m.ID] = true
	}
	for i := 0; i <= calls; i++ {
		if !answered[float64(i)] {
			t.Errorf("request %d has no answer", i)
		}
	}
}

// lockedBuffer is a bytes.Buffer safe for the server's writers.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestStdioEndOfInputBinary is `printf '…' | gortex mcp`: the built binary
// reads a request followed at once by the end of its input, in each
// protocol revision (2026-07-28: one stateless request, no initialize;
// 2025-11-25: initialize, then the call), and answers it with its result
// before it exits, never with "context canceled".
func TestStdioEndOfInputBinary(t *testing.T) {
	bin := gortexBinary(t)
	const call = `"method":"tools/call","params":{"name":"why","arguments":{"id":"billing.Invoice.Finalize"}%s}}`
	tests := []struct {
		revision string
		input    string
	}{
		{"2026-07-28", `{"jsonrpc":"2.0","id":1,` + fmt.Sprintf(call, `,"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28",`+
			`"io.modelcontextprotocol/clientCapabilities":{},"io.modelcontextprotocol/clientInfo":{"name":"pipe","version":"1"}}`) + "\n"},
		{"2025-11-25", `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"pipe","version":"1"}}}` + "\n" +
			`{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n" + `{"jsonrpc":"2.0","id":1,` + fmt.Sprintf(call, "") + "\n"},
	}
	for _, tt := range tests {
		t.Run(tt.revision, func(t *testing.T) {
			cmd := exec.Command(bin, "mcp", "--dir", fixture(t))
			cmd.Env = append(os.Environ(), "XDG_DATA_HOME="+os.Getenv("XDG_DATA_HOME"))
			cmd.Stdin = strings.NewReader(tt.input)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("gortex mcp: %v\n%s", err, stderr.String())
			}
			var answer struct {
				Result struct {
					IsError           bool            `json:"isError"`
					StructuredContent json.RawMessage `json:"structuredContent"`
				} `json:"result"`
				Error json.RawMessage `json:"error"`
			}
			found := false
			for line := range strings.Lines(string(out)) {
				if strings.Contains(line, `"id":1`) {
					found = json.Unmarshal([]byte(line), &answer) == nil
				}
			}
			a := decode[query.Answer](t, string(answer.Result.StructuredContent))
			if !found || answer.Error != nil || answer.Result.IsError || a.Count == 0 {
				t.Errorf("request 1 answered %s, want why's answer; all the output:\n%s\nstderr:\n%s", answer.Error, out, stderr.String())
			}
		})
	}
}
