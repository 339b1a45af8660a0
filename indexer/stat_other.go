//go:build !linux

package indexer

import (
	"os"
	"path/filepath"
)

// statDir stats a directory (when the manifest records it) and its files.
func statDir(root, dir string, files []statEntry, isDir bool, visit statVisit) bool {
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

func stat(p string) (fileStat, error) {
	fi, err := os.Stat(p)
	if err != nil {
		return fileStat{}, err
	}
	return fileStat{size: fi.Size(), mtime: fi.ModTime().UnixNano(), regular: fi.Mode().IsRegular()}, nil
}

// relStater stats repo-relative paths below a root.
type relStater struct{ root string }

func openRelStater(root string) (relStater, error) { return relStater{root: root}, nil }

func (r relStater) stat(rel string) (fileStat, error) {
	return stat(filepath.Join(r.root, filepath.FromSlash(rel)))
}

func (r relStater) close() {}
