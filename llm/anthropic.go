package llm

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/option"
)

// anthropicBackend calls the Anthropic Messages API through the official
// SDK.
type anthropicBackend struct {
	client anthropic.Client
	model  string
}

// newAnthropic returns a backend for model ("" means the cheapest,
// DefaultAnthropicModel) with key, at baseURL ("" means the SDK's default
// or ANTHROPIC_BASE_URL). httpClient may be nil; its replies are capped
// (replyClient).
func newAnthropic(key, baseURL, model string, httpClient *http.Client) Backend {
	opts := []option.RequestOption{option.WithAPIKey(key), option.WithMaxRetries(0), option.WithHTTPClient(replyClient(httpClient))}
	if baseURL != "" {
		opts = append(opts, option.WithBaseURL(baseURL))
	}
	if model == "" {
		model = DefaultAnthropicModel
	}
	// Retries are off: a why answer falls back to the graph at once rather
	// than wait out a rate limit.
	return &anthropicBackend{client: anthropic.NewClient(opts...), model: model}
}

func (b *anthropicBackend) Complete(ctx context.Context, p Prompt) (Reply, error) {
	msg, err := b.client.Messages.New(ctx, anthropic.MessageNewParams{
		Model:     b.model,
		MaxTokens: maxReplyTokens,
		System:    []anthropic.TextBlockParam{{Text: p.System}},
		Messages:  []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock(p.User))},
	})
	if err != nil {
		var apiErr *anthropic.Error
		if errors.As(err, &apiErr) {
			return Reply{Raw: apiErr.RawJSON()}, httpError(LLMAnthropic, apiErr.StatusCode, apiErr.Message+" "+string(apiErr.Type()), err)
		}
		return Reply{}, transportError(LLMAnthropic, err)
	}
	var text strings.Builder
	for _, c := range msg.Content {
		if c.Type == "text" {
			text.WriteString(c.Text)
		}
	}
	return Reply{Text: text.String(), Model: msg.Model, InputTokens: int(msg.Usage.InputTokens),
		OutputTokens: int(msg.Usage.OutputTokens), Raw: msg.RawJSON()}, nil
}
