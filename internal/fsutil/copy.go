package fsutil

import (
	"errors"
	"fmt"
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

// removeName removes the name path, if there is one; the file it named
// is not touched (other links to it keep their bytes).
func removeName(path string) error {
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

// regular says why the entry at path (not followed) is no regular file.
func regular(path string) error {
	fi, err := os.Lstat(path)
	if err != nil {
		return err
	}
	if !fi.Mode().IsRegular() {
		return fmt.Errorf("copy %s: not a regular file", path)
	}
	return nil
}

// LinkOrCopy hard-links the regular file src to dst, or copies it where
// links fail. A symbolic link is refused, not linked: the new index would
// hold a link out of the root.
func LinkOrCopy(src, dst string) error {
	if err := regular(src); err != nil {
		return err
	}
	if err := removeName(dst); err != nil {
		return err
	}
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

// CopyFile copies the regular file src to dst, with src's
// permissions (and its owner's write bit); nothing is synced. The sources
// lie in a repository's .gortex, which is outside input: a symbolic link
// is not followed (it could lead out of the root) and anything but a
// regular file is refused. A dst that exists is replaced, its name
// removed first: writing through it could empty the file it is a hard
// link of.
func CopyFile(src, dst string) error {
	lfi, err := os.Lstat(src)
	if err != nil {
		return err
	}
	if !lfi.Mode().IsRegular() {
		return fmt.Errorf("copy %s: not a regular file", src)
	}
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	fi, err := in.Stat()
	if err != nil {
		return err
	}
	if !os.SameFile(lfi, fi) { // replaced by something else since
		return fmt.Errorf("copy %s: not a regular file", src)
	}
	if err := removeName(dst); err != nil {
		return err
	}
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, fi.Mode().Perm()|0o200)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
