//go:build !linux

package manifest

import (
	"os"
	"path/filepath"
)

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
