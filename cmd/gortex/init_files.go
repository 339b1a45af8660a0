package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"sync"

	"github.com/gortex/gortex/internal/textutil"
	"github.com/gortex/gortex/llm"
)

// The markers of the block gortex init manages in AGENTS.md and
// CLAUDE.md: what lies between them is gortex's, the rest the user's.
const (
	blockBegin = "<!-- gortex:begin (written by gortex init; edits between the markers are replaced) -->"
	blockEnd   = "<!-- gortex:end -->"
	beginMark  = "<!-- gortex:begin" // how a begin marker is recognised, whatever its note
)

// agentInstructions is the quick reference agents read in AGENTS.md and
// CLAUDE.md, with examples of the repository at hand (chooseExample).
func agentInstructions(ex example) string {
	return `## gortex: why the code is the way it is

This repository is indexed by gortex: its design docs, ADRs, recorded
decisions (memories) and commits are linked to the code they explain.

- Before changing a function, type or file, ask why it exists:
  ` + "`gortex why SYMBOL`" + ` (or the MCP tool ` + "`why`" + `). The answer lists the memories,
  documents and commits behind it, most trustworthy first; respect what
  they decided or say why you depart from it.
- Once a decision is made (a choice, an invariant, a constraint, a
  gotcha), record it where it applies: ` + "`gortex remember`" + ` (or the MCP tool
  ` + "`store_memory`" + `), anchored to the symbol or file.

Examples:

    gortex why ` + ex.Symbol + `    # a symbol: Type.Method, pkg.Name, or its ID
    gortex why ` + ex.File + `    # a file
    gortex why "` + ex.Question + `"    # a question in words

Record a decision:

    gortex remember --symbol ` + ex.Symbol + ` --kind decision --importance 4 \
      --title "What was decided" --body "What was decided, and why."

` + "`gortex memory check`" + ` lists memories whose anchors went stale; ` + "`gortex help`" + `
lists every command.
`
}

// managedBlock is the block between its markers, with the examples ex.
func managedBlock(ex example) string {
	return blockBegin + "\n" + agentInstructions(ex) + blockEnd + "\n"
}

// currentBlock matches the current block whatever its examples: what
// gortex doctor looks for.
var currentBlock = sync.OnceValue(func() *regexp.Regexp {
	const hole = "\x00"
	quoted := regexp.QuoteMeta(managedBlock(example{Symbol: hole, File: hole, Question: hole}))
	return regexp.MustCompile(strings.ReplaceAll(quoted, hole, `[^\n]*`))
})

// agentBlock sets gortex's block in AGENTS.md or CLAUDE.md: between the
// markers when they are there, else appended after the user's text.
func agentBlock(ex example) func(old []byte, exists bool) ([]byte, string, error) {
	return func(old []byte, exists bool) ([]byte, string, error) {
		text, err := withBlock(string(old), managedBlock(ex))
		return []byte(text), "the gortex block for coding agents", err
	}
}

// claudeBlock is agentBlock for CLAUDE.md, unless CLAUDE.md only includes
// AGENTS.md (Claude Code's "@AGENTS.md"): then the block, which AGENTS.md
// holds, is not written twice, and one an earlier init wrote is removed.
func claudeBlock(ex example) func(old []byte, exists bool) ([]byte, string, error) {
	write := agentBlock(ex)
	return func(old []byte, exists bool) ([]byte, string, error) {
		if !exists || !includesAgents(string(old)) {
			return write(old, exists)
		}
		text, err := withoutBlock(string(old))
		return []byte(text), "includes AGENTS.md, which holds the block", err
	}
}

// includesAgents reports whether text, outside gortex's block, is nothing
// but imports (lines "@path") and one of them is AGENTS.md.
func includesAgents(text string) bool {
	rest, err := withoutBlock(text)
	if err != nil {
		return false
	}
	agents := false
	for line := range strings.Lines(rest) {
		line = strings.TrimSpace(line)
		switch {
		case line == "":
		case line == "@AGENTS.md" || line == "@./AGENTS.md":
			agents = true
		case strings.HasPrefix(line, "@") && !strings.ContainsAny(line, " \t"):
		default:
			return false
		}
	}
	return agents
}

// withoutBlock returns text with gortex's block (and the blank line before
// it) removed.
func withoutBlock(text string) (string, error) {
	begin := strings.Index(text, beginMark)
	if begin < 0 {
		return text, nil
	}
	n := strings.Index(text[begin:], blockEnd)
	if n < 0 {
		return "", fmt.Errorf("a gortex block without %s", blockEnd)
	}
	end := begin + n + len(blockEnd)
	if end < len(text) && text[end] == '\n' {
		end++
	}
	before := strings.TrimRight(text[:begin], "\n")
	if before != "" {
		before += "\n"
	}
	return before + text[end:], nil
}

