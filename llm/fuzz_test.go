package llm

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"
)

// FuzzConfig feeds arbitrary repository configs to LoadConfig, with an
// empty user config: it must not panic, and whatever the file says, no
// base_url or acknowledgement comes from it.
func FuzzConfig(f *testing.F) {
	f.Add("[why]\nllm = \"anthropic\"\nbase_url = \"http://attacker\"\nacknowledged = [\"anthropic\"]\n")
	f.Add(ConfigTemplate)
	f.Add("[why]\nmax_cost_usd = -1\n[why.x]\ny = 1\n")
	f.Add("why = 3\n")
	root, xdg := f.TempDir(), f.TempDir()
	os.Mkdir(filepath.Join(root, ".gortex"), 0o755)
	f.Fuzz(func(t *testing.T, text string) {
		t.Setenv("XDG_CONFIG_HOME", xdg)
		if err := os.WriteFile(ConfigPath(root), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		cfg, err := LoadConfig(root)
		if err != nil {
			return
		}
		if cfg.BaseURL != "" || len(cfg.Acknowledged) != 0 || cfg.MaxCostUSD > DefaultMaxCostUSD {
			t.Fatalf("the repository config set base_url %q, acknowledged %v or raised the cost limit to %v", cfg.BaseURL, cfg.Acknowledged, cfg.MaxCostUSD)
		}
		if cfg.LLM != "" && !slices.Contains(LLMNames, cfg.LLM) {
			t.Fatalf("llm %q", cfg.LLM)
		}
	})
}

// fuzzErrorServer answers every request with the status and body last set.
type fuzzErrorServer struct {
	mu     sync.Mutex
	status int
	body   string
}

func (s *fuzzErrorServer) set(status int, body string) {
	s.mu.Lock()
	s.status, s.body = status, body
	s.mu.Unlock()
}

func (s *fuzzErrorServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	io.Copy(io.Discard, r.Body)
	s.mu.Lock()
	status, body := s.status, s.body
	s.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	io.WriteString(w, body)
}

// FuzzLLMErrorBodies has every HTTP backend talk to a server that answers
// an arbitrary error status and body: each must return an *LLMError with
// one of the documented codes, never panic nor hang; and the claude CLI's
// error text maps to a code too.
func FuzzLLMErrorBodies(f *testing.F) {
	f.Add(429, `{"type":"error","error":{"type":"rate_limit_error","message":"slow down"}}`)
	f.Add(404, `{"error":{"message":"model \"x\" not found","type":"invalid_request_error","code":"model_not_found"}}`)
	f.Add(500, `{"error":"boom"}`)
	f.Add(401, "not json at all \x00\xff")
	f.Add(400, `{"error":{"message":`+`"`+string(make([]byte, 10))+`"}}`)
	srv := &fuzzErrorServer{}
	ts := httptest.NewServer(srv)
	f.Cleanup(ts.Close)
	client := &http.Client{Timeout: 5 * time.Second}
	ollama, err := newOllama(ts.URL, "m", client)
	if err != nil {
		f.Fatal(err)
	}
	backends := []Backend{newAnthropic("k", ts.URL, "m", client), newOpenAI("k", ts.URL+"/v1", "m", client), ollama}
	codes := map[string]bool{CodeInvalidAPIKey: true, CodeRateLimit: true, CodeNetwork: true, CodeModelNotFound: true, CodeRequest: true}
	f.Fuzz(func(t *testing.T, status int, body string) {
		status = 400 + (status%200+200)%200 // 400-599: an error status
		srv.set(status, body)
		for _, b := range backends {
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			_, err := b.Complete(ctx, Prompt{System: "s", User: "u"})
			cancel()
			var le *LLMError
			if !errors.As(err, &le) || !codes[le.Code] {
				t.Fatalf("%T on %d %q: %v, want an LLMError with a known code", b, status, body, err)
			}
		}
		var le *LLMError
		if !errors.As(claudeError(body), &le) || !codes[le.Code] {
			t.Fatalf("claude CLI error %q: no known code", body)
		}
	})
}
