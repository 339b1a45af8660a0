package llm

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
)

// openaiBackend calls the Chat Completions API of OpenAI or of any server
// that speaks it (Ollama's /v1, LM Studio, vLLM, llama.cpp's server).
type openaiBackend struct {
	client   openai.Client
	model    string
	official bool // api.openai.com: max_completion_tokens; others know max_tokens
}

// OpenAIDefaultBase is OpenAI's own API.
const OpenAIDefaultBase = "https://api.openai.com/v1/"

// newOpenAI returns a backend for the server at baseURL ("" means OpenAI)
// with key (local servers take any) and model. An empty model is
// DefaultOpenAIModel on OpenAI, and on another server the first model it
// lists; ResolveModel finds that. httpClient may be nil; its replies are
// capped (replyClient).
func newOpenAI(key, baseURL, model string, httpClient *http.Client) *openaiBackend {
	if baseURL == "" {
		baseURL = OpenAIDefaultBase
	}
	if key == "" {
		key = "none" // local servers ignore it; the SDK wants one
	}
	opts := []option.RequestOption{option.WithAPIKey(key), option.WithBaseURL(baseURL), option.WithMaxRetries(0),
		option.WithHTTPClient(replyClient(httpClient))}
	official := isOpenAIHost(baseURL)
	if model == "" && official {
		model = DefaultOpenAIModel
	}
	return &openaiBackend{client: openai.NewClient(opts...), model: model, official: official}
}

func isOpenAIHost(base string) bool {
	u, err := url.Parse(base)
	return err == nil && strings.EqualFold(u.Hostname(), "api.openai.com")
}

// ResolveModel sets the model when none was given: the first model the
// server lists (GET /models), which is the loaded one on single-model
// servers such as LM Studio, vLLM and llama.cpp.
func (b *openaiBackend) ResolveModel(ctx context.Context) (string, error) {
	if b.model != "" {
		return b.model, nil
	}
	page, err := b.client.Models.List(ctx)
	if err != nil {
		return "", openaiError(err)
	}
	if len(page.Data) == 0 {
		return "", llmErr(CodeModelNotFound, LLMOpenAI, errors.New("the server lists no models"))
	}
	b.model = page.Data[0].ID
	return b.model, nil
}

func (b *openaiBackend) Complete(ctx context.Context, p Prompt) (Reply, error) {
	if _, err := b.ResolveModel(ctx); err != nil {
		return Reply{}, err
	}
	params := openai.ChatCompletionNewParams{
		Model: b.model,
		Messages: []openai.ChatCompletionMessageParamUnion{
			openai.SystemMessage(p.System), openai.UserMessage(p.User),
		},
	}
	if b.official {
		params.MaxCompletionTokens = openai.Int(maxReplyTokens)
	} else {
		params.MaxTokens = openai.Int(maxReplyTokens)
	}
	res, err := b.client.Chat.Completions.New(ctx, params)
	if err != nil {
		var apiErr *openai.Error
		raw := ""
		if errors.As(err, &apiErr) {
			raw = apiErr.RawJSON()
		}
		return Reply{Raw: raw}, openaiError(err)
	}
	if len(res.Choices) == 0 {
		return Reply{Raw: res.RawJSON()}, llmErr(CodeRequest, LLMOpenAI, fmt.Errorf("the reply has no choices"))
	}
	return Reply{Text: res.Choices[0].Message.Content, Model: res.Model, InputTokens: int(res.Usage.PromptTokens),
		OutputTokens: int(res.Usage.CompletionTokens), Raw: res.RawJSON()}, nil
}

func openaiError(err error) error {
	var apiErr *openai.Error
	if errors.As(err, &apiErr) {
		return httpError(LLMOpenAI, apiErr.StatusCode, apiErr.Code+" "+apiErr.Message, err)
	}
	return transportError(LLMOpenAI, err)
}
