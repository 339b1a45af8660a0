package llm

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"sort"
	"strings"

	"github.com/gortex/gortex/internal/textutil"
)

// ollamaBackend calls Ollama's REST API (docs.ollama.com/api): /api/tags
// to check that the model is pulled, then /api/chat. It makes the two JSON
// requests with net/http itself. Ollama's Go client (ollama/ollama/api)
// makes the same two, and links golang.org/x/crypto/ssh to sign requests
// to ollama.com, whose package initialisation every gortex command paid
// for; its OpenAI-compatible /v1 endpoint, which openai-go could call,
// sets no context window (num_ctx) and lists models without their size.
type ollamaBackend struct {
	client *http.Client
	base   *url.URL
	model  string
}

// DefaultOllamaHost is where Ollama listens unless OLLAMA_HOST says.
const DefaultOllamaHost = "http://127.0.0.1:11434"

// newOllama returns a backend for the Ollama server at host ("" means
// DefaultOllamaHost) and model ("" means the smallest pulled chat model,
// found by ResolveModel). httpClient may be nil; its replies are capped
// (replyClient).
func newOllama(host, model string, httpClient *http.Client) (*ollamaBackend, error) {
	if host == "" {
		host = DefaultOllamaHost
	}
	if !strings.Contains(host, "://") {
		host = "http://" + host
	}
	u, err := url.Parse(host)
	if err != nil {
		return nil, fmt.Errorf("ollama host %q: %w", host, err)
	}
	return &ollamaBackend{client: replyClient(httpClient), base: u, model: model}, nil
}

// ollamaModel is a pulled model as /api/tags lists it.
type ollamaModel struct {
	Name  string `json:"name"`
	Model string `json:"model"`
	Size  int64  `json:"size"`
}

// ResolveModel checks that the model is pulled, or picks the smallest
// pulled chat model when none was named: the cheapest to run. It returns
// a model_not_found error naming `ollama pull` when the model is missing.
func (b *ollamaBackend) ResolveModel(ctx context.Context) (string, error) {
	var list struct {
		Models []ollamaModel `json:"models"`
	}
	if _, err := b.call(ctx, http.MethodGet, "api/tags", nil, &list); err != nil {
		return "", err
	}
	var chat []ollamaModel
	for _, m := range list.Models {
		if b.model != "" && (m.Name == b.model || m.Model == b.model || strings.TrimSuffix(m.Name, ":latest") == b.model) {
			b.model = m.Name
			return b.model, nil
		}
		if !strings.Contains(strings.ToLower(m.Name), "embed") {
			chat = append(chat, m)
		}
	}
	if b.model != "" {
		return "", llmErr(CodeModelNotFound, LLMOllama, fmt.Errorf("model %q is not pulled; run: ollama pull %s", b.model, b.model))
	}
	if len(chat) == 0 {
		return "", llmErr(CodeModelNotFound, LLMOllama, errors.New("no model is pulled; run: ollama pull llama3.2"))
	}
	sort.Slice(chat, func(i, j int) bool { return chat[i].Size < chat[j].Size })
	b.model = chat[0].Name
	return b.model, nil
}

// ollamaMessage is one message of a chat.
type ollamaMessage struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

func (b *ollamaBackend) Complete(ctx context.Context, p Prompt) (Reply, error) {
	if _, err := b.ResolveModel(ctx); err != nil {
		return Reply{}, err
	}
	req := map[string]any{
		"model":    b.model,
		"stream":   false,
		"messages": []ollamaMessage{{Role: "system", Content: p.System}, {Role: "user", Content: p.User}},
		"options":  map[string]any{"num_ctx": ollamaWindow, "num_predict": maxReplyTokens},
	}
	var res struct {
		Model           string        `json:"model"`
		Message         ollamaMessage `json:"message"`
		PromptEvalCount int           `json:"prompt_eval_count"`
		EvalCount       int           `json:"eval_count"`
	}
	raw, err := b.call(ctx, http.MethodPost, "api/chat", req, &res)
	if err != nil {
		return Reply{Raw: raw}, err
	}
	return Reply{Text: res.Message.Content, Model: res.Model, InputTokens: res.PromptEvalCount,
		OutputTokens: res.EvalCount, Raw: raw}, nil
}

// call sends in (nil for none) as JSON to the API's path and decodes the
// reply into out; it returns the reply as received. A failure is an
// *LLMError: an error status mapped by httpError with the server's
// message ({"error": "..."}), else a transport or decoding failure.
func (b *ollamaBackend) call(ctx context.Context, method, path string, in, out any) (string, error) {
	var body io.Reader
	if in != nil {
		data, err := json.Marshal(in)
		if err != nil {
			return "", llmErr(CodeRequest, LLMOllama, err)
		}
		body = bytes.NewReader(data)
	}
	req, err := http.NewRequestWithContext(ctx, method, b.base.JoinPath(path).String(), body)
	if err != nil {
		return "", llmErr(CodeRequest, LLMOllama, err)
	}
	req.Header.Set("Accept", "application/json")
	if in != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := b.client.Do(req)
	if err != nil {
		return "", transportError(LLMOllama, err)
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	if err != nil {
		return "", transportError(LLMOllama, err)
	}
	if res.StatusCode >= http.StatusBadRequest {
		var e struct {
			Error string `json:"error"`
		}
		msg := strings.TrimSpace(string(data))
		if json.Unmarshal(data, &e) == nil && e.Error != "" {
			msg = e.Error
		}
		return string(data), httpError(LLMOllama, res.StatusCode, msg,
			fmt.Errorf("%s %s: %s: %s", method, "/"+path, res.Status, textutil.Cut(msg, 300)))
	}
	if err := json.Unmarshal(data, out); err != nil {
		return string(data), llmErr(CodeRequest, LLMOllama, fmt.Errorf("/%s: %w", path, err))
	}
	return string(data), nil
}
