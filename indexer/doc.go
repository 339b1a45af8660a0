// Package indexer turns a repository into a graph and keeps it on disk: it
// walks the tree (honouring .gitignore), reads go.mod module paths, has
// package syntax parse source files and split documents, builds package,
// file, symbol and section nodes with contains and calls edges, hands the
// graph to a Linker for motivates edges, and persists the result under
// .gortex/index/ — built in a temporary directory and renamed into place,
// so a crash mid-index leaves the last good index.
//
// An index remembers each file's size, modification time and hash, so
// Update re-parses only what changed.
package indexer
