// Package query answers "why does this exist?" from a built graph. A query
// is a small pipeline, each step a plain function:
//
//	Parse    text → Query (a qualified name or suffix, or a stable ID)
//	Resolve  Query → one symbol, or candidates when ambiguous
//	Walk     symbol → the motivates edges into it and into its containers
//	Rank     entries → ordered by one formula, cut at the limit
//	Render   Answer → text, JSON or TOON
//
// Text that names a file, or asks a question in words, is answered by a
// file or question pipeline over the same ranking (Classify). An Answer may
// carry a summary that package llm wrote from exactly its entries; Render
// shows it with the entries it cites. query itself calls no language model.
//
// The CLI and the MCP server both call Why, so neither re-implements it.
package query
