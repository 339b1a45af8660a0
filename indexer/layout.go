package indexer

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/gofrs/flock"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/indexer/names"
	"github.com/gortex/gortex/internal/textutil"
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
	return replaceFile(ig, []byte(gortexIgnore))
}

// replaceFile writes data to a new file beside path and renames it over
// path, which replaces a link instead of writing where it points.
func replaceFile(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), ".tmp-*")
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(f.Name(), 0o644)
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

// checkGortexDir refuses a .gortex that is there and not a real directory.
func checkGortexDir(root string) error {
	err := repofs.RealDirs(root, gortexDir, false)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return err
}

// lock takes the index write lock; the caller must call the returned
// unlock. A lock file that is not a regular file is refused: opening it
// to lock would create or open whatever a link names.
func lock(root string) (unlock func(), err error) {
	p := filepath.Join(root, gortexDir, lockFile)
	if fi, err := os.Lstat(p); err == nil && !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%w: %s is not a regular file (remove it)", errLockRefused, p)
	}
	fl := flock.New(p)
	if err := fl.Lock(); err != nil {
		return nil, fmt.Errorf("lock index: %w", err)
	}
	return func() { fl.Unlock() }, nil
}

// newTempDir makes a scratch directory beside the index, marked as made
// by gortex (repofs.MarkOwn): the mark survives the rename into place, and
// recoverIndex and load recognise gortex's own directories by it.
func newTempDir(root string) (string, error) {
	d, err := os.MkdirTemp(filepath.Join(root, gortexDir), "tmp-")
	if err != nil {
		return "", err
	}
	if err := repofs.MarkOwn(d); err != nil {
		os.RemoveAll(d)
		return "", err
	}
	return d, nil
}

// swapIn renames the finished tmp directory into place as the index. The
// old index is renamed aside first and removed last; recover puts it back
// if a crash falls between the two renames. An index that is a link is
// moved aside and removed as a link: what it names is never touched.
func swapIn(root, tmp string) error {
	live := IndexDir(root)
	old := ""
	if _, err := os.Lstat(live); err == nil {
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
		os.RemoveAll(old) // removes a link, not its target
	}
	return nil
}

// scratchName is the name os.MkdirTemp gives the scratch directories.
var scratchName = textutil.Regexp(`^(tmp|old)-[0-9]+$`)

// recoverIndex restores an index moved aside by an interrupted swapIn and
// removes scratch directories of interrupted runs. It runs under the lock
// and touches only directories gortex made (repofs.OwnDir): a tmp-* or
// old-* that a repository committed, or that links elsewhere, stays.
func recoverIndex(root string) {
	dir := filepath.Join(root, gortexDir)
	entries, _ := os.ReadDir(dir)
	live := IndexDir(root)
	_, err := os.Lstat(live)
	missing := errors.Is(err, os.ErrNotExist)
	for _, e := range entries {
		name := e.Name()
		p := filepath.Join(dir, name)
		if e.Type().IsRegular() && strings.HasPrefix(name, ".tmp-") && stale(e) {
			os.Remove(p) // a .gitignore that replaceFile did not finish
			continue
		}
		if !scratchName().MatchString(name) || !e.IsDir() || !repofs.OwnDir(p) {
			continue
		}
		switch {
		case name[:4] == "old-" && missing:
			if os.Rename(p, live) == nil {
				missing = false
			}
		default:
			os.RemoveAll(p)
		}
	}
}

// stale reports whether a temporary file of a write that holds no lock is
// old enough not to be in progress: such a write takes milliseconds.
func stale(e fs.DirEntry) bool {
	fi, err := e.Info()
	return err == nil && time.Since(fi.ModTime()) > time.Minute
}

// errLockRefused is the error of a lock file that is a link or a device.
var errLockRefused = errors.New("lock index: refusing the lock file")

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
