package repofs

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/gortex/gortex/internal/fsutil"
)

// ErrNotOwned means a directory, or an entry in it, that gortex did not
// write on this machine: a repository committed it, or it was copied.
var ErrNotOwned = errors.New("not written here by gortex")

// Owned is a directory below a repository's root that gortex keeps for
// itself, such as .gortex/cache or .gortex/cache/blame. Every element of
// its path must be a real directory (RealDirs: a link is refused, never
// followed); it is marked as gortex's own when gortex first writes to it
// (a mark of its identity and a random token, see MarkOwn); files are read
// through an os.Root with a size cap, created without following a link,
// and replaced atomically. Entries (WriteEntry) carry the mark, so that an
// entry a repository committed, or one copied from another clone, is
// ignored and written again.
//
// An Owned may be used by several goroutines.
type Owned struct {
	root, rel string

	mu sync.Mutex // one remark at a time
}

// OwnedDir returns the directory rel (slash-separated, below root) as one
// gortex owns. Nothing is checked or made until it is used.
func OwnedDir(root, rel string) *Owned { return &Owned{root: root, rel: rel} }

// Path is the directory's path.
func (o *Owned) Path() string { return filepath.Join(o.root, filepath.FromSlash(o.rel)) }

// Sub is the directory name below o, owned in its own right.
func (o *Owned) Sub(name string) *Owned { return OwnedDir(o.root, path.Join(o.rel, name)) }

// open checks the directory and returns its mark. With create, a missing
// directory is made and one without gortex's mark (made by an older
// gortex, committed or copied) is marked afresh, which disowns every entry
// in it; without, such a directory is ErrNotOwned.
func (o *Owned) open(create bool) (string, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if err := RealDirs(o.root, o.rel, create); err != nil {
		return "", err
	}
	if m, ok := ownMarkOf(o.Path()); ok {
		return m, nil
	}
	if !create {
		return "", fmt.Errorf("%s: %w", o.Path(), ErrNotOwned)
	}
	return remark(o.Path())
}

// Make makes the directory, or checks it, as its first write would.
func (o *Owned) Make() error {
	_, err := o.open(true)
	return err
}

// ReadFile reads name, a slash-separated path below the directory, as
// ReadFile does below a repository's root: links only inside the
// directory, a regular file only, at most limit bytes.
func (o *Owned) ReadFile(name string, limit int64) ([]byte, error) {
	if err := RealDirs(o.root, o.rel, false); err != nil {
		return nil, err
	}
	return ReadIn(o.Path(), filepath.FromSlash(name), limit)
}

// WriteFile replaces name below the directory with data: a new file
// beside it renamed over it, so a link at name is replaced, not followed.
// Directories on the way are made, real ones only.
func (o *Owned) WriteFile(name string, data []byte) error {
	if _, err := o.open(true); err != nil {
		return err
	}
	return o.replace(name, data)
}

func (o *Owned) replace(name string, data []byte) error {
	if d := path.Dir(name); d != "." {
		if err := RealDirs(o.Path(), d, true); err != nil {
			return err
		}
	}
	return fsutil.WriteFile(filepath.Join(o.Path(), filepath.FromSlash(name)), data, 0o644)
}

// Create makes name afresh, for writing: whatever is at name (a file, a
// link a repository committed) is removed first, and the new file is
// created exclusively, without following a link. The caller must close it.
func (o *Owned) Create(name string) (*os.File, error) {
	if _, err := o.open(true); err != nil {
		return nil, err
	}
	p := filepath.Join(o.Path(), filepath.FromSlash(name))
	if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	return os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL|noFollow, 0o644)
}

// Stamped returns when name was last stamped (Stamp): the time of a
// regular file at name, never of what a link names.
func (o *Owned) Stamped(name string) (time.Time, bool) {
	if RealDirs(o.root, o.rel, false) != nil {
		return time.Time{}, false
	}
	fi, err := os.Lstat(filepath.Join(o.Path(), filepath.FromSlash(name)))
	if err != nil || !fi.Mode().IsRegular() {
		return time.Time{}, false
	}
	return fi.ModTime(), true
}

// Stamp records now as name's time: an empty file written afresh.
func (o *Owned) Stamp(name string) error { return o.WriteFile(name, nil) }

// entryHead starts every entry: the directory's mark follows it.
const entryHead = "gortex-own "

// WriteEntry writes data as name's entry, sealed with the directory's
// mark.
func (o *Owned) WriteEntry(name string, data []byte) error {
	mark, err := o.open(true)
	if err != nil {
		return err
	}
	sealed := make([]byte, 0, len(entryHead)+len(mark)+1+len(data))
	sealed = append(append(append(sealed, entryHead...), mark...), '\n')
	return o.replace(name, append(sealed, data...))
}

// ReadEntry returns the data of name's entry, at most limit bytes of it.
// An entry without this directory's mark (committed, copied, or written
// before the directory was marked) is ErrNotOwned.
func (o *Owned) ReadEntry(name string, limit int64) ([]byte, error) {
	mark, err := o.open(false)
	if err != nil {
		return nil, err
	}
	head := entryHead + mark + "\n"
	b, err := ReadIn(o.Path(), filepath.FromSlash(name), limit+int64(len(head)))
	if err != nil {
		return nil, err
	}
	if !bytes.HasPrefix(b, []byte(head)) {
		return nil, fmt.Errorf("%s: %w", name, ErrNotOwned)
	}
	return b[len(head):], nil
}

// ownMarkOf returns dir's mark when it is one MarkOwn wrote for dir.
func ownMarkOf(dir string) (string, bool) {
	fi, err := os.Lstat(dir)
	if err != nil || !fi.IsDir() {
		return "", false
	}
	b, err := ReadIn(dir, ownMark, 128)
	if err != nil {
		return "", false
	}
	mark := strings.TrimSpace(string(b))
	id, token, _ := strings.Cut(mark, " ")
	if id != identity(fi) || token == "" {
		return "", false
	}
	return mark, true
}

// remark writes a new mark into dir, replacing any: entries sealed with an
// older one are no longer recognised.
func remark(dir string) (string, error) {
	fi, err := os.Lstat(dir)
	if err != nil {
		return "", err
	}
	mark := identity(fi) + " " + newToken()
	if err := fsutil.WriteFile(filepath.Join(dir, ownMark), []byte(mark+"\n"), 0o644); err != nil {
		return "", fmt.Errorf("mark %s: %w", dir, err)
	}
	return mark, nil
}

// newToken is 16 random bytes in hex: what a repository cannot guess.
func newToken() string {
	b := make([]byte, 16)
	rand.Read(b)
	return hex.EncodeToString(b)
}
