package llm

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gortex/gortex/query"
)

// No test here reaches a real service: every backend talks to an httptest
// server on the loopback, or to a fake claude script.

// sampleAnswer is a symbol answer of two entries.
func sampleAnswer() *query.Answer {
	return &query.Answer{Query: "billing.Invoice.Finalize", Count: 2,
		Symbol: &query.SymbolRef{ID: "billing/invoice.go::Invoice.Finalize", Qualified: "example.com/shop/billing.Invoice.Finalize",
			Kind: "method", Path: "billing/invoice.go", Line: 62},
		Rationale: []query.Entry{
			{SourceID: "doc:docs/adr/0001-use-a-ledger.md#L27", Kind: "content", Signal: "named", Path: "docs/adr/0001-use-a-ledger.md",
				Line: 27, Section: "Decision", AssetKind: "adr", Text: "`Invoice.Finalize` records one ledger entry per invoice line."},
			{SourceID: "commit:" + strings.Repeat("c", 40), Kind: "commit", Signal: "commit", Path: "billing/invoice.go",
				Section: "Enforce the limit (#12)", AssetKind: "commit", Commit: strings.Repeat("c", 40), Author: "Ada",
				Date: "2024-01-03T12:00:00Z", Refs: query.Refs{"#12"}, Text: "Finance asked for it."},
		}}
}

const goodReply = "ANSWER:\nFinalize records one ledger entry per line [1]; the limit became blocking in January 2024 [2].\n" +
	"ARTIFACTS:\n- billing/invoice.go (High)\n- docs/adr/0001-use-a-ledger.md (Medium)\n" +
	"SUGGESTIONS:\n- gortex why ledger.Record\n"

func testPrompt() Prompt { return BuildPrompt(PromptInput{Answer: sampleAnswer()}) }

// checkSummary runs Summarize and checks that the good reply landed.
func checkSummary(t *testing.T, llm *LLM) {
	t.Helper()
	a := sampleAnswer()
	r, err := Summarize(context.Background(), llm, a, testPrompt())
	if err != nil {
		t.Fatalf("Summarize: %v", err)
	}
	if !strings.HasPrefix(a.Summary, "Finalize records") || !slices.Equal(a.Cited, []int{1, 2}) || a.Backend != llm.Name {
		t.Errorf("summary %q cited %v backend %q", a.Summary, a.Cited, a.Backend)
	}
	if len(a.Artifacts) != 2 || a.Artifacts[0] != (query.Artifact{Path: "billing/invoice.go", Relevance: "High"}) ||
		!slices.Equal(a.Suggestions, []string{"gortex why ledger.Record"}) {
		t.Errorf("artifacts %v suggestions %v", a.Artifacts, a.Suggestions)
	}
	if r.InputTokens == 0 || r.OutputTokens == 0 || r.Raw == "" {
		t.Errorf("reply lacks tokens or raw: %+v", r)
	}
}

func decode(t *testing.T, r *http.Request) map[string]any {
	t.Helper()
	var body map[string]any
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
		t.Errorf("request body: %v", err)
	}
	return body
}

// refusedURL is an address nothing listens on.
func refusedURL(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	return "http://" + addr
}

// errorServer answers every request with status and body.
func errorServer(t *testing.T, status int, body string) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		io.WriteString(w, body)
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

func wantCode(t *testing.T, err error, code string) {
	t.Helper()
	var le *LLMError
	if !errors.As(err, &le) || le.Code != code {
		t.Fatalf("error %v, want code %s", err, code)
	}
	if le.Help == "" {
		t.Errorf("%s has no help", code)
	}
}

