package indexer

import (
	"sync"
	"sync/atomic"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/indexer/manifest"
)

// LoadQuick is Load for a query, whose staleness check (CheckQuick) stats the
// directories of the index and its documents, not every file: a file
// added, removed or renamed changes its directory's time, and so does a
// file saved by writing a new one in its place (what git and most editors
// do); a document is statted whatever its editor does, because any answer
// may cite it once it names the asked symbol. A source file rewritten in
// place is not seen; a query checks the files its answer cites
// (workspace.Workspace.Changed). On GOROOT/src (10,428 files in 1,328
// directories) the check of every file was two thirds of gortex why's CPU
// once the graph was read where it lies, and it grew with the tree.
func LoadQuick(root string) (*Index, error) { return load(root, CheckQuick, graph.Open) }

// dirsStale reports whether a directory or a document of the manifest
// changed or went.
func dirsStale(root string, m *Manifest) bool {
	type entry struct {
		name string
		rec  FileRecord
	}
	paths := make([]entry, 0, len(m.Dirs))
	for d := range m.Dirs {
		paths = append(paths, entry{name: d})
	}
	dirs := len(paths)
	for p, r := range m.Docs() {
		paths = append(paths, entry{p, r})
	}
	st, err := manifest.OpenRelStater(root)
	if err != nil {
		return true
	}
	defer st.Close()
	var stale atomic.Bool
	var wg sync.WaitGroup
	const workers = 2 // the stats are cheap; more threads cost more than they save
	for w := range workers {
		wg.Go(func() {
			for i := w; i < len(paths) && !stale.Load(); i += workers {
				fi, err := st.Stat(paths[i].name)
				if err != nil || !unchanged(m, paths[i].name, fi, i < dirs, paths[i].rec) {
					stale.Store(true)
				}
			}
		})
	}
	wg.Wait()
	return stale.Load()
}
