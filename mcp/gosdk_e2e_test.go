//go:build e2e

package mcp

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestGoSDK is `gortex mcp` driven by the official MCP Go SDK's client
// (make e2e; the e2e build tag keeps it out of make test), speaking each
// protocol revision the SDK and the server share, over stdio and over
// streamable HTTP: 2026-07-28 (stateless requests, server/discover instead
// of initialize) and 2025-11-25 (initialize). On each it checks that the
// revision asked for is the one spoken, lists the tools, checks that every
// tool declares an output schema that compiles, calls why, store_memory
// and why again (which ranks the new memory first), validates every
// structuredContent against the tool's output schema with
// google/jsonschema-go (the SDK's own schema package; the SDK's client does
// not validate) and checks that the text says the same. The binary is
// GORTEX_BIN (make e2e's), or one built for the test.
func TestGoSDK(t *testing.T) {
	bin := os.Getenv("GORTEX_BIN")
	if bin == "" {
		bin = gortexBinary(t)
	}
	for _, rev := range []string{"2026-07-28", "2025-11-25"} {
		for _, transport := range []string{"stdio", "http"} {
			t.Run(rev+"/"+transport, func(t *testing.T) { goSDKSession(t, bin, transport, rev) })
		}
	}
}

func goSDKSession(t *testing.T, bin, transport, rev string) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	dir := fixture(t)
	env := append(os.Environ(), "XDG_DATA_HOME="+os.Getenv("XDG_DATA_HOME"))
	var tr sdk.Transport
	switch transport {
	case "stdio":
		cmd := exec.Command(bin, "mcp", "--dir", dir)
		cmd.Env, cmd.Stderr = env, os.Stderr
		tr = &sdk.CommandTransport{Command: cmd}
	case "http":
		token := fmt.Sprintf("e2e-go-%d", time.Now().UnixNano())
		url := startHTTPBinary(t, ctx, bin, dir, append(env, "GORTEX_MCP_TOKEN="+token))
		tr = &sdk.StreamableClientTransport{Endpoint: url, MaxRetries: -1, DisableStandaloneSSE: true,
			HTTPClient: &http.Client{Transport: bearer{token}}}
	}
	client := sdk.NewClient(&sdk.Implementation{Name: "gortex-e2e-go", Version: "1.0.0"}, nil)
	cs, err := client.Connect(ctx, tr, &sdk.ClientSessionOptions{ProtocolVersion: rev})
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	defer cs.Close()
	init := cs.InitializeResult()
	if init.ProtocolVersion != rev || init.ServerInfo == nil || init.ServerInfo.Name != "gortex" {
		t.Fatalf("speaks %s with %+v, want %s with gortex", init.ProtocolVersion, init.ServerInfo, rev)
	}

	tools, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatalf("tools/list: %v", err)
	}
	schemas := map[string]*jsonschema.Resolved{}
	for _, tool := range tools.Tools {
		s, err := resolveSchema(tool.OutputSchema)
		if err != nil {
			t.Errorf("%s: outputSchema: %v", tool.Name, err)
			continue
		}
		schemas[tool.Name] = s
	}
	if len(tools.Tools) != len(toolParams) {
		t.Errorf("tools/list gives %d tools, want %d", len(tools.Tools), len(toolParams))
	}

	call := func(tool string, args map[string]any) map[string]any {
		t.Helper()
		res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: tool, Arguments: args})
		if err != nil {
			t.Fatalf("%s: %v", tool, err)
		}
		if res.IsError {
			t.Fatalf("%s: %s", tool, sdkText(res))
		}
		v, err := validated(schemas[tool], res.StructuredContent, sdkText(res))
		if err != nil {
			t.Fatalf("%s: %v", tool, err)
		}
		return v
	}
	a := call("why", map[string]any{"id": "billing.Invoice.Finalize"})
	if sym, _ := a["symbol"].(map[string]any); sym["id"] != "billing/invoice.go::Invoice.Finalize" || a["count"].(float64) == 0 {
		t.Errorf("why billing.Invoice.Finalize = %v", a)
	}
	if !rejects(schemas["why"], a) {
		t.Error("the validator takes the why answer without count, or with count a string")
	}
	m := call("store_memory", map[string]any{"body": "Invoice.Finalize books revenue once per line; never call it twice.",
		"symbols": []string{"billing.Invoice.Finalize"}, "kind": "invariant", "importance": 5})
	if m["status"] != "created" {
		t.Errorf("store_memory = %v", m)
	}
	b := call("why", map[string]any{"id": "Invoice.Finalize"})
	first := ""
	if rat, _ := b["rationale"].([]any); len(rat) > 0 {
		first, _ = rat[0].(map[string]any)["source_id"].(string)
	}
	if first != fmt.Sprint("mem:", m["id"]) {
		t.Errorf("why ranks %s first, not the new memory %v", first, m["id"])
	}
	res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "why", Arguments: map[string]any{"id": "Invoice", "limit": -3}})
	if err != nil || !res.IsError || !strings.Contains(sdkText(res), "argument limit") {
		t.Errorf("a bad argument: %v %+v, want an isError result naming it", err, res)
	}
}

