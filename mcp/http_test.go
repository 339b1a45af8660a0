package mcp

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"

	"github.com/gortex/gortex/query"
)

const initBody = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"curl","version":"1"}}}`

func httpClient(t *testing.T, url string, headers map[string]string) *client.Client {
	t.Helper()
	c, err := client.NewStreamableHttpClient(url, transport.WithHTTPHeaders(headers))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	initialize(t, c)
	return c
}

func TestHTTP(t *testing.T) {
	s, err := New(fixture(t), Options{})
	if err != nil {
		t.Fatal(err)
	}
	const token = "s3cret-token"
	ts := httptest.NewServer(s.HTTPHandler(t.Context(), HTTPOptions{Token: token, MaxBody: 4096}))
	defer ts.Close()
	url := ts.URL + "/mcp"

	c := httpClient(t, url, map[string]string{"Authorization": "Bearer " + token})
	a := callJSON[query.Answer](t, c, "why", map[string]any{"id": "billing.Invoice.Finalize"})
	if a.Count == 0 {
		t.Errorf("why over HTTP: %+v", a)
	}
	m := callJSON[writeResult](t, c, "store_memory", map[string]any{"body": "Ledger entries are never deleted, only reversed.", "symbols": []string{"ledger.Record"}})
	if m.Status != "created" {
		t.Errorf("store_memory over HTTP: %+v", m)
	}

	tests := []struct {
		name    string
		headers map[string]string
		body    string
		want    int
	}{
		{"no token", nil, initBody, http.StatusUnauthorized},
		{"wrong token", map[string]string{"Authorization": "Bearer nope"}, initBody, http.StatusUnauthorized},
		{"token", map[string]string{"Authorization": "Bearer " + token}, initBody, http.StatusOK},
		{"foreign origin", map[string]string{"Authorization": "Bearer " + token, "Origin": "https://evil.example"}, initBody, http.StatusForbidden},
		{"rebinding origin", map[string]string{"Authorization": "Bearer " + token, "Origin": "http://localhost.evil.example:8080"}, initBody, http.StatusForbidden},
		{"null origin", map[string]string{"Authorization": "Bearer " + token, "Origin": "null"}, initBody, http.StatusForbidden},
		{"local origin", map[string]string{"Authorization": "Bearer " + token, "Origin": "http://localhost:3000"}, initBody, http.StatusOK},
		{"loopback origin", map[string]string{"Authorization": "Bearer " + token, "Origin": "http://[::1]:3000"}, initBody, http.StatusOK},
		{"rebinding host", map[string]string{"Authorization": "Bearer " + token, "Host": "evil.example"}, initBody, http.StatusForbidden},
		{"too large", map[string]string{"Authorization": "Bearer " + token}, initBody + strings.Repeat(" ", 5000), http.StatusRequestEntityTooLarge},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := post(t, url, tt.headers, tt.body); got != tt.want {
				t.Errorf("status %d, want %d", got, tt.want)
			}
		})
	}
}

func post(t *testing.T, url string, headers map[string]string, body string) int {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, url, bytes.NewBufferString(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	for k, v := range headers {
		if k == "Host" {
			req.Host = v
			continue
		}
		req.Header.Set(k, v)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	return res.StatusCode
}

// Without a token the server refuses to listen anywhere, loopback
// included: any account on the machine can reach a loopback port. With
// one, on loopback, a request without it gets 401 and the client with it
// is answered.
func TestServeHTTP(t *testing.T) {
	s, err := New(fixture(t), Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, addr := range []string{"127.0.0.1:0", ":0", "localhost:0", "[::1]:0", "0.0.0.0:0", "[::]:0", "192.0.2.1:0", "example.com:0"} {
		if err := s.ServeHTTP(context.Background(), HTTPOptions{Addr: addr}, nil); !errors.Is(err, ErrNoToken) {
			t.Errorf("ServeHTTP(%s) without a token = %v, want ErrNoToken", addr, err)
		}
	}
	token := NewToken()
	if len(token) < 26 || token == NewToken() {
		t.Fatalf("NewToken = %q: short or repeated", token)
	}
	ctx, cancel := context.WithCancel(context.Background())
	urls := make(chan string, 1)
	done := make(chan error, 1)
	go func() { done <- s.ServeHTTP(ctx, HTTPOptions{Addr: ":0", Token: token}, func(u string) { urls <- u }) }()
	var url string
	select {
	case url = <-urls:
	case err := <-done:
		t.Fatal(err)
	case <-time.After(30 * time.Second):
		t.Fatal("the server did not start")
	}
	if !strings.HasPrefix(url, "http://127.0.0.1:") {
		t.Errorf("an address without a host bound %s, want 127.0.0.1", url)
	}
	if got := post(t, url, nil, initBody); got != http.StatusUnauthorized {
		t.Errorf("initialize on loopback without the token: %d, want 401", got)
	}
	c := httpClient(t, url, map[string]string{"Authorization": "Bearer " + token})
	if a := callJSON[query.Answer](t, c, "why", map[string]any{"id": "ledger.Record"}); a.Count == 0 {
		t.Errorf("why over HTTP with the token: %+v", a)
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("shutdown: %v", err)
	}
}

// TestHTTPHandlerNoToken builds the handler without a token: it fails
// closed, every request 401, never open to all.
func TestHTTPHandlerNoToken(t *testing.T) {
	s, err := New(fixture(t), Options{})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s.HTTPHandler(t.Context(), HTTPOptions{}))
	defer ts.Close()
	for _, h := range []map[string]string{nil, {"Authorization": "Bearer "}, {"Authorization": "Bearer"}} {
		if got := post(t, ts.URL+"/mcp", h, initBody); got != http.StatusUnauthorized {
			t.Errorf("headers %v: %d, want 401", h, got)
		}
	}
}

// initialize posts an initialize request with the token and returns the
// status and the session id it was given.
func initSession(t *testing.T, h http.Handler, token string) (int, string) {
	t.Helper()
	req := httptest.NewRequest(http.MethodPost, "/mcp", strings.NewReader(initBody))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Authorization", "Bearer "+token)
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	return w.Code, w.Header().Get("Mcp-Session-Id")
}

// inSession posts tools/list in session id and returns the status.
func inSession(t *testing.T, h http.Handler, token, id string) int {
	t.Helper()
	req := httptest.NewRequest(http.MethodPost, "/mcp", strings.NewReader(`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Mcp-Session-Id", id)
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	return w.Code
}

