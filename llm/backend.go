package llm

import (
	"context"
	"time"
)

// Backend is a language model that phrases a why answer. It sees only the
// prompt built from the graph's entries (BuildPrompt), so it can rephrase
// what the graph returned but has nothing else to add. Implementations are
// anthropic.go, openai.go, ollama.go and claude.go; each reports failures
// as an *LLMError.
type Backend interface {
	Complete(ctx context.Context, p Prompt) (Reply, error)
}

// Reply is a backend's answer with what -vvv reports.
type Reply struct {
	Text         string
	Model        string // the model that answered, as the backend says
	InputTokens  int    // 0 when the backend does not say
	OutputTokens int
	Raw          string // the response as received (JSON or text)
	Elapsed      time.Duration
}

// The backend names, as --llm and the [why] llm setting spell them.
const (
	LLMAuto      = "auto"
	LLMAnthropic = "anthropic"
	LLMOpenAI    = "openai"
	LLMOllama    = "ollama"
	LLMClaudeCLI = "claude-cli"
	LLMAgent     = "agent"
	LLMNone      = "none"
)

// LLMNames lists every accepted backend name, auto first.
var LLMNames = []string{LLMAuto, LLMAnthropic, LLMOpenAI, LLMOllama, LLMClaudeCLI, LLMAgent, LLMNone}

// LLM is a chosen backend and what the CLI says about it.
type LLM struct {
	Name    string  // one of the LLM* names
	Model   string  // the model asked for ("" in agent mode)
	Local   bool    // nothing leaves this machine
	Reason  string  // why it was chosen: "ANTHROPIC_API_KEY is set"
	Backend Backend // nil in agent mode
	// Provider names who receives the entries, for the privacy notice:
	// "Anthropic", "OpenAI", the base URL's host; "" when Local.
	Provider string
	// Window is the model's context window in tokens, for the budget.
	Window int
}

// maxReplyTokens caps a reply: the task asks for a short answer, a few
// artifacts and suggestions, which fit in well under 1,000 tokens.
const maxReplyTokens = 1024
