package llm

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
)

// hugeReply is the size of the reply of a hostile or broken server: far
// over maxReplyBytes.
const hugeReply = 300 << 20

// hugeServer answers every request with a JSON reply of hugeReply bytes,
// written in chunks without a length, and counts what the client took.
func hugeServer(t *testing.T) (*httptest.Server, *atomic.Int64) {
	t.Helper()
	var sent atomic.Int64
	chunk := []byte(strings.Repeat("a", 64<<10))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"id":"x","model":"m","content":[{"type":"text","text":"`)
		for n := 0; n < hugeReply; n += len(chunk) {
			k, err := w.Write(chunk)
			sent.Add(int64(k))
			if err != nil {
				return // the client hung up: what a capped reader does
			}
		}
		io.WriteString(w, `"}]}`)
	}))
	t.Cleanup(srv.Close)
	return srv, &sent
}

// TestReplyCap has each HTTP backend call a server that replies 300 MB
// (the user's own endpoint, broken or hostile): the call fails with
// ErrReplyTooLarge once the cap is passed, and the client stops reading,
// so the server could send little more than the cap and the socket
// buffers, never the whole reply.
func TestReplyCap(t *testing.T) {
	backends := []struct {
		name string
		make func(url string) Backend
	}{
		{"anthropic", func(url string) Backend { return newAnthropic("sk-test", url, "claude-haiku-4-5", nil) }},
		{"openai", func(url string) Backend { return newOpenAI("sk-test", url+"/v1", "m", nil) }},
		{"ollama", func(url string) Backend {
			b, err := newOllama(url, "m", nil)
			if err != nil {
				t.Fatal(err)
			}
			return b
		}},
	}
	for _, tt := range backends {
		t.Run(tt.name, func(t *testing.T) {
			srv, sent := hugeServer(t)
			_, err := tt.make(srv.URL).Complete(context.Background(), testPrompt())
			if !errors.Is(err, ErrReplyTooLarge) {
				t.Fatalf("Complete = %v, want %v", err, ErrReplyTooLarge)
			}
			var le *LLMError
			if !errors.As(err, &le) || le.Code != CodeRequest {
				t.Errorf("error %v is no %s", err, CodeRequest)
			}
			srv.CloseClientConnections()
			if got := sent.Load(); got > 4*maxReplyBytes {
				t.Errorf("the server sent %d MiB before the client stopped reading; the cap is %d MiB", got>>20, maxReplyBytes>>20)
			}
		})
	}
	t.Run("content length over the cap", func(t *testing.T) {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Length", "314572800")
			w.WriteHeader(http.StatusOK)
		}))
		defer srv.Close()
		_, err := newOpenAI("", srv.URL+"/v1", "m", nil).Complete(context.Background(), testPrompt())
		if !errors.Is(err, ErrReplyTooLarge) {
			t.Errorf("Complete = %v, want %v", err, ErrReplyTooLarge)
		}
	})
	t.Run("claude cli", func(t *testing.T) {
		dir := t.TempDir()
		script := "#!/bin/sh\ncat > /dev/null\nhead -c 314572800 /dev/zero\n"
		if err := os.WriteFile(filepath.Join(dir, "claude"), []byte(script), 0o755); err != nil {
			t.Fatal(err)
		}
		_, err := newClaudeCLI(filepath.Join(dir, "claude"), "").Complete(context.Background(), testPrompt())
		if err == nil || !strings.Contains(err.Error(), "more than") {
			t.Errorf("Complete = %v, want the output refused", err)
		}
	})
}

// TestCappedBody reads bodies of the cap's size, one byte over and far
// over through cappedBody: the first reads whole, the others fail.
func TestCappedBody(t *testing.T) {
	tests := []struct {
		name string
		size int
		ok   bool
	}{{"empty", 0, true}, {"under", 99, true}, {"at the cap", 100, true}, {"one over", 101, false}, {"far over", 10_000, false}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := &cappedBody{rc: io.NopCloser(strings.NewReader(strings.Repeat("x", tt.size))), left: 100}
			got, err := io.ReadAll(b)
			if tt.ok && (err != nil || len(got) != tt.size) {
				t.Errorf("read %d bytes, %v; want %d", len(got), err, tt.size)
			}
			if !tt.ok && (!errors.Is(err, ErrReplyTooLarge) || len(got) > 100) {
				t.Errorf("read %d bytes, %v; want at most 100 and %v", len(got), err, ErrReplyTooLarge)
			}
		})
	}
}
