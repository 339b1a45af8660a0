// Package change answers at change time: Check finds the symbols a diff
// touches and the reasoning that governs each, most binding first; Covers
// walks a document's motivates links forward to the code it explains; Specs
// says which documents a task must read before the change, from the graph
// and, with a model, from an agentic loop over the document tools.
package change
