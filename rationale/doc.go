// Package rationale finds the written reasoning behind code and records it
// in the graph as motivates edges from a reasoning node (a document section,
// a memory, a commit) to the code node it explains.
//
// The Linker runs the signals over a built graph: named (the section names
// the symbol) first, the weaker signals after. The content index keeps
// every section in Bleve for search. Each signal is one file; adding a signal
// is adding a file and one line in Linker.Link.
package rationale
