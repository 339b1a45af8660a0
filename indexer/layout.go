package indexer

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/gofrs/flock"
)

// Paths inside a repository.
const (
	gortexDir    = ".gortex"
	indexSubdir  = "index"
	graphFile    = "graph.bin"   // graph.Save's snapshot
	deltaFile    = "graph.delta" // graph.SaveDelta's changes since the snapshot, when there are any
	manifestFile = "manifest.gob"
	parsesFile   = "parses.bin" // parses.go
	namesFile    = "names.txt"  // names.go: the names shell completion offers for gortex why
	// oldGraphFile is the snapshot name of indexes written before graph
	// format 3: such an index is rebuilt with a warning, not silently.
	oldGraphFile = "graph.gob"
	contentDir   = "content.bleve"
	lockFile     = "index.lock"
	cacheSubdir  = "cache" // what the linker keeps between runs (git history read per HEAD)
)

// gortexIgnore keeps the index out of git while memories stay committable.
const gortexIgnore = "# written by gortex: the index is rebuilt from the repository, memories are committed\nindex/\ncache/\ntmp-*/\nold-*/\n*.lock\n"

// IndexDir returns the directory of root's index.
func IndexDir(root string) string { return filepath.Join(root, gortexDir, indexSubdir) }

// CacheDir returns the directory where root's index runs keep what they
// may reuse; it is rebuilt from the repository when lost.
func CacheDir(root string) string { return filepath.Join(root, gortexDir, cacheSubdir) }

// ContentDir returns the content index directory inside an index directory.
func ContentDir(indexDir string) string { return filepath.Join(indexDir, contentDir) }

// ensureGortexDir creates .gortex and its .gitignore.
func ensureGortexDir(root string) error {
	dir := filepath.Join(root, gortexDir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("create %s: %w", dir, err)
	}
	ig := filepath.Join(dir, ".gitignore")
	if b, err := os.ReadFile(ig); err == nil && string(b) == gortexIgnore {
		return nil
	}
	return os.WriteFile(ig, []byte(gortexIgnore), 0o644)
}

// lock takes the index write lock; the caller must call the returned unlock.
func lock(root string) (unlock func(), err error) {
	fl := flock.New(filepath.Join(root, gortexDir, lockFile))
	if err := fl.Lock(); err != nil {
		return nil, fmt.Errorf("lock index: %w", err)
	}
	return func() { fl.Unlock() }, nil
}

// newTempDir makes a scratch directory beside the index.
func newTempDir(root string) (string, error) {
	return os.MkdirTemp(filepath.Join(root, gortexDir), "tmp-")
}

// swapIn renames the finished tmp directory into place as the index. The
// old index is renamed aside first and removed last; recover puts it back
// if a crash falls between the two renames.
func swapIn(root, tmp string) error {
	live := IndexDir(root)
	old := ""
	if _, err := os.Stat(live); err == nil {
		d, err := os.MkdirTemp(filepath.Join(root, gortexDir), "old-")
		if err != nil {
			return err
		}
		os.Remove(d)
		if err := os.Rename(live, d); err != nil {
			return fmt.Errorf("move old index aside: %w", err)
		}
		old = d
	}
	if err := os.Rename(tmp, live); err != nil {
		if old != "" {
			os.Rename(old, live)
		}
		return fmt.Errorf("move new index into place: %w", err)
	}
	if old != "" {
		os.RemoveAll(old)
	}
	return nil
}

// recoverIndex restores an index moved aside by an interrupted swapIn and
// removes scratch directories of interrupted runs. It runs under the lock.
func recoverIndex(root string) {
	dir := filepath.Join(root, gortexDir)
	entries, _ := os.ReadDir(dir)
	live := IndexDir(root)
	_, err := os.Stat(live)
	missing := errors.Is(err, os.ErrNotExist)
	for _, e := range entries {
		name := e.Name()
		p := filepath.Join(dir, name)
		switch {
		case strings.HasPrefix(name, "old-") && missing:
			if os.Rename(p, live) == nil {
				missing = false
			}
		case strings.HasPrefix(name, "old-"), strings.HasPrefix(name, "tmp-"):
			os.RemoveAll(p)
		}
	}
}
