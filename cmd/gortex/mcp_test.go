package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gortex/gortex/cmd/internal/cli"
)

// mcpBuild is gortex-mcp built once per test binary (go build), in a
// directory TestMain removes; without the VCS stamp, as a test binary has
// none, so that the two take each other's index for their own (indexer's
// rulesID).
var mcpBuild = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "gortex-mcp-bin-")
	if err != nil {
		return "", err
	}
	mcpBuildDir = dir
	cmd := exec.Command("go", "build", "-buildvcs=false", "-o", filepath.Join(dir, cli.Program), "../gortex-mcp")
	cmd.Dir, cmd.Env = packageDir, startEnv
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build gortex-mcp: %v\n%s", err, out)
	}
	return dir, nil
})

var mcpBuildDir string

// packageDir is this package's directory, the working directory go test
// starts in, and startEnv the environment it starts with: a test may
// change both (a test's HOME would give go build an empty build cache).
var (
	packageDir, _ = os.Getwd()
	startEnv      = os.Environ()
)

// withMCPProgram puts a gortex-mcp built from this checkout first on
// $PATH, where gortex mcp and gortex serve find it (the test binary has
// none beside it), for the rest of t.
func withMCPProgram(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go not on PATH: gortex-mcp cannot be built")
	}
	dir, err := mcpBuild()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
}

// lineWriter collects what is written to it and sends each completed line
// to lines, for a test that reads a running command's stderr.
type lineWriter struct {
	mu    sync.Mutex
	buf   []byte
	lines chan string
}

func (w *lineWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf = append(w.buf, p...)
	for {
		i := bytes.IndexByte(w.buf, '\n')
		if i < 0 {
			return len(p), nil
		}
		select {
		case w.lines <- string(w.buf[:i]):
		default:
		}
		w.buf = w.buf[i+1:]
	}
}

// TestMCPHTTPToken starts gortex mcp --http on loopback without a token,
// as a user would: it makes one and prints it on stderr; a request
// without it (any other account on the machine) gets 401, and with it
// the server answers.
func TestMCPHTTPToken(t *testing.T) {
	dir := fixture(t)
	withMCPProgram(t)
	t.Setenv(cli.TokenEnv, "")
	ctx, cancel := context.WithCancel(context.Background())
	stderr := &lineWriter{lines: make(chan string, 16)}
	done := make(chan int, 1)
	go func() { done <- Main(ctx, []string{"mcp", "--http", "127.0.0.1:0", "--dir", dir}, io.Discard, stderr) }()
	defer func() {
		cancel()
		if code := <-done; code != exitOK {
			t.Errorf("gortex mcp --http exit %d", code)
		}
	}()
	var token, url string
	for url == "" {
		select {
		case l := <-stderr.lines:
			if i := strings.Index(l, "bearer token for this run"); i >= 0 {
				token = l[strings.LastIndex(l, " ")+1:]
			}
			if i := strings.Index(l, " at http://"); i >= 0 {
				url = l[i+len(" at "):]
			}
		case code := <-done:
			t.Fatalf("gortex mcp --http exited with %d", code)
		case <-time.After(60 * time.Second):
			t.Fatal("gortex mcp --http printed no URL")
		}
	}
	if len(token) < 26 {
		t.Fatalf("no token printed before the URL (token %q)", token)
	}
	initialize := func(auth string) int {
		req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"curl","version":"1"}}}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if auth != "" {
			req.Header.Set("Authorization", auth)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode
	}
	for _, tt := range []struct {
		auth string
		want int
	}{{"", http.StatusUnauthorized}, {"Bearer wrong", http.StatusUnauthorized}, {"Bearer " + token, http.StatusOK}} {
		if got := initialize(tt.auth); got != tt.want {
			t.Errorf("initialize with Authorization %q: %d, want %d", tt.auth, got, tt.want)
		}
	}
}
