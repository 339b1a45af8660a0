// Package textindex keeps the Bleve full-text index of reasoning: the
// document sections of an index directory on disk, and small in-memory
// indexes for what the disk one does not hold (memories, commit messages).
// It analyses text with Bleve's English analyzer and returns hits with the
// query terms they matched.
package textindex
