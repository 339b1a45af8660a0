//go:build !linux

package indexer

import (
	"os"
	"path/filepath"
)

// statDir stats a directory (when the manifest records it) and its files.
func statDir(root, dir string, names []string, isDir bool, visit func(string, fileStat, error, bool) bool) bool {
	if isDir {
		st, err := stat(filepath.Join(root, filepath.FromSlash(dir)))
		if !visit(dir, st, err, true) {
			return false
		}
	}
	for _, name := range names {
		p := joinDir(dir, name)
		st, err := stat(filepath.Join(root, filepath.FromSlash(p)))
		if !visit(p, st, err, false) {
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
