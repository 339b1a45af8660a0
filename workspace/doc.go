// Package workspace is the one place that opens a repository: its index
// (built or brought up to date first when files changed), its memories
// layered over the graph, its content index and its git history.
//
// A Session owns the freshness of one repository: every surface (the CLI,
// the MCP server, the LSP server, the web page) asks it for a current View,
// or runs its answer through Answer, and none decides staleness itself. A
// long-running surface makes one session (NewSession), binds its serve's
// context (Within, Wait), starts its watcher (Watch) and calls View before
// each request; the CLI makes a short one (Options.Short) and answers once
// through Answer.
package workspace
