package llm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"sort"
	"strings"

	"github.com/ollama/ollama/api"
)

// ollamaBackend calls Ollama's native API (/api/chat), after checking in
// /api/tags that the model is pulled.
type ollamaBackend struct {
	client *api.Client
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
	return &ollamaBackend{client: api.NewClient(u, replyClient(httpClient)), model: model}, nil
}

// ResolveModel checks that the model is pulled, or picks the smallest
// pulled chat model when none was named: the cheapest to run. It returns
// a model_not_found error naming `ollama pull` when the model is missing.
func (b *ollamaBackend) ResolveModel(ctx context.Context) (string, error) {
	list, err := b.client.List(ctx)
	if err != nil {
		return "", ollamaError(err)
	}
	var chat []api.ListModelResponse
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

func (b *ollamaBackend) Complete(ctx context.Context, p Prompt) (Reply, error) {
	if _, err := b.ResolveModel(ctx); err != nil {
		return Reply{}, err
	}
	stream := false
	req := &api.ChatRequest{
		Model:  b.model,
		Stream: &stream,
		Messages: []api.Message{
			{Role: "system", Content: p.System},
			{Role: "user", Content: p.User},
		},
		Options: map[string]any{"num_ctx": ollamaWindow, "num_predict": maxReplyTokens},
	}
	var last api.ChatResponse
	var text strings.Builder
	err := b.client.Chat(ctx, req, func(r api.ChatResponse) error {
		text.WriteString(r.Message.Content)
		last = r
		return nil
	})
	if err != nil {
		return Reply{}, ollamaError(err)
	}
	raw, _ := json.Marshal(last) // the final chunk, with the metrics
	return Reply{Text: text.String(), Model: last.Model, InputTokens: last.PromptEvalCount,
		OutputTokens: last.EvalCount, Raw: string(raw)}, nil
}

func ollamaError(err error) error {
	var se api.StatusError
	if errors.As(err, &se) {
		return httpError(LLMOllama, se.StatusCode, se.ErrorMessage, err)
	}
	var ae api.AuthorizationError
	if errors.As(err, &ae) {
		return httpError(LLMOllama, ae.StatusCode, "", err)
	}
	return transportError(LLMOllama, err)
}
