// Package watch lets a long-running process skip the staleness stats of
// its index while nothing changed: a file watcher (fsnotify) on the
// indexed directories that answers whether an index is stale (Stale), and stats again whenever
// it saw a change or cannot be trusted (a lost event, an error).
package watch
