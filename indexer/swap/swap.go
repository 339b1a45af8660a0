// Package swap replaces an index directory as a whole: under a write lock,
// a scratch directory made beside it is renamed into place, the old one
// moved aside first and removed last, and what an interrupted run left is
// put back or removed. It touches only directories gortex made
// (repofs.MarkOwn) and never writes through a link.
package swap

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/gofrs/flock"

	"github.com/gortex/gortex/internal/textutil"
	"github.com/gortex/gortex/repofs"
)

// ErrLockRefused is the error of a lock file that is a link or a device.
var ErrLockRefused = errors.New("lock index: refusing the lock file")

// ReplaceFile writes data to a new file beside path and renames it over
// path, which replaces a link instead of writing where it points.
func ReplaceFile(path string, data []byte) error {
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

// Lock takes the write lock of the lock file p; the caller must call the
// returned unlock. A lock file that is not a regular file is refused:
// opening it to lock would create or open whatever a link names.
func Lock(p string) (unlock func(), err error) {
	if fi, err := os.Lstat(p); err == nil && !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%w: %s is not a regular file (remove it)", ErrLockRefused, p)
	}
	fl := flock.New(p)
	if err := fl.Lock(); err != nil {
		return nil, fmt.Errorf("lock index: %w", err)
	}
	return func() { fl.Unlock() }, nil
}

// NewTemp makes a scratch directory in dir, marked as made by gortex
// (repofs.MarkOwn): the mark survives the rename into place, and Recover
// and the index's load recognise gortex's own directories by it.
func NewTemp(dir string) (string, error) {
	d, err := os.MkdirTemp(dir, "tmp-")
	if err != nil {
		return "", err
	}
	if err := repofs.MarkOwn(d); err != nil {
		os.RemoveAll(d)
		return "", err
	}
	return d, nil
}

// In renames the finished tmp directory into place as live; dir, which
// holds both, takes the old one while it is moved aside, and Recover puts
// it back if a crash falls between the two renames. A live directory that
// is a link is moved aside and removed as a link: what it names is never
// touched.
func In(dir, live, tmp string) error {
	old := ""
	if _, err := os.Lstat(live); err == nil {
		d, err := os.MkdirTemp(dir, "old-")
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

// Recover restores in dir a live directory moved aside by an interrupted
// In and removes scratch directories of interrupted runs. It runs under
// the lock and touches only directories gortex made (repofs.OwnDir): a
// tmp-* or old-* that a repository committed, or that links elsewhere,
// stays.
func Recover(dir, live string) {
	entries, _ := os.ReadDir(dir)
	_, err := os.Lstat(live)
	missing := errors.Is(err, os.ErrNotExist)
	for _, e := range entries {
		name := e.Name()
		p := filepath.Join(dir, name)
		if e.Type().IsRegular() && strings.HasPrefix(name, ".tmp-") && stale(e) {
			os.Remove(p) // a file that ReplaceFile did not finish
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
