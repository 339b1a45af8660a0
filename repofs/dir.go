package repofs

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// RealDirs checks that every element of rel, a slash-separated path below
// root, is a real directory: not a symlink, not a file. With create, a
// missing element is made. A repository can commit .gortex, or
// .gortex/memories, as a link to anywhere on the disk; whatever gortex
// writes or removes there must not follow it.
func RealDirs(root, rel string, create bool) error {
	dir := root
	for _, name := range strings.Split(rel, "/") {
		dir = filepath.Join(dir, name)
		fi, err := os.Lstat(dir)
		if errors.Is(err, fs.ErrNotExist) && create {
			if err = os.Mkdir(dir, 0o755); err == nil || errors.Is(err, fs.ErrExist) {
				fi, err = os.Lstat(dir)
			}
		}
		if err != nil {
			return err
		}
		if !fi.IsDir() {
			return fmt.Errorf("refusing %s: %w: it is %s (gortex never follows it; remove it to let gortex make the directory)",
				dir, ErrNotDir, describe(fi.Mode()))
		}
	}
	return nil
}

// ownMark is the file a directory gortex made holds: the identity of that
// directory (device and inode where the system has them), written when it
// was made. A directory a repository commits, or one a link leads to, has
// another identity, or none.
const ownMark = ".gortex-own"

// MarkOwn records in dir, a directory just made, that gortex made it.
func MarkOwn(dir string) error {
	fi, err := os.Lstat(dir)
	if err != nil {
		return err
	}
	f, err := os.OpenFile(filepath.Join(dir, ownMark), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return fmt.Errorf("mark %s: %w", dir, err)
	}
	_, err = f.WriteString(identity(fi) + "\n")
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// OwnDir reports whether dir is a real directory that MarkOwn marked: a
// rename keeps the mark true, a copy or a checkout does not.
func OwnDir(dir string) bool {
	fi, err := os.Lstat(dir)
	if err != nil || !fi.IsDir() {
		return false
	}
	f, err := os.OpenFile(filepath.Join(dir, ownMark), os.O_RDONLY|nonBlock|noFollow, 0)
	if err != nil {
		return false
	}
	defer f.Close()
	if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() || st.Size() > 128 {
		return false
	}
	buf := make([]byte, 128)
	n, _ := f.Read(buf)
	id, _, _ := strings.Cut(strings.TrimSpace(string(buf[:n])), " ") // Owned adds a token
	return id == identity(fi)
}