// resolveSchema compiles a tool's output schema, as it came in tools/list.
func resolveSchema(schema any) (*jsonschema.Resolved, error) {
	if schema == nil {
		return nil, fmt.Errorf("none")
	}
	var s jsonschema.Schema
	if err := json.Unmarshal([]byte(mustJSON(schema)), &s); err != nil {
		return nil, err
	}
	if s.Type != "object" {
		return nil, fmt.Errorf("of type %q, not object", s.Type)
	}
	return s.Resolve(nil)
}

// validated checks structured against schema and against the text, and
// returns it.
func validated(schema *jsonschema.Resolved, structured any, text string) (map[string]any, error) {
	if schema == nil || structured == nil {
		return nil, fmt.Errorf("no output schema or no structuredContent (text %.200s)", text)
	}
	var v, fromText map[string]any
	if err := json.Unmarshal([]byte(mustJSON(structured)), &v); err != nil {
		return nil, err
	}
	if err := schema.Validate(v); err != nil {
		return nil, fmt.Errorf("structuredContent does not validate against outputSchema: %w", err)
	}
	if err := json.Unmarshal([]byte(text), &fromText); err != nil {
		return nil, fmt.Errorf("the text is no JSON: %w", err)
	}
	if !reflect.DeepEqual(v, fromText) {
		return nil, fmt.Errorf("structuredContent %s is not the text %s", mustJSON(v), text)
	}
	return v, nil
}

// rejects reports whether schema refuses v with a required field left out
// and with a field of the wrong type: the validation can fail.
func rejects(schema *jsonschema.Resolved, v map[string]any) bool {
	without, wrong := map[string]any{}, map[string]any{}
	for k, x := range v {
		without[k], wrong[k] = x, x
	}
	delete(without, "count")
	wrong["count"] = "six"
	return schema.Validate(without) != nil && schema.Validate(wrong) != nil
}

func sdkText(res *sdk.CallToolResult) string {
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*sdk.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String()
}

// bearer adds the server's token to every request.
type bearer struct{ token string }

func (b bearer) RoundTrip(req *http.Request) (*http.Response, error) {
	req = req.Clone(req.Context())
	req.Header.Set("Authorization", "Bearer "+b.token)
	return http.DefaultTransport.RoundTrip(req)
}

// startHTTPBinary starts `gortex mcp --http 127.0.0.1:0`, stopped when the
// test ends, and returns the URL it prints on stderr.
func startHTTPBinary(t *testing.T, ctx context.Context, bin, dir string, env []string) string {
	t.Helper()
	cmd := exec.CommandContext(ctx, bin, "mcp", "--http", "127.0.0.1:0", "--dir", dir)
	cmd.Env = env
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Signal(os.Interrupt)
		cmd.Wait()
	})
	found := make(chan string, 1)
	go func() {
		at := regexp.MustCompile(`at (http://\S+)`)
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if m := at.FindStringSubmatch(sc.Text()); m != nil {
				found <- m[1]
				break
			}
			fmt.Fprintln(os.Stderr, sc.Text())
		}
		io.Copy(os.Stderr, stderr)
	}()
	select {
	case url := <-found:
		return url
	case <-time.After(time.Minute):
		t.Fatal("gortex mcp --http printed no URL in a minute")
	}
	return ""
}
