package repofs

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Errors of reading a repository's files. Each is wrapped with the path.
var (
	// ErrOutside means a path, once its symlinks are resolved, leads
	// outside the root.
	ErrOutside = errors.New("leads outside the repository")
	// ErrNotRegular means a device, a named pipe, a socket or a
	// directory where a file was to be read.
	ErrNotRegular = errors.New("not a regular file")
	// ErrTooLarge means a file over the size cap of its read.
	ErrTooLarge = errors.New("too large")
	// ErrNotDir means a directory gortex uses is a symlink or a file.
	ErrNotDir = errors.New("not a real directory")
)

// ReadFile reads name, a path relative to root, through root: symlinks on
// the way are followed only while they stay inside it (ErrOutside
// otherwise); only a regular file is read (ErrNotRegular), opened without
// blocking, so a FIFO cannot hang the caller; and at most limit bytes
// (ErrTooLarge for a larger file, also one that grows while read).
func ReadFile(root *os.Root, name string, limit int64) ([]byte, error) {
	return ReadFileTo(nil, root, name, limit)
}

// ReadFileTo is ReadFile into buf's memory, grown only when the file does
// not fit in it: the result shares buf's array, so the caller may use it
// only until it next reuses buf. A worker that reads a whole tree with one
// buffer allocates for its largest file, not for every file (157 MB of
// reads on GOROOT/src).
func ReadFileTo(buf []byte, root *os.Root, name string, limit int64) ([]byte, error) {
	f, fi, err := Open(root, name, limit)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readCapped(f, name, limit, buf, fi.Size())
}

// Open opens name for reading as ReadFile does and returns the file, which
// the caller must close, with its FileInfo.
func Open(root *os.Root, name string, limit int64) (*os.File, fs.FileInfo, error) {
	f, err := root.OpenFile(name, os.O_RDONLY|nonBlock, 0)
	if err != nil {
		return nil, nil, explain(root.Name(), name, err)
	}
	fi, err := f.Stat()
	if err == nil {
		err = checkRegular(name, fi, limit)
	}
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, fi, nil
}

// ReadIn is ReadFile for one read: it opens dir as the root for it.
func ReadIn(dir, name string, limit int64) ([]byte, error) {
	r, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return ReadFile(r, name, limit)
}

// ReadTrusted reads path wherever its links lead (a file of the user's
// own, such as a config kept in a dotfiles repository), but, as ReadFile,
// only a regular file, opened without blocking, of at most limit bytes.
func ReadTrusted(path string, limit int64) ([]byte, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|nonBlock, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if err := checkRegular(path, fi, limit); err != nil {
		return nil, err
	}
	return readCapped(f, path, limit, nil, fi.Size())
}

// readCapped reads f, of size bytes when it was opened, into buf: at most
// limit bytes, ErrTooLarge past them. Room for a byte more than size lets
// one read reach the end of a file that did not grow.
func readCapped(f *os.File, name string, limit int64, buf []byte, size int64) ([]byte, error) {
	if want := min(size, limit) + 1; int64(cap(buf)) < want {
		buf = make([]byte, 0, want)
	}
	buf = buf[:0]
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)] // the file grew: more room
		}
		n, err := f.Read(buf[len(buf):min(int64(cap(buf)), limit+1)])
		buf = buf[:len(buf)+n]
		switch {
		case int64(len(buf)) > limit:
			return nil, fmt.Errorf("%s: %w (over %d bytes)", name, ErrTooLarge, limit)
		case err == io.EOF:
			return buf, nil
		case err != nil:
			return nil, fmt.Errorf("read %s: %w", name, err)
		}
	}
}

// Rel returns abs relative to dir, for ReadFile; false when abs is not
// below dir lexically.
func Rel(dir, abs string) (string, bool) {
	rel, err := filepath.Rel(dir, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
		return "", false
	}
	return rel, true
}

func checkRegular(name string, fi fs.FileInfo, limit int64) error {
	switch {
	case !fi.Mode().IsRegular():
		return fmt.Errorf("%s: %w (%s)", name, ErrNotRegular, describe(fi.Mode()))
	case fi.Size() > limit:
		return fmt.Errorf("%s: %w (%d bytes, over %d)", name, ErrTooLarge, fi.Size(), limit)
	}
	return nil
}

// explain turns an open error of os.Root into one that says why: the
// standard library does not export its "path escapes" error, so a failed
// open is checked again by resolving the path.
func explain(dir, name string, err error) error {
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrPermission) {
		return err
	}
	realDir, derr := filepath.EvalSymlinks(dir)
	target, terr := filepath.EvalSymlinks(filepath.Join(dir, name))
	if derr == nil && terr == nil {
		if _, ok := Rel(realDir, target); !ok {
			return fmt.Errorf("%s: %w", name, ErrOutside)
		}
	}
	return err
}

// describe names a file mode's type for an error.
func describe(m fs.FileMode) string {
	switch {
	case m&fs.ModeSymlink != 0:
		return "a symlink"
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m.IsRegular():
		return "a regular file"
	}
	return "not a regular file"
}
