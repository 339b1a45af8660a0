// Package query answers "why does this exist?" from a built graph. A query
// is a small pipeline, each step a plain function:
//
//	Classify text → Target, resolved once: a symbol or package node, a
//	         file, a question, or ambiguous (candidates), unknown or bad
//	         (through Parse: a qualified name or suffix, or a stable ID,
//	         and Resolve: one node, or candidates when ambiguous)
//	Why      Target → Answer with a typed Status (NodeTarget for a node
//	         the caller holds)
//	walk     symbol → its reasoning links (rationale.Reasoning: motivates
//	         edges and memory links) and those of its containers
//	rankHits entries → ordered by one formula, cut at the limit
//	Render   Answer → text, JSON or TOON
//
// A file or a question in words is answered by a file or question pipeline
// over the same ranking. An Answer may
// carry a summary that package llm wrote from exactly its entries; Render
// shows it with the entries it cites. query itself calls no language model.
//
// The CLI and the MCP server both call Why, so neither re-implements it.
package query
