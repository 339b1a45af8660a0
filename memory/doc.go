// Package memory keeps recorded decisions ("memories"): one Markdown file
// with YAML front matter per memory, in a workspace store under
// .gortex/memories/ and a global one under the XDG data directory. It
// validates and sanitises what is written, refuses near-duplicates, resolves
// anchors to symbols and fingerprints them, and reconciles anchors with a
// re-built graph: a renamed or moved symbol is followed, a deleted one marks
// the memory stale. Reading never writes: only Check, Sync and the write
// operations change files, each with a temporary file and a rename under a
// store lock.
package memory
