// Package history reads a repository's git history: blame of a line range,
// the log of a file, the latest commits, and which files changed together
// with the documents. Every git call goes through one runner (Git.run) with
// a timeout and core.quotepath=off, so paths with spaces or non-ASCII
// letters come back as written. History is extra evidence: callers answer
// from the rest of the graph when a read fails.
package history
