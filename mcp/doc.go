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
// thin handler over query and rationale — the code the CLI runs. The
// tool's input schema is made from that struct (schema.go), and every call's
// arguments are checked against it before they are decoded (args.go):
//
//	why               why.go               query.Why, query.Render
//	store_memory      store_memory.go      memory.Store.Add
//	query_memories    query_memories.go    query.SortMemories
//	update_memory     update_memory.go     memory.Store.Edit
//	supersede_memory  supersede_memory.go  memory.Store.Supersede
//	forget_memory     forget_memory.go     memory.Store.Forget
//	search            search.go            textindex.Index.Search
//	list_docs         list_docs.go         the snapshot's document sections
//	doc_outline       doc_outline.go
//	read_doc_section  read_doc_section.go
//	index_status      index_status.go
//	reindex           reindex.go           indexer.Update, indexer.Build
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
