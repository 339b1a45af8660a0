// Package mcp serves gortex to coding agents over the Model Context
// Protocol (github.com/mark3labs/mcp-go), on stdio or streamable HTTP.
//
// A Server answers from a long workspace.Session, which owns freshness:
// before every tool call the server asks it for a current view, and the
// session checks, cheaply, whether files or memory files changed (its
// watcher, else a stat of the index's files, and the memory directories'
// listings); when they did it re-indexes incrementally or reloads the
// memories, and publishes a new immutable view. The server wraps each view
// in a Snapshot with its derived tables. A call reads one snapshot from
// start to end, so it never sees half an update; concurrent calls share one
// check.
//
// There is one file per tool, each with its parameters as a struct and a
// thin handler over workspace, query, docs and change — the code the CLI
// runs. The tool's input schema is made from that struct (schema.go), and
// every call's arguments are checked against it before they are decoded
// (args.go). The tools, in the order they are registered (ToolNames; a
// test holds this list, the README's and gortex mcp --help's to it):
//
//	why               why.go               query.Classify, query.Why, query.Render
//	store_memory      store_memory.go      memory.Store.Add
//	query_memories    query_memories.go    query.SortMemories
//	update_memory     update_memory.go     memory.Store.Edit
//	supersede_memory  supersede_memory.go  memory.Store.Supersede
//	forget_memory     forget_memory.go     memory.Store.Forget
//	search            search.go            docs.Library.Search
//	list_docs         list_docs.go         docs.Library.List
//	doc_outline       doc_outline.go       docs.Library.Outline
//	read_doc_section  read_doc_section.go  docs.Library.Sections
//	index_status      index_status.go      workspace.Session (its last refresh, changes)
//	reindex           reindex.go           workspace.Session.Reindex
//	audit             audit.go             audit.Run
//	propose_memory    propose_memory.go    memory.OpenProposals, Store.Propose
//	check             check.go             change.Check
//	covers            covers.go            change.Covers
//	specs             specs.go             change.GraphSpecs
//
// The repository served is fixed at New, except that a stdio server whose
// root was only guessed takes the client's MCP root on the first call
// (roots.go); index_status says which root it serves and how it was chosen.
//
// A handler's error or panic becomes a tool result with isError set, never
// a protocol error, so the agent sees what went wrong and the server keeps
// serving. instructions.md, sent to clients on initialize, tells an agent
// when to call which tool.
package mcp
