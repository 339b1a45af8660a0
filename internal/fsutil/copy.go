package fsutil

import (
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// CopyDir copies the regular files of src into dst, recursively (the
// indexer starts an incremental content-index update from a copy of the
// live one, never touching it).
func CopyDir(src, dst string) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		return CopyFile(p, target)
	})
}

// LinkOrCopy hard-links src to dst, or copies it where links fail.
func LinkOrCopy(src, dst string) error {
	if os.Link(src, dst) == nil {
		return nil
	}
	return CopyFile(src, dst)
}

// LinkTree takes the directory src over into dst: the files that are
// never written once made (frozen says which, by name) hard-linked,
// everything else copied. On failure dst is removed. The index takes its
// live Bleve indexes over so: their .zap segments are frozen, while the
// small root.bolt that a reader's merge may rewrite in place is copied.
func LinkTree(src, dst string, frozen func(name string) bool) error {
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		target := filepath.Join(dst, rel)
		switch {
		case d.IsDir():
			return os.MkdirAll(target, 0o755)
		case frozen(d.Name()):
			return LinkOrCopy(p, target)
		}
		return CopyFile(p, target)
	})
	if err != nil {
		os.RemoveAll(dst)
	}
	return err
}

// CopyFile copies the file src to dst, created or truncated, with src's
// permissions (and its owner's write bit); nothing is synced.
func CopyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	fi, err := in.Stat()
	if err != nil {
		return err
	}
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, fi.Mode().Perm()|0o200)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
