package main

import (
	"fmt"
	"strings"
)

// about is each command's line in gortex help: its arguments and what it
// does. Every command of the table has one (TestEveryCommandHasHelp).
var about = map[string][2]string{
	"index":    {"[flags] [DIR]", "build or refresh the index of DIR"},
	"why":      {"[flags] QUERY", "show the reasoning behind a symbol, package or file, or answer a question"},
	"audit":    {"[flags] [PATH...]", "find load-bearing code nothing explains, weak and stale reasoning"},
	"search":   {"[flags] QUERY...", "find symbols, document sections and memories by their words"},
	"docs":     {"[flags] [PATH[#SECTION]]", "list the documents, show one's outline, or print one section"},
	"check":    {"[flags] [PATH...]", "the reasoning governing the symbols a change touches (for review and CI)"},
	"covers":   {"[flags] DOC[#SECTION]", "the code a document or section explains"},
	"specs":    {"[flags] TASK [PATH...]", "the documents to read before a change"},
	"memory":   {"COMMAND", "record, list, edit and check memories"},
	"remember": {"[flags]", "record a memory (gortex memory add)"},
	"reflect":  {"[flags]", "propose memories from a session transcript (gortex memory review)"},
	"mcp":      {"[flags]", "serve the tools to coding agents over MCP (stdio or --http)"},
	"version":  {"", "print the version, the commit it was built from and the Go version"},
}

// usage is gortex help: every command with one line.
func usage() string {
	var b strings.Builder
	b.WriteString(`gortex answers "why does this code exist?" from a repository's design docs,
recorded memories and git history.

Usage:
`)
	lines := [][2]string{}
	for _, c := range commands {
		a := about[c.name]
		lines = append(lines, [2]string{strings.TrimSpace(c.name + " " + a[0]), a[1]})
	}
	lines = append(lines, [2]string{"help [COMMAND]", "show help"})
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
	names := []string{"help"}
	for _, c := range commands {
		names = append(names, c.name)
	}
	return names
}
