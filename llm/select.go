package llm

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"strings"
	"time"
)

// Env is what backend selection reads of the outside world. The zero value
// is the process's environment, PATH and an HTTP client with a timeout;
// tests replace them.
type Env struct {
	Getenv   func(string) string
	LookPath func(string) (string, error)
	HTTP     *http.Client
}

func (e Env) getenv(k string) string {
	if e.Getenv != nil {
		return e.Getenv(k)
	}
	return os.Getenv(k)
}

func (e Env) lookPath(name string) (string, error) {
	if e.LookPath != nil {
		return e.LookPath(name)
	}
	return exec.LookPath(name)
}

// llmTimeout bounds one LLM call: a small local model on two CPU cores
// takes about a minute for a thousand-token reply.
const llmTimeout = 3 * time.Minute

func (e Env) http() *http.Client {
	if e.HTTP != nil {
		return e.HTTP
	}
	return &http.Client{Timeout: llmTimeout}
}

// AgentVars mark a coding agent's session when set and not empty, checked
// in this order: gortex's own, Claude Code's, Cursor's.
var AgentVars = []string{"GORTEX_AGENT", "CLAUDECODE", "CURSOR_AGENT"}

// AgentSession returns the first of AgentVars that is set, or "".
func (e Env) AgentSession() string {
	for _, v := range AgentVars {
		if e.getenv(v) != "" {
			return v
		}
	}
	return ""
}

// ollamaProbe bounds auto's look for a local Ollama: a running server
// answers /api/tags in milliseconds, and why must not wait for a dead one.
const ollamaProbe = 800 * time.Millisecond

// NoBackendError says that no backend could be used, and what was missing.
type NoBackendError struct {
	Name    string   // the backend asked for, or auto
	Missing []string // what each candidate lacked
}

// Error names the backend's lack; under auto, where every candidate lacks
// something, it stays short: Missing has the list.
func (e *NoBackendError) Error() string {
	if e.Name == LLMAuto {
		return "no LLM backend found"
	}
	return fmt.Sprintf("no LLM backend (%s): %s", e.Name, strings.Join(e.Missing, "; "))
}

// Remedy says how to get a backend, and how to silence the warning of a
// command that answers without one (why).
func (e *NoBackendError) Remedy() string {
	return "to have answers summarised, " + e.Setup() + " " +
		`Silence this with --no-llm, or llm = "none" under [why] in ~/.config/gortex/config.toml or .gortex/config.toml.`
}

// Setup says how to get a backend, for a command that cannot work without
// one (reflect), where silencing is no remedy.
func (e *NoBackendError) Setup() string {
	return "set ANTHROPIC_API_KEY or OPENAI_API_KEY, or start Ollama " +
		"(ollama serve; ollama pull llama3.2); inside Claude Code, agent mode is automatic."
}

// Select returns the backend name asks for ("auto" tries them in order),
// configured by cfg. It returns nil and no error for "none", a
// *NoBackendError when the backend cannot be used, and an *LLMError when
// an explicitly named Ollama is unreachable or lacks the model.
func Select(ctx context.Context, cfg Config, name string, env Env) (*LLM, error) {
	switch name {
	case LLMNone:
		return nil, nil
	case LLMAuto, "":
		return selectAuto(ctx, cfg, env)
	}
	llm, missing, err := build(ctx, cfg, name, env, true)
	if err != nil {
		return nil, err
	}
	if llm == nil {
		return nil, &NoBackendError{Name: name, Missing: []string{missing}}
	}
	return llm, nil
}

// autoOrder is what auto tries, in order: an API key, agent mode in an
// agent session, a local Ollama with a model. Never the claude CLI: auto
// is what a repository's config or no config at all selects, and running
// a program is the user's choice alone (llm = "claude-cli" in the user's
// config, --llm or GORTEX_LLM).
var autoOrder = []string{LLMAnthropic, LLMOpenAI, LLMAgent, LLMOllama}

// selectAuto tries the backends of autoOrder and returns the first usable.
func selectAuto(ctx context.Context, cfg Config, env Env) (*LLM, error) {
	nb := &NoBackendError{Name: LLMAuto}
	for _, name := range autoOrder {
		llm, missing, _ := build(ctx, cfg, name, env, false)
		if llm != nil {
			return llm, nil
		}
		nb.Missing = append(nb.Missing, missing)
	}
	return nil, nb
}

