// Package workspace is the one place that opens a repository: its index
// (built or brought up to date first when files changed), its memories
// layered over the graph, its content index and its git history. The CLI
// and the MCP server both open repositories through it, so neither wires
// the lower packages by hand.
package workspace
