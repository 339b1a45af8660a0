package indexer

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/indexer/names"
	"github.com/gortex/gortex/indexer/swap"
	"github.com/gortex/gortex/repofs"
)

// Paths inside a repository.
const (
	gortexDir    = ".gortex"
	indexSubdir  = "index"
	graphFile    = "graph.bin"    // graph.Save's snapshot
	deltaFile    = "graph.delta"  // graph.SaveDelta's changes since the snapshot, when there are any
	ManifestFile = "manifest.bin" // the last file an index run writes: its time is the index's
	parsesFile   = "parses.bin"   // parses.go
	namesFile    = "names.txt"    // names.go: the names shell completion offers for gortex why
	// oldGraphFile is the snapshot name of indexes written before graph
	// format 3: such an index is rebuilt with a warning, not silently.
	oldGraphFile = "graph.gob"
	// oldManifestFile is the manifest name of indexes written before
	// manifest version 5.
	oldManifestFile = "manifest.gob"
	contentDir      = "content.bleve"
	historyDir      = "history.bleve"
	lockFile        = "index.lock"
	cacheSubdir     = "cache" // what the linker keeps between runs (git history read per HEAD)
)

// gortexIgnore keeps the index out of git while memories stay committable.
const gortexIgnore = "# written by gortex: the index is rebuilt from the repository, memories are committed\nindex/\ncache/\ntmp-*/\nold-*/\n*.lock\n"

// GortexDirName is the name of the directory at a repository's root that
// holds everything gortex keeps there.
const GortexDirName = gortexDir

// IndexDir returns the directory of root's index.
func IndexDir(root string) string { return filepath.Join(root, gortexDir, indexSubdir) }

// Cache returns .gortex/cache, where index runs and queries keep what
// they may reuse, as a directory gortex owns (repofs.Owned).
func Cache(root string) *repofs.Owned { return repofs.OwnedDir(root, gortexDir+"/"+cacheSubdir) }

// ContentDir returns the content index directory inside an index directory.
func ContentDir(indexDir string) string { return filepath.Join(indexDir, contentDir) }

// HistoryDir returns the history index directory inside an index directory.
func HistoryDir(indexDir string) string { return filepath.Join(indexDir, historyDir) }

// ensureGortexDir creates .gortex and its .gitignore. A .gortex that is
// not a real directory (a repository can commit it as a link to anywhere)
// is refused: nothing is written or removed through it. The .gitignore is
// replaced by a rename, never written through a link.
func ensureGortexDir(root string) error {
	if err := repofs.RealDirs(root, gortexDir, true); err != nil {
		return err
	}
	dir := filepath.Join(root, gortexDir)
	ig := filepath.Join(dir, ".gitignore")
	if fi, err := os.Lstat(ig); err == nil && fi.Mode().IsRegular() {
		if b, err := repofs.ReadIn(dir, ".gitignore", 4<<10); err == nil && string(b) == gortexIgnore {
			return nil
		}
	}
	return swap.ReplaceFile(ig, []byte(gortexIgnore))
}

// checkGortexDir refuses a .gortex that is there and not a real directory.
func checkGortexDir(root string) error {
	err := repofs.RealDirs(root, gortexDir, false)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return err
}

// lock takes the index write lock (swap.Lock); the caller must call the
// returned unlock.
func lock(root string) (unlock func(), err error) {
	return swap.Lock(filepath.Join(root, gortexDir, lockFile))
}

// newTempDir makes a scratch directory beside the index (swap.NewTemp).
func newTempDir(root string) (string, error) { return swap.NewTemp(filepath.Join(root, gortexDir)) }

// swapIn renames the finished tmp directory into place as the index
// (swap.In).
func swapIn(root, tmp string) error {
	return swap.In(filepath.Join(root, gortexDir), IndexDir(root), tmp)
}

// recoverIndex undoes what an interrupted run left (swap.Recover).
func recoverIndex(root string) { swap.Recover(filepath.Join(root, gortexDir), IndexDir(root)) }

// errLockRefused is the error of a lock file that is a link or a device.
var errLockRefused = swap.ErrLockRefused

// errNotOwned is the error of loading an index directory gortex did not
// make here: one from an older gortex, a copy, a commit or a link. It is
// rebuilt, like an index of another format.
var errNotOwned = fmt.Errorf("%w: %s/%s was not written here by this gortex (older, copied, committed or linked); it is rebuilt", graph.ErrVersion, gortexDir, indexSubdir)

// CompleteNames returns the symbol names of root's index that start with
// prefix, at most limit of them (see names.Complete); none when the index
// keeps no name list.
func CompleteNames(root, prefix string, limit int) ([]string, error) {
	return names.Complete(filepath.Join(IndexDir(root), namesFile), prefix, limit)
}
