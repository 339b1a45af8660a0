// Package indexer turns a repository into a graph: it walks the tree
// (honouring .gitignore), parses source files with tree-sitter into symbol
// nodes and contains/calls edges, splits documents into heading sections,
// hands the graph to a Linker for motivates edges, and persists the result
// under .gortex/index/ — built in a temporary directory and renamed into
// place, so a crash mid-index leaves the last good index.
//
// An index remembers each file's size, modification time and hash, so
// Update re-parses only what changed.
package indexer
