package textindex

import (
	"fmt"

	"github.com/blevesearch/bleve/v2"
)

// readLockWait bounds how long OpenReader waits for a writer
// that holds the index (bolt's file lock; its default is to wait forever).
// gortex's writers work on a copy of the index, so only another program
// opening the live index read-write holds it.
const readLockWait = "2s"

// OpenReader opens the index in dir for reading only. Several
// readers may hold it at once (a shared file lock), so a long-running
// process can search it concurrently; a reader blocks only a read-write
// open of the same directory, which gortex never makes of a live index
// (OpenShared keeps one open). The caller must Close it.
func OpenReader(dir string) (*Index, error) {
	idx, err := bleve.OpenUsing(dir, map[string]any{"read_only": true, "bolt_timeout": readLockWait})
	if err != nil {
		return nil, fmt.Errorf("open content index %s: %w", dir, err)
	}
	return &Index{idx: idx}, nil
}