// withBlock returns text with its managed block replaced by block, or
// block appended (after a blank line) when text has none. Text outside the
// markers is kept byte for byte.
func withBlock(text, block string) (string, error) {
	begin := strings.Index(text, beginMark)
	if begin < 0 {
		return withSeparator(text) + block, nil
	}
	end := strings.Index(text[begin:], blockEnd)
	if end < 0 {
		return "", fmt.Errorf("a %s marker without %s after it; fix the file by hand", beginMark+" -->", blockEnd)
	}
	after := text[begin+end+len(blockEnd):]
	after = strings.TrimPrefix(after, "\n")
	return text[:begin] + block + after, nil
}

// mcpSteps write each agent's MCP registration.
var mcpSteps = map[string]initStep{
	"claude": {".mcp.json", jsonServer("Claude Code", []string{"mcp"}), false},
	"cursor": {filepath.Join(".cursor", "mcp.json"), jsonServer("Cursor", []string{"mcp", "--dir", "${workspaceFolder}"}), false},
	"codex":  {filepath.Join(".codex", "config.toml"), codexServer, false},
}

// jsonServer adds gortex to the mcpServers of a JSON registration file
// (Claude Code's .mcp.json, Cursor's .cursor/mcp.json). A file that
// registers gortex already is left as it is; other keys are kept (in
// sorted order, as encoding/json writes maps).
func jsonServer(client string, args []string) func([]byte, bool) ([]byte, string, error) {
	return func(old []byte, exists bool) ([]byte, string, error) {
		note := "the MCP server for " + client
		doc := map[string]any{}
		if exists && len(bytes.TrimSpace(old)) > 0 {
			if err := json.Unmarshal(old, &doc); err != nil {
				return nil, "", fmt.Errorf("not JSON (%v); gortex left it as it is", err)
			}
		}
		servers, ok := doc["mcpServers"].(map[string]any)
		if !ok && doc["mcpServers"] != nil {
			return nil, "", errors.New("mcpServers is not an object; gortex left the file as it is")
		}
		if servers == nil {
			servers = map[string]any{}
		}
		if _, ok := servers["gortex"]; ok {
			return old, note + "; registered already", nil
		}
		servers["gortex"] = struct {
			Command string   `json:"command"`
			Args    []string `json:"args"`
		}{"gortex", args}
		doc["mcpServers"] = servers
		data, err := json.MarshalIndent(doc, "", "  ")
		return append(data, '\n'), note, err
	}
}

// codexTable is Codex's registration of gortex in .codex/config.toml.
const codexTable = "[mcp_servers.gortex]\ncommand = \"gortex\"\nargs = [\"mcp\"]\n"

var codexHeader = textutil.Regexp(`(?m)^\s*\[\s*mcp_servers\.gortex\s*\]`)

// codexServer appends gortex's table to Codex's project configuration,
// unless it has one.
func codexServer(old []byte, exists bool) ([]byte, string, error) {
	note := "the MCP server for Codex (read in trusted projects)"
	if codexHeader().Match(old) {
		return old, note + "; registered already", nil
	}
	return []byte(withSeparator(string(old)) + codexTable), note, nil
}

// withSeparator returns text ending with a blank line, or "" for "".
func withSeparator(text string) string {
	switch {
	case text == "", strings.HasSuffix(text, "\n\n"):
		return text
	case strings.HasSuffix(text, "\n"):
		return text + "\n"
	}
	return text + "\n\n"
}

// commentedConfig writes .gortex/config.toml with every key of the [why]
// table commented out, unless the file exists.
func commentedConfig(old []byte, exists bool) ([]byte, string, error) {
	note := "gortex's settings, every key commented out"
	if exists {
		return old, "gortex's settings; kept as they are", nil
	}
	var b strings.Builder
	b.WriteString("# gortex settings for this repository: uncomment a key to set it. Your own\n")
	b.WriteString("# config, " + userConfigHint + ",\n# wins over this one and alone may set model, base_url and llm = \"claude-cli\".\n\n")
	for _, l := range strings.Split(strings.TrimRight(llm.ConfigTemplate, "\n"), "\n") {
		if !strings.HasPrefix(l, "#") {
			l = "# " + l
		}
		b.WriteString(l + "\n")
	}
	return []byte(b.String()), note, nil
}

// userConfigHint is where the user's configuration lives, as help says it.
const userConfigHint = "$XDG_CONFIG_HOME/gortex/config.toml\n# (else ~/.config/gortex/config.toml)"