func TestAnthropicBackend(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// The v2 SDK sends the key as a bearer token; v1 sent X-Api-Key.
		key := r.Header.Get("X-Api-Key") + strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
		if r.Method != http.MethodPost || r.URL.Path != "/v1/messages" || key != "sk-test" {
			t.Errorf("request %s %s key %q", r.Method, r.URL.Path, key)
		}
		body := decode(t, r)
		sys, _ := body["system"].([]any)
		msgs, _ := body["messages"].([]any)
		if body["model"] != DefaultAnthropicModel || len(sys) != 1 || len(msgs) != 1 || body["max_tokens"] != float64(maxReplyTokens) {
			t.Errorf("body %v", body)
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{
			"id": "msg_1", "type": "message", "role": "assistant", "model": DefaultAnthropicModel,
			"content":     []any{map[string]any{"type": "text", "text": goodReply}},
			"stop_reason": "end_turn", "usage": map[string]any{"input_tokens": 812, "output_tokens": 64},
		})
	}))
	defer srv.Close()
	env := Env{Getenv: mapEnv(map[string]string{"ANTHROPIC_API_KEY": "sk-test", "ANTHROPIC_BASE_URL": srv.URL})}
	llm, err := Select(context.Background(), Config{}, LLMAnthropic, env)
	if err != nil {
		t.Fatal(err)
	}
	if llm.Local || llm.Model != DefaultAnthropicModel || llm.Provider != "Anthropic" {
		t.Errorf("llm %+v", llm)
	}
	checkSummary(t, llm)

	errs := []struct {
		name, code, body string
		status           int
	}{
		{"invalid key", CodeInvalidAPIKey, `{"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"}}`, 401},
		{"rate limit", CodeRateLimit, `{"type":"error","error":{"type":"rate_limit_error","message":"Number of requests has exceeded your rate limit"}}`, 429},
		{"unknown model", CodeModelNotFound, `{"type":"error","error":{"type":"not_found_error","message":"model: claude-nope"}}`, 404},
	}
	for _, tt := range errs {
		t.Run(tt.name, func(t *testing.T) {
			b := newAnthropic("sk-test", errorServer(t, tt.status, tt.body), "claude-nope", nil)
			_, err := b.Complete(context.Background(), testPrompt())
			wantCode(t, err, tt.code)
		})
	}
	t.Run("connection refused", func(t *testing.T) {
		_, err := newAnthropic("sk-test", refusedURL(t), "", nil).Complete(context.Background(), testPrompt())
		wantCode(t, err, CodeNetwork)
	})
}

func TestOpenAIBackend(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		switch r.URL.Path {
		case "/v1/models":
			io.WriteString(w, `{"object":"list","data":[{"id":"qwen2.5-7b-instruct","object":"model","created":1,"owned_by":"local"}]}`)
		case "/v1/chat/completions":
			body := decode(t, r)
			msgs, _ := body["messages"].([]any)
			if body["model"] != "qwen2.5-7b-instruct" || len(msgs) != 2 || body["max_tokens"] != float64(maxReplyTokens) {
				t.Errorf("body %v", body)
			}
			json.NewEncoder(w).Encode(map[string]any{
				"id": "c1", "object": "chat.completion", "created": 1, "model": "qwen2.5-7b-instruct",
				"choices": []any{map[string]any{"index": 0, "finish_reason": "stop",
					"message": map[string]any{"role": "assistant", "content": goodReply}}},
				"usage": map[string]any{"prompt_tokens": 700, "completion_tokens": 60, "total_tokens": 760},
			})
		default:
			t.Errorf("unexpected %s %s", r.Method, r.URL.Path)
		}
	}))
	defer srv.Close()
	// An OpenAI-compatible server on the loopback (LM Studio, vLLM): no key,
	// the model is the first it lists, nothing leaves the machine.
	llm, err := Select(context.Background(), Config{BaseURL: srv.URL + "/v1"}, LLMOpenAI, Env{Getenv: mapEnv(nil)})
	if err != nil {
		t.Fatal(err)
	}
	if !llm.Local {
		t.Errorf("a loopback server is not local: %+v", llm)
	}
	checkSummary(t, llm)

	errs := []struct {
		name, code, body string
		status           int
	}{
		{"invalid key", CodeInvalidAPIKey, `{"error":{"message":"Incorrect API key provided","type":"invalid_request_error","param":null,"code":"invalid_api_key"}}`, 401},
		{"rate limit", CodeRateLimit, `{"error":{"message":"Rate limit reached","type":"requests","param":null,"code":"rate_limit_exceeded"}}`, 429},
		{"unknown model", CodeModelNotFound, "{\"error\":{\"message\":\"The model `gpt-nope` does not exist or you do not have access to it.\",\"type\":\"invalid_request_error\",\"param\":null,\"code\":\"model_not_found\"}}", 404},
	}
	for _, tt := range errs {
		t.Run(tt.name, func(t *testing.T) {
			b := newOpenAI("sk-test", errorServer(t, tt.status, tt.body)+"/v1", "gpt-nope", nil)
			_, err := b.Complete(context.Background(), testPrompt())
			wantCode(t, err, tt.code)
		})
	}
	t.Run("connection refused", func(t *testing.T) {
		_, err := newOpenAI("sk-test", refusedURL(t)+"/v1", "gpt-4.1-nano", nil).Complete(context.Background(), testPrompt())
		wantCode(t, err, CodeNetwork)
	})
	t.Run("official default model", func(t *testing.T) {
		b := newOpenAI("sk-test", "", "", nil)
		if b.model != DefaultOpenAIModel || !b.official {
			t.Errorf("model %q official %v", b.model, b.official)
		}
	})
}

