//go:build !linux

package manifest

import (
	"os"
	"path/filepath"
)

// statDir stats a directory (when the manifest records it) and its files.
func statDir(root, dir string, files []statEntry, isDir bool, visit StatVisit) bool {
	if isDir {
		st, err := stat(filepath.Join(root, filepath.FromSlash(dir)))
		if !visit(dir, st, err, true, FileRecord{}) {
			return false
		}
	}
	for _, f := range files {
		p := joinDir(dir, f.name)
		st, err := stat(filepath.Join(root, filepath.FromSlash(p)))
		if !visit(p, st, err, false, f.rec) {
			return false
		}
	}
	return true
}

func stat(p string) (FileStat, error) {
	fi, err := os.Stat(p)
	if err != nil {
		return FileStat{}, err
	}
	return FileStat{Size: fi.Size(), MTime: fi.ModTime().UnixNano(), Regular: fi.Mode().IsRegular()}, nil
}

// RelStater stats repo-relative paths below a root.
type RelStater struct{ root string }

func OpenRelStater(root string) (RelStater, error) { return RelStater{root: root}, nil }

func (r RelStater) Stat(rel string) (FileStat, error) {
	return stat(filepath.Join(r.root, filepath.FromSlash(rel)))
}

func (r RelStater) Close() {}
