package main

import (
	"fmt"
	"strings"
)

// about is each command's line in gortex help: its arguments and what it
// does. Every command of the table has one (TestEveryCommandHasHelp).
var about = map[string][2]string{
	"init":       {"[flags]", "write the gortex block for agents into AGENTS.md and CLAUDE.md, and MCP registrations"},
	"index":      {"[flags] [DIR]", "build or refresh the index of DIR"},
	"why":        {"[flags] QUERY", "show the reasoning behind a symbol, package or file, or answer a question"},
	"audit":      {"[flags] [PATH...]", "find load-bearing code nothing explains, weak and stale reasoning"},
	"search":     {"[flags] QUERY...", "find symbols, document sections and memories by their words"},
	"docs":       {"[flags] [PATH[#SECTION]]", "list the documents, show one's outline, or print one section"},
	"check":      {"[flags] [PATH...]", "the reasoning governing the symbols a change touches (for review and CI)"},
	"covers":     {"[flags] DOC[#SECTION]", "the code a document or section explains"},
	"specs":      {"[flags] TASK [PATH...]", "the documents to read before a change"},
	"memory":     {"COMMAND", "record, list, edit and check memories"},
	"remember":   {"[flags]", "record a memory (gortex memory add)"},
	"reflect":    {"[flags]", "propose memories from a session transcript (gortex memory review)"},
	"mcp":        {"[flags]", "serve the tools to coding agents over MCP (stdio or --http)"},
	"publish":    {"[flags]", "write this repository's index into the organisation's PostgreSQL store (--db)"},
	"serve":      {"[flags]", "serve the MCP tools from the organisation's store over HTTP, per-token repositories"},
	"token":      {"add|remove [flags] NAME [REPO...]", "make or revoke a token of gortex serve"},
	"lsp":        {"[flags]", "serve the reasoning to editors over the Language Server Protocol (stdio)"},
	"ui":         {"[flags]", "serve the reasoning map as a local web page: treemap, symbols, documents, decisions"},
	"doctor":     {"[--json]", "check git, the index, memories, the LLM backend, MCP registration, agent instructions and the badge"},
	"tutorial":   {"", "a guided tour: index, why, remember, memory check, mcp, each with a command to copy"},
	"completion": {"bash|zsh|fish", "print the shell completion script (commands, flags, symbol names)"},
	"version":    {"", "print the version, the commit it was built from and the Go version"},
	"help":       {"[COMMAND]", "show help"},
}

// usage is gortex help: every command with one line.
func usage() string {
	var b strings.Builder
	b.WriteString(`gortex answers "why does this code exist?" from a repository's design docs,
recorded memories and git history.

Usage:
`)
	lines := [][2]string{}
	for _, name := range commandNames() {
		a := about[name]
		lines = append(lines, [2]string{strings.TrimSpace(name + " " + a[0]), a[1]})
	}
	width := 0
	for _, l := range lines {
		width = max(width, len(l[0]))
	}
	for _, l := range lines {
		fmt.Fprintf(&b, "  gortex %-*s  %s\n", width, l[0], l[1])
	}
	b.WriteString(`
Flags may come before or after a command's arguments; -- ends them.
Run "gortex help COMMAND" (or gortex COMMAND --help) for a command's flags.
`)
	return b.String()
}

// commandNames are the names gortex accepts as its first argument.
func commandNames() []string {
	var names []string
	for _, c := range commands {
		names = append(names, c.name)
	}
	return append(names, "help")
}
