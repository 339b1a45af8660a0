// Package names keeps the sorted list of the names shell completion offers
// for gortex why: every symbol's name in each form a query accepts,
// written at index time and looked up by prefix with a binary search over
// lines, so completion never loads the graph.
package names
