package mcp

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
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
	ts := httptest.NewServer(s.HTTPHandler(HTTPOptions{Token: token, MaxBody: 4096}))
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

// Without a token the server answers anyone on loopback, and refuses to
// listen anywhere else.
func TestServeHTTP(t *testing.T) {
	s, err := New(fixture(t), Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, addr := range []string{"0.0.0.0:0", "[::]:0", "192.0.2.1:0", "example.com:0"} {
		if err := s.ServeHTTP(context.Background(), HTTPOptions{Addr: addr}, nil); !errors.Is(err, ErrExposed) {
			t.Errorf("ServeHTTP(%s) without a token = %v, want ErrExposed", addr, err)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	urls := make(chan string, 1)
	done := make(chan error, 1)
	go func() { done <- s.ServeHTTP(ctx, HTTPOptions{Addr: ":0"}, func(u string) { urls <- u }) }()
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
	c := httpClient(t, url, nil)
	if a := callJSON[query.Answer](t, c, "why", map[string]any{"id": "ledger.Record"}); a.Count == 0 {
		t.Errorf("why over HTTP without a token: %+v", a)
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("shutdown: %v", err)
	}
}
