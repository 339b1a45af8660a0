package llm

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"strings"
)

// The error codes of the LLM layer. Each LLMError carries one, with help
// that says what to do; the graph's answer is printed after it.
const (
	CodeInvalidAPIKey = "gortex::llm::invalid_api_key"
	CodeRateLimit     = "gortex::llm::rate_limit"
	CodeNetwork       = "gortex::llm::network_error"
	CodeModelNotFound = "gortex::llm::model_not_found"
	// CodeRequest is any other refusal (a 400, a 500 that is no outage).
	CodeRequest = "gortex::llm::request_failed"
)

// LLMError is a backend failure mapped to a code and help.
type LLMError struct {
	Code    string
	Backend string
	Help    string
	Err     error
}

func (e *LLMError) Error() string { return fmt.Sprintf("%s: %s: %v", e.Code, e.Backend, e.Err) }

func (e *LLMError) Unwrap() error { return e.Err }

// CodeHelp is the remedy of each code, as gortex why --help lists them.
var CodeHelp = []struct{ Code, Help string }{
	{CodeInvalidAPIKey, "the key was refused: check ANTHROPIC_API_KEY or OPENAI_API_KEY (a key of that provider, not revoked), or use a local model with --llm ollama"},
	{CodeRateLimit, "too many requests or no quota left: wait a minute and retry, check the account's limits and billing, or use --llm ollama"},
	{CodeNetwork, "the server could not be reached: check the network and base_url (OPENAI_BASE_URL, ANTHROPIC_BASE_URL, OLLAMA_HOST); for Ollama run `ollama serve`"},
	{CodeModelNotFound, "the server does not serve that model: set model under [why] to one it lists; for Ollama run `ollama pull MODEL` (ollama list shows what is pulled)"},
	{CodeRequest, "the server refused the request: run with -vvv to see its response"},
}

func helpFor(code string) string {
	for _, c := range CodeHelp {
		if c.Code == code {
			return c.Help
		}
	}
	return ""
}

func llmErr(code, backend string, err error) *LLMError {
	return &LLMError{Code: code, Backend: backend, Help: helpFor(code), Err: err}
}

// httpError maps an HTTP status of backend's API to an LLMError. msg is
// the server's error text, used to tell a missing model from another 404.
func httpError(backend string, status int, msg string, err error) *LLMError {
	low := strings.ToLower(msg)
	switch {
	case status == 401 || status == 403:
		return llmErr(CodeInvalidAPIKey, backend, err)
	case status == 429 || status == 529: // 529: Anthropic's "overloaded"
		return llmErr(CodeRateLimit, backend, err)
	case status == 404 || strings.Contains(low, "model") && (strings.Contains(low, "not found") || strings.Contains(low, "does not exist")):
		return llmErr(CodeModelNotFound, backend, err)
	case status == 502 || status == 503 || status == 504:
		return llmErr(CodeNetwork, backend, err)
	}
	return llmErr(CodeRequest, backend, err)
}

// transportError maps an error that has no HTTP status: the connection
// failed, timed out or was cancelled.
func transportError(backend string, err error) *LLMError {
	var ne net.Error
	var ue *url.Error
	var oe *net.OpError
	switch {
	case isTooLarge(err):
		return llmErr(CodeRequest, backend, err)
	case errors.As(err, &oe), errors.As(err, &ue), errors.As(err, &ne),
		errors.Is(err, context.DeadlineExceeded):
		return llmErr(CodeNetwork, backend, err)
	}
	return llmErr(CodeRequest, backend, err)
}
