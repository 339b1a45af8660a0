package indexer

import (
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
)

// LoadQuick is Load for a query, whose staleness check stats the
// directories of the index alone, not every file: a file added, removed or
// renamed changes its directory's time, and so does a file saved by
// writing a new one in its place (what git and most editors do). A file
// rewritten in place is not seen; a query checks the files its answer
// cites (workspace.Workspace.Changed). On GOROOT/src (10,428 files in 1,328
// directories) the check of every file was two thirds of gortex why's
// CPU once the graph was read where it lies, and it grew with the tree.
func LoadQuick(root string) (*Index, error) { return load(root, dirsStale) }

// dirsStale reports whether a directory of the manifest changed or went.
func dirsStale(root string, m *Manifest) bool {
	dirs := make([]string, 0, len(m.Dirs))
	for d := range m.Dirs {
		dirs = append(dirs, d)
	}
	var stale atomic.Bool
	var wg sync.WaitGroup
	const workers = 2 // the stats are cheap; more threads cost more than they save
	for w := range workers {
		wg.Go(func() {
			for i := w; i < len(dirs) && !stale.Load(); i += workers {
				fi, err := os.Stat(filepath.Join(root, filepath.FromSlash(dirs[i])))
				if err != nil || fi.ModTime().UnixNano() != m.Dirs[dirs[i]] {
					stale.Store(true)
				}
			}
		})
	}
	wg.Wait()
	return stale.Load()
}

// StaleFiles is Stale without a watcher or the check Load began: every
// file and directory statted now.
func (ix *Index) StaleFiles() bool { return statStale(ix.Root, ix.Manifest) }