// build makes backend name, or says what it lacks. explicit is false under
// auto: then agent mode needs an agent session and an Ollama that does not
// answer is skipped quietly.
func build(ctx context.Context, cfg Config, name string, env Env, explicit bool) (*LLM, string, error) {
	switch name {
	case LLMAnthropic:
		key := env.getenv("ANTHROPIC_API_KEY")
		if key == "" {
			return nil, "ANTHROPIC_API_KEY is not set", nil
		}
		base := env.getenv("ANTHROPIC_BASE_URL")
		if explicit && cfg.BaseURL != "" {
			base = cfg.BaseURL
		}
		model := orDefault(cfg.Model, DefaultAnthropicModel)
		return &LLM{Name: name, Model: model, Reason: "ANTHROPIC_API_KEY is set", Provider: "Anthropic",
			Backend: newAnthropic(key, base, model, env.http()), Window: windowOf(model, 200_000)}, "", nil
	case LLMOpenAI:
		return buildOpenAI(cfg, env)
	case LLMAgent:
		v := env.AgentSession()
		if v == "" && !explicit {
			return nil, "not inside a coding agent (" + strings.Join(AgentVars, ", ") + " unset)", nil
		}
		reason := "llm = agent"
		if v != "" {
			reason = v + " is set"
		}
		return &LLM{Name: name, Local: true, Reason: reason, Window: 200_000}, "", nil
	case LLMOllama:
		return buildOllama(ctx, cfg, env, explicit)
	case LLMClaudeCLI:
		bin, err := env.lookPath("claude")
		if err != nil {
			return nil, "the claude CLI is not on PATH", nil
		}
		model := orDefault(cfg.Model, DefaultClaudeCLIModel)
		return &LLM{Name: name, Model: model, Reason: "claude is on PATH (" + bin + ")", Provider: "Anthropic (through the claude CLI)",
			Backend: newClaudeCLI(bin, model), Window: 200_000}, "", nil
	}
	return nil, "", fmt.Errorf("unknown LLM backend %q (want one of %s)", name, strings.Join(LLMNames, ", "))
}

func buildOpenAI(cfg Config, env Env) (*LLM, string, error) {
	key, base := env.getenv("OPENAI_API_KEY"), env.getenv("OPENAI_BASE_URL")
	if cfg.BaseURL != "" {
		base = cfg.BaseURL
	}
	if key == "" && base == "" {
		return nil, "OPENAI_API_KEY is not set and no base_url is configured", nil
	}
	b := newOpenAI(key, base, cfg.Model, env.http())
	llm := &LLM{Name: LLMOpenAI, Model: b.model, Backend: b, Reason: "OPENAI_API_KEY is set", Provider: "OpenAI"}
	if base != "" && !isOpenAIHost(base) {
		llm.Reason, llm.Provider = "base_url is "+base, hostOf(base)
		llm.Local = isLoopback(base)
	}
	llm.Window = windowOf(b.model, unknownWindow)
	return llm, "", nil
}

func buildOllama(ctx context.Context, cfg Config, env Env, explicit bool) (*LLM, string, error) {
	host := env.getenv("OLLAMA_HOST")
	if explicit && cfg.BaseURL != "" {
		host = cfg.BaseURL
	}
	b, err := newOllama(host, cfg.Model, env.http())
	if err != nil {
		return nil, err.Error(), err
	}
	pctx := ctx
	if !explicit {
		var cancel context.CancelFunc
		pctx, cancel = context.WithTimeout(ctx, ollamaProbe)
		defer cancel()
	}
	model, err := b.ResolveModel(pctx)
	if err != nil {
		if explicit {
			return nil, "", err
		}
		return nil, "no local Ollama with a model (" + err.Error() + ")", nil
	}
	host = orDefault(host, DefaultOllamaHost)
	llm := &LLM{Name: LLMOllama, Model: model, Backend: b, Reason: "Ollama at " + host + " has " + model,
		Local: isLoopback(host), Window: ollamaWindow}
	if !llm.Local {
		llm.Provider = hostOf(host)
	}
	return llm, "", nil
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

func hostOf(base string) string {
	if u, err := url.Parse(base); err == nil && u.Host != "" {
		return u.Host
	}
	return base
}

// isLoopback reports whether a base URL or host:port names this machine.
func isLoopback(base string) bool {
	if !strings.Contains(base, "://") {
		base = "http://" + base
	}
	u, err := url.Parse(base)
	if err != nil {
		return false
	}
	h := u.Hostname()
	if h == "localhost" {
		return true
	}
	ip := net.ParseIP(h)
	return ip != nil && ip.IsLoopback()
}
