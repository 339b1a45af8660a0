// Package fsutil writes files so that a crash leaves either the old file
// or the new one, never a torn mix (WriteFile), and copies files and
// directories where no crash can matter (CopyFile, CopyDir: into a scratch
// directory that is renamed into place when complete).
package fsutil

import (
	"fmt"
	"os"
	"path/filepath"
)

// WriteFile writes data to a temporary file next to path, syncs it to disk,
// sets perm and renames it over path. On any failure the temporary file is
// removed and path is left as it was. The temporary name starts with "."
// and holds ".tmp-", so that readers listing the directory can skip it.
func WriteFile(path string, data []byte, perm os.FileMode) error {
	dir, base := filepath.Split(path)
	f, err := os.CreateTemp(dir, "."+base+".tmp-*")
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp, perm)
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}
