// Package graph is gortex's typed model of a repository: nodes (files,
// packages, code symbols, document sections, memories, commits) joined by
// edges of several kinds, the most important being motivates, which points
// from a piece of written reasoning to the code it explains.
//
// A Store is a compact, int-indexed adjacency structure: every node keeps its
// own in- and out-lists, so the walker's "incoming motivates edges of X" is
// O(degree). One ordered pair of nodes holds one edge record carrying a set of
// kinds (EdgeKind is a bit set) and, for motivates, every signal that found
// it. The same store serves github.com/dominikbraun/graph through Lib, so
// that library's algorithms run on it without a copy.
//
// A Store is built by one goroutine (the indexer) and then only read; readers
// may share a built Store freely. Persistence (Save, Load) writes a versioned
// snapshot; a reader of a snapshot never sees a half-written file because the
// indexer writes into a temporary directory and renames it into place.
package graph
