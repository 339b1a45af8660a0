package rationale

import (
	"fmt"

	"github.com/blevesearch/bleve/v2"
)

// contentLockWait bounds how long OpenContentIndexReader waits for a writer
// that holds the index (bolt's file lock; its default is to wait forever).
// Writers work on a copy of the index, so only another process opening the
// live index read-write (gortex why) holds it, for milliseconds.
const contentLockWait = "2s"

// OpenContentIndexReader opens the index in dir for reading only. Several
// readers may hold it at once (a shared file lock), so a long-running
// process can search it concurrently; it should still close it after each
// use, since a reader blocks a read-write open of the same directory. The
// caller must Close it.
func OpenContentIndexReader(dir string) (*ContentIndex, error) {
	idx, err := bleve.OpenUsing(dir, map[string]any{"read_only": true, "bolt_timeout": contentLockWait})
	if err != nil {
		return nil, fmt.Errorf("open content index %s: %w", dir, err)
	}
	return &ContentIndex{idx: idx}, nil
}
