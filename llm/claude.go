package llm

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"time"
)

// claudeCLIBackend runs the claude CLI in print mode (claude -p) with the
// prompt on stdin, so that a prompt of any size passes and never shows in
// the process list. It runs from an empty temporary directory with the
// user's settings alone (claudeSettings): the CLI reads the project
// settings, hooks and MCP servers of its working directory, and in print
// mode it asks no trust question, so run from the repository it would run
// what the repository committed.
type claudeCLIBackend struct {
	bin   string // path of the claude executable
	model string
}

// disallowedTools keeps a print-mode session to writing text: a quoted
// entry must not be able to make it run commands or fetch pages.
const disallowedTools = "Bash,Edit,Write,NotebookEdit,WebFetch,WebSearch,Task"

// claudeSettings are the setting sources the CLI loads
// (--setting-sources, documented values user, project and local): the
// user's own, never a project's.
const claudeSettings = "user"

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

// Complete runs the CLI once with the prompt on stdin; its output is read
// up to maxReplyBytes.
func (b *claudeCLIBackend) Complete(ctx context.Context, p Prompt) (Reply, error) {
	dir, err := os.MkdirTemp("", "gortex-claude-")
	if err != nil {
		return Reply{}, llmErr(CodeRequest, LLMClaudeCLI, fmt.Errorf("make an empty directory for the claude CLI: %w", err))
	}
	defer os.RemoveAll(dir)
	run, stop := context.WithCancel(ctx)
	defer stop()
	cmd := exec.CommandContext(run, b.bin, "-p", "--output-format", "json", "--model", b.model,
		"--disallowedTools", disallowedTools, "--setting-sources", claudeSettings)
	cmd.Dir = dir
	cmd.WaitDelay = time.Second // a child the CLI left holding its output does not hold gortex
	cmd.Stdin = strings.NewReader(p.Text())
	// Output past the cap stops the CLI: nothing more of it is read.
	stdout, stderr := &capped{max: maxReplyBytes, onOver: stop}, &capped{max: maxReplyBytes, onOver: stop}
	cmd.Stdout, cmd.Stderr = stdout, stderr
	err = cmd.Run()
	if stdout.over || stderr.over {
		return Reply{}, llmErr(CodeRequest, LLMClaudeCLI, fmt.Errorf("the claude CLI printed more than %d bytes", maxReplyBytes))
	}
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
