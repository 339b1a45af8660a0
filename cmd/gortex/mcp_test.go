package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gortex/gortex/mcp"
)

// gortex mcp serves --dir; else $CLAUDE_PROJECT_DIR; else the git
// repository around the working directory; else the project (a build
// file) around it; outside any project it refuses.
func TestMCPRoot(t *testing.T) {
	base, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	repo, sub, plain := filepath.Join(base, "repo"), filepath.Join(base, "repo", "pkg"), filepath.Join(base, "plain")
	marked := filepath.Join(base, "marked")
	for _, d := range []string{filepath.Join(repo, ".git"), sub, plain, marked} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(marked, "go.mod"), []byte("module m\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name       string
		dir, env   string
		wd         string
		wantRoot   string
		wantSource mcp.RootSource
	}{
		{"flag", plain, repo, sub, plain, mcp.RootFlag},
		{"environment", "", plain, sub, plain, mcp.RootEnv},
		{"environment not a directory", "", filepath.Join(base, "nosuch"), sub, repo, mcp.RootGit},
		{"git root of the working directory", "", "", sub, repo, mcp.RootGit},
		{"project around the working directory", "", "", marked, marked, mcp.RootWorkdir},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Chdir(tt.wd)
			root, source, err := mcpRoot(tt.dir, tt.env)
			if err != nil {
				t.Fatal(err)
			}
			if root != tt.wantRoot || source != tt.wantSource {
				t.Errorf("root %s (%s), want %s (%s)", root, source, tt.wantRoot, tt.wantSource)
			}
		})
	}
	t.Run("no project", func(t *testing.T) {
		t.Chdir(plain)
		if root, _, err := mcpRoot("", ""); err == nil {
			t.Errorf("outside a project mcp serves %s", root)
		}
	})
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
	t.Setenv(tokenEnv, "")
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
