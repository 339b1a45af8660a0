package llm

import (
	"strings"

	"github.com/gortex/gortex/internal/textutil"
)

// model is what the LLM layer knows of a model: its context window in
// tokens and its list price in US dollars per million input and output
// tokens (0 for a local model).
type model struct {
	window    int
	inPerM    float64
	outPerM   float64
	knownCost bool
}

// The default model of each backend is its cheapest. Prices and windows are
// the providers' published list prices (anthropic.com/pricing, Oct 2025;
// openai.com/api/pricing, Apr 2025); a model not listed has an unknown cost.
const (
	DefaultAnthropicModel = "claude-haiku-4-5"
	DefaultOpenAIModel    = "gpt-4.1-nano"
	DefaultClaudeCLIModel = "haiku" // the claude CLI's alias of its Haiku model
)

var models = map[string]model{
	"claude-haiku-4-5":  {200_000, 1, 5, true},
	"claude-3-5-haiku":  {200_000, 0.8, 4, true},
	"claude-sonnet-4-5": {200_000, 3, 15, true},
	"claude-sonnet-4":   {200_000, 3, 15, true},
	"claude-opus-4":     {200_000, 15, 75, true},
	"haiku":             {200_000, 1, 5, true},
	"sonnet":            {200_000, 3, 15, true},
	"opus":              {200_000, 15, 75, true},
	"gpt-4.1-nano":      {1_047_576, 0.10, 0.40, true},
	"gpt-4.1-mini":      {1_047_576, 0.40, 1.60, true},
	"gpt-4.1":           {1_047_576, 2, 8, true},
	"gpt-4o-mini":       {128_000, 0.15, 0.60, true},
	"gpt-4o":            {128_000, 2.5, 10, true},
	"gpt-5-nano":        {400_000, 0.05, 0.40, true},
	"gpt-5-mini":        {400_000, 0.25, 2, true},
}

// Context windows when the model is not listed: Ollama's window is what
// gortex asks for (num_ctx; Ollama's own default of 2,048 or 4,096 tokens
// silently cuts longer prompts); an unknown hosted model is assumed small.
const (
	ollamaWindow  = 8192
	unknownWindow = 8192
)

// lookupModel finds name or the longest listed prefix of it, so that dated
// names ("claude-haiku-4-5-20251001") price as their family.
func lookupModel(name string) (model, bool) {
	best, found := "", false
	for k := range models {
		if strings.HasPrefix(name, k) && len(k) > len(best) {
			best, found = k, true
		}
	}
	return models[best], found
}

// windowOf is the context window of name, or fallback when not listed.
func windowOf(name string, fallback int) int {
	if m, ok := lookupModel(name); ok {
		return m.window
	}
	return fallback
}

// EstimateTokens estimates the tokens of text (textutil.EstimateTokens).
func EstimateTokens(text string) int { return textutil.EstimateTokens(text) }

// EstimateCost estimates the cost in US dollars of sending p to llm and
// getting the longest reply allowed. ok is false when the price is unknown;
// a local model costs 0.
func EstimateCost(llm *LLM, p Prompt) (usd float64, ok bool) {
	if llm.Local {
		return 0, true
	}
	m, found := lookupModel(llm.Model)
	if !found || !m.knownCost {
		return 0, false
	}
	return float64(p.Tokens)*m.inPerM/1e6 + float64(maxReplyTokens)*m.outPerM/1e6, true
}