// TestHTTPSessions floods the server with initialize requests and lets
// sessions idle: sessions are capped (503 beyond MaxSessions, the live
// heap flat), a session idle past SessionIdle is gone (404, the client
// initializes again), one in use stays, one ended by DELETE is gone, and
// an id the server never made is refused.
func TestHTTPSessions(t *testing.T) {
	s, err := New(fixture(t), Options{})
	if err != nil {
		t.Fatal(err)
	}
	const token = "t0ken"
	t.Run("capped", func(t *testing.T) {
		h := s.HTTPHandler(t.Context(), HTTPOptions{Token: token, MaxSessions: 64, SessionIdle: time.Hour})
		heap := func() uint64 {
			runtime.GC()
			var m runtime.MemStats
			runtime.ReadMemStats(&m)
			return m.HeapAlloc
		}
		codes := map[int]int{}
		for range 64 {
			code, _ := initSession(t, h, token)
			codes[code]++
		}
		before := heap()
		const flood = 10_000
		for range flood {
			code, _ := initSession(t, h, token)
			codes[code]++
		}
		grown := int64(heap()) - int64(before)
		if codes[http.StatusOK] != 64 || codes[http.StatusServiceUnavailable] != flood {
			t.Errorf("statuses %v: want 64 × 200, then %d × 503", codes, flood)
		}
		// Unbounded, each session kept some 16 KB: 160 MB for the flood.
		if grown > 8<<20 {
			t.Errorf("the live heap grew by %d MiB over %d initialize requests", grown>>20, flood)
		}
	})
	t.Run("idle expiry", func(t *testing.T) {
		const idle = 300 * time.Millisecond
		h := s.HTTPHandler(t.Context(), HTTPOptions{Token: token, MaxSessions: 2, SessionIdle: idle})
		_, idleID := initSession(t, h, token)
		_, busyID := initSession(t, h, token)
		if idleID == "" || busyID == "" || idleID == busyID {
			t.Fatalf("session ids %q, %q", idleID, busyID)
		}
		if code, _ := initSession(t, h, token); code != http.StatusServiceUnavailable {
			t.Errorf("a third session of two: %d, want 503", code)
		}
		for range 4 {
			time.Sleep(idle / 2)
			if code := inSession(t, h, token, busyID); code != http.StatusOK {
				t.Fatalf("a session in use: %d, want 200", code)
			}
		}
		if code := inSession(t, h, token, idleID); code != http.StatusNotFound {
			t.Errorf("a session idle for %v: %d, want 404", 2*idle, code)
		}
		code, again := initSession(t, h, token)
		if code != http.StatusOK || inSession(t, h, token, again) != http.StatusOK {
			t.Errorf("initialize again after expiry: %d", code)
		}
		req := httptest.NewRequest(http.MethodDelete, "/mcp", nil)
		req.Header.Set("Authorization", "Bearer "+token)
		req.Header.Set("Mcp-Session-Id", again)
		h.ServeHTTP(httptest.NewRecorder(), req)
		if code := inSession(t, h, token, again); code != http.StatusNotFound {
			t.Errorf("a session after DELETE: %d, want 404", code)
		}
		if code := inSession(t, h, token, sessionPrefix+"ABCDEFGHIJKLMNOPQRSTUVWXYZ"); code != http.StatusNotFound {
			t.Errorf("a session id never made: %d, want 404", code)
		}
	})
}
