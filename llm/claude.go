package llm

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os/exec"
	"strings"
)

// claudeCLIBackend runs the claude CLI in print mode (claude -p) with the
// prompt on stdin, so that a prompt of any size passes and never shows in
// the process list.
type claudeCLIBackend struct {
	bin   string // path of the claude executable
	model string
}

// disallowedTools keeps a print-mode session to writing text: a quoted
// entry must not be able to make it run commands or fetch pages.
const disallowedTools = "Bash,Edit,Write,NotebookEdit,WebFetch,WebSearch,Task"

// newClaudeCLI returns a backend running bin with model ("" means
// DefaultClaudeCLIModel).
func newClaudeCLI(bin, model string) *claudeCLIBackend {
	if model == "" {
		model = DefaultClaudeCLIModel
	}
	return &claudeCLIBackend{bin: bin, model: model}
}

// claudeResult is the JSON that claude -p --output-format json prints.
type claudeResult struct {
	Type    string  `json:"type"`
	Subtype string  `json:"subtype"`
	IsError bool    `json:"is_error"`
	Result  string  `json:"result"`
	CostUSD float64 `json:"total_cost_usd"`
	Usage   struct {
		InputTokens  int `json:"input_tokens"`
		OutputTokens int `json:"output_tokens"`
	} `json:"usage"`
}

func (b *claudeCLIBackend) Complete(ctx context.Context, p Prompt) (Reply, error) {
	cmd := exec.CommandContext(ctx, b.bin, "-p", "--output-format", "json", "--model", b.model,
		"--disallowedTools", disallowedTools)
	cmd.Stdin = strings.NewReader(p.Text())
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	raw := stdout.String()
	var res claudeResult
	jerr := json.Unmarshal(bytes.TrimSpace(stdout.Bytes()), &res)
	switch {
	case ctx.Err() != nil:
		return Reply{Raw: raw}, llmErr(CodeNetwork, LLMClaudeCLI, ctx.Err())
	case jerr == nil && res.IsError:
		return Reply{Raw: raw}, claudeError(res.Result)
	case err != nil:
		msg := strings.TrimSpace(stderr.String() + " " + res.Result)
		return Reply{Raw: raw}, claudeError(fmt.Sprintf("%v: %s", err, msg))
	case jerr != nil:
		// An older CLI that ignores --output-format: its output is the text.
		return Reply{Text: raw, Model: b.model, Raw: raw}, nil
	}
	return Reply{Text: res.Result, Model: b.model, InputTokens: res.Usage.InputTokens,
		OutputTokens: res.Usage.OutputTokens, Raw: raw}, nil
}

// claudeError maps the CLI's error text to a code: it has no status codes.
func claudeError(msg string) error {
	low := strings.ToLower(msg)
	err := errors.New(strings.TrimSpace(msg))
	switch {
	case strings.Contains(low, "api key") || strings.Contains(low, "/login") || strings.Contains(low, "authentication"):
		return llmErr(CodeInvalidAPIKey, LLMClaudeCLI, err)
	case strings.Contains(low, "rate limit") || strings.Contains(low, "usage limit") || strings.Contains(low, "overloaded"):
		return llmErr(CodeRateLimit, LLMClaudeCLI, err)
	case strings.Contains(low, "model") && (strings.Contains(low, "not found") || strings.Contains(low, "invalid")):
		return llmErr(CodeModelNotFound, LLMClaudeCLI, err)
	case strings.Contains(low, "connection") || strings.Contains(low, "network") || strings.Contains(low, "enotfound"):
		return llmErr(CodeNetwork, LLMClaudeCLI, err)
	}
	return llmErr(CodeRequest, LLMClaudeCLI, err)
}
