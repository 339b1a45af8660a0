package textindex

import (
	"fmt"

	"github.com/blevesearch/bleve/v2"
)

// readLockWait bounds how long OpenReader waits for a writer
// that holds the index (bolt's file lock; its default is to wait forever).
// Writers work on a copy of the index, so only another process opening the
// live index read-write (gortex why) holds it, for milliseconds.
const readLockWait = "2s"

// OpenReader opens the index in dir for reading only. Several
// readers may hold it at once (a shared file lock), so a long-running
// process can search it concurrently; it should still close it after each
// use, since a reader blocks a read-write open of the same directory. The
// caller must Close it.
func OpenReader(dir string) (*Index, error) {
	idx, err := bleve.OpenUsing(dir, map[string]any{"read_only": true, "bolt_timeout": readLockWait})
	if err != nil {
		return nil, fmt.Errorf("open content index %s: %w", dir, err)
	}
	return &Index{idx: idx}, nil
}