// ollamaServer fakes Ollama with the given pulled models.
func ollamaServer(t *testing.T, models ...string) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		switch r.URL.Path {
		case "/api/tags":
			var list []any
			for i, m := range models {
				list = append(list, map[string]any{"name": m, "model": m, "size": 4_000_000_000 - i*1_000_000_000,
					"digest": "sha256:0", "modified_at": "2025-01-01T00:00:00Z"})
			}
			json.NewEncoder(w).Encode(map[string]any{"models": list})
		case "/api/chat":
			body := decode(t, r)
			opts, _ := body["options"].(map[string]any)
			if body["stream"] != false || opts["num_ctx"] != float64(ollamaWindow) {
				t.Errorf("chat body %v", body)
			}
			json.NewEncoder(w).Encode(map[string]any{"model": body["model"], "created_at": "2025-01-01T00:00:00Z",
				"message": map[string]any{"role": "assistant", "content": goodReply}, "done": true, "done_reason": "stop",
				"prompt_eval_count": 690, "eval_count": 58})
		default:
			t.Errorf("unexpected %s %s", r.Method, r.URL.Path)
		}
	}))
	t.Cleanup(srv.Close)
	return srv
}

func TestOllamaBackend(t *testing.T) {
	srv := ollamaServer(t, "llama3.1:8b", "nomic-embed-text:latest", "llama3.2:latest")
	env := Env{Getenv: mapEnv(map[string]string{"OLLAMA_HOST": srv.URL})}
	llm, err := Select(context.Background(), Config{}, LLMOllama, env)
	if err != nil {
		t.Fatal(err)
	}
	// The smallest chat model: the embedding model is smaller but cannot chat.
	if llm.Model != "llama3.2:latest" || !llm.Local {
		t.Errorf("llm %+v", llm)
	}
	checkSummary(t, llm)

	t.Run("model not pulled", func(t *testing.T) {
		_, err := Select(context.Background(), Config{Model: "mistral"}, LLMOllama, env)
		wantCode(t, err, CodeModelNotFound)
		if !strings.Contains(err.Error(), "ollama pull mistral") {
			t.Errorf("error %v does not say how to pull", err)
		}
	})
	t.Run("model named without tag", func(t *testing.T) {
		llm, err := Select(context.Background(), Config{Model: "llama3.2"}, LLMOllama, env)
		if err != nil || llm.Model != "llama3.2:latest" {
			t.Errorf("llm %+v, %v", llm, err)
		}
	})
	t.Run("unauthorized", func(t *testing.T) {
		b, _ := newOllama(errorServer(t, 401, `{"error":"unauthorized"}`), "llama3.2", nil)
		_, err := b.Complete(context.Background(), testPrompt())
		wantCode(t, err, CodeInvalidAPIKey)
	})
	t.Run("rate limit", func(t *testing.T) {
		b, _ := newOllama(errorServer(t, 429, `{"error":"too many requests"}`), "llama3.2", nil)
		_, err := b.Complete(context.Background(), testPrompt())
		wantCode(t, err, CodeRateLimit)
	})
	t.Run("connection refused", func(t *testing.T) {
		_, err := Select(context.Background(), Config{}, LLMOllama, Env{Getenv: mapEnv(map[string]string{"OLLAMA_HOST": refusedURL(t)})})
		wantCode(t, err, CodeNetwork)
	})
}

// fakeClaude writes a claude script to a temporary directory that records
// its arguments, working directory (pwd.txt), what that directory holds
// (ls.txt) and stdin, and prints reply; it returns the directory.
func fakeClaude(t *testing.T, reply string, exit int) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "reply.json"), []byte(reply), 0o644); err != nil {
		t.Fatal(err)
	}
	script := "#!/bin/sh\nd=$(dirname \"$0\")\necho \"$@\" > \"$d/args.txt\"\npwd > \"$d/pwd.txt\"\nls -A > \"$d/ls.txt\"\n" +
		"cat > \"$d/stdin.txt\"\ncat \"$d/reply.json\"\nexit " +
		string(rune('0'+exit)) + "\n"
	if err := os.WriteFile(filepath.Join(dir, "claude"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestClaudeCLIBackend(t *testing.T) {
	res, _ := json.Marshal(map[string]any{"type": "result", "subtype": "success", "is_error": false, "result": goodReply,
		"total_cost_usd": 0.002, "usage": map[string]any{"input_tokens": 800, "output_tokens": 60}})
	dir := fakeClaude(t, string(res), 0)
	t.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	llm, err := Select(context.Background(), Config{}, LLMClaudeCLI, Env{Getenv: mapEnv(nil)})
	if err != nil {
		t.Fatal(err)
	}
	checkSummary(t, llm)
	stdin, _ := os.ReadFile(filepath.Join(dir, "stdin.txt"))
	args, _ := os.ReadFile(filepath.Join(dir, "args.txt"))
	if !strings.HasPrefix(string(stdin), roleLine) || !strings.Contains(string(stdin), "Question: Why does example.com/shop/billing.Invoice.Finalize exist?") {
		t.Errorf("the prompt did not arrive on stdin:\n%s", stdin)
	}
	if !strings.Contains(string(args), "-p --output-format json --model haiku --disallowedTools") ||
		!strings.Contains(string(args), "--setting-sources user\n") {
		t.Errorf("args %q", args)
	}
	// The CLI runs from an empty directory of its own, removed after, never
	// from the repository (here the package's directory, the test's cwd)
	// with its .claude/settings.json.
	pwd, _ := os.ReadFile(filepath.Join(dir, "pwd.txt"))
	ls, err := os.ReadFile(filepath.Join(dir, "ls.txt"))
	cwd, _ := os.Getwd()
	wd := strings.TrimSpace(string(pwd))
	if err != nil || wd == "" || wd == cwd || len(ls) != 0 {
		t.Errorf("the CLI ran in %q (test cwd %q) holding %q", wd, cwd, ls)
	}
	if _, err := os.Stat(wd); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the CLI's directory %s is left behind: %v", wd, err)
	}

	t.Run("not logged in", func(t *testing.T) {
		res, _ := json.Marshal(map[string]any{"type": "result", "is_error": true, "result": "Invalid API key · Please run /login"})
		b := newClaudeCLI(filepath.Join(fakeClaude(t, string(res), 1), "claude"), "")
		_, err := b.Complete(context.Background(), testPrompt())
		wantCode(t, err, CodeInvalidAPIKey)
	})
	t.Run("plain text output", func(t *testing.T) {
		b := newClaudeCLI(filepath.Join(fakeClaude(t, goodReply, 0), "claude"), "")
		r, err := b.Complete(context.Background(), testPrompt())
		if err != nil || r.Text != goodReply {
			t.Errorf("reply %q, %v", r.Text, err)
		}
	})
}

func mapEnv(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func TestAgentSession(t *testing.T) {
	tests := []struct {
		env  map[string]string
		want string
	}{
		{nil, ""},
		{map[string]string{"CLAUDECODE": "1"}, "CLAUDECODE"},
		{map[string]string{"CURSOR_AGENT": "1"}, "CURSOR_AGENT"},
		{map[string]string{"CURSOR_AGENT": "1", "CLAUDECODE": "1", "GORTEX_AGENT": "1"}, "GORTEX_AGENT"},
		{map[string]string{"CURSOR_AGENT": "1", "CLAUDECODE": "1"}, "CLAUDECODE"},
		{map[string]string{"CLAUDECODE": ""}, ""},
	}
	for _, tt := range tests {
		if got := (Env{Getenv: mapEnv(tt.env)}).AgentSession(); got != tt.want {
			t.Errorf("AgentSession(%v) = %q, want %q", tt.env, got, tt.want)
		}
	}
}

func TestSelectAuto(t *testing.T) {
	ollama := ollamaServer(t, "llama3.2:latest")
	noClaude := func(string) (string, error) { return "", errors.New("not found") }
	hasClaude := func(string) (string, error) { return "/usr/local/bin/claude", nil }
	refused := refusedURL(t)
	tests := []struct {
		name     string
		env      map[string]string
		lookPath func(string) (string, error)
		want     string
	}{
		{"anthropic key first, even in an agent", map[string]string{"ANTHROPIC_API_KEY": "k", "OPENAI_API_KEY": "k", "CLAUDECODE": "1", "OLLAMA_HOST": ollama.URL}, hasClaude, LLMAnthropic},
		{"openai key", map[string]string{"OPENAI_API_KEY": "k", "CLAUDECODE": "1"}, hasClaude, LLMOpenAI},
		{"agent before ollama", map[string]string{"CLAUDECODE": "1", "OLLAMA_HOST": ollama.URL}, hasClaude, LLMAgent},
		{"ollama before claude", map[string]string{"OLLAMA_HOST": ollama.URL}, hasClaude, LLMOllama},
		{"never the claude cli", map[string]string{"OLLAMA_HOST": refused}, hasClaude, ""},
		{"agent, not the claude cli, inside an agent", map[string]string{"CURSOR_AGENT": "1", "OLLAMA_HOST": refused}, hasClaude, LLMAgent},
		{"nothing", map[string]string{"OLLAMA_HOST": refused}, noClaude, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			llm, err := Select(context.Background(), Config{}, LLMAuto, Env{Getenv: mapEnv(tt.env), LookPath: tt.lookPath})
			if tt.want == "" {
				var nb *NoBackendError
				if !errors.As(err, &nb) || llm != nil {
					t.Fatalf("got %+v, %v; want a NoBackendError", llm, err)
				}
				if len(nb.Missing) != len(autoOrder) || strings.Contains(strings.Join(nb.Missing, ";"), "claude") || nb.Error() != "no LLM backend found" || !strings.Contains(nb.Remedy(), "ANTHROPIC_API_KEY") || !strings.Contains(nb.Remedy(), "ollama serve") {
					t.Errorf("error %v remedy %q", nb, nb.Remedy())
				}
				return
			}
			if err != nil || llm == nil || llm.Name != tt.want {
				t.Fatalf("got %+v, %v; want %s", llm, err, tt.want)
			}
		})
	}
	t.Run("none", func(t *testing.T) {
		if llm, err := Select(context.Background(), Config{}, LLMNone, Env{}); llm != nil || err != nil {
			t.Errorf("none: %+v, %v", llm, err)
		}
	})
	t.Run("explicit agent outside an agent session", func(t *testing.T) {
		llm, err := Select(context.Background(), Config{}, LLMAgent, Env{Getenv: mapEnv(nil)})
		if err != nil || llm.Name != LLMAgent {
			t.Errorf("agent: %+v, %v", llm, err)
		}
	})
	t.Run("explicit anthropic without a key", func(t *testing.T) {
		_, err := Select(context.Background(), Config{}, LLMAnthropic, Env{Getenv: mapEnv(nil)})
		var nb *NoBackendError
		if !errors.As(err, &nb) || !strings.Contains(err.Error(), "ANTHROPIC_API_KEY is not set") {
			t.Errorf("err %v", err)
		}
	})
}

func TestEstimateCost(t *testing.T) {
	p := Prompt{Tokens: 3000}
	usd, ok := EstimateCost(&LLM{Model: DefaultAnthropicModel}, p)
	// 3,000 × $1/M + 1,024 × $5/M
	if !ok || usd < 0.0081 || usd > 0.0082 {
		t.Errorf("haiku: %v %v", usd, ok)
	}
	if usd, ok := EstimateCost(&LLM{Model: "claude-haiku-4-5-20251001"}, p); !ok || usd < 0.008 {
		t.Errorf("dated name not priced: %v %v", usd, ok)
	}
	if _, ok := EstimateCost(&LLM{Model: "some-new-model"}, p); ok {
		t.Error("unknown model priced")
	}
	if usd, ok := EstimateCost(&LLM{Model: "llama3.2", Local: true}, p); !ok || usd != 0 {
		t.Errorf("local model costs %v", usd)
	}
}
