package textindex

import (
	"os"
	"path/filepath"
	"runtime"
	"sync"

	"github.com/blevesearch/bleve/v2"
)

// A long-running process (the MCP server) searches the same indexes with
// every call; opening one reads Bleve's mapping and its bolt root and
// opens each segment, a tenth of a warm why on contour, twice (the
// content and the history index). OpenShared keeps an index open between
// searches instead, for as long as it is the one in its directory.
//
// Keeping it open blocks no writer: gortex index builds a new index in a
// directory of its own (its root file copied, never written where it
// lies) and renames that into place, which an open file does not stop on
// Unix; the files of the index it replaced stay readable until the last
// search of them closes them. Where an open file cannot be renamed or
// removed (Windows), each search opens the index and closes it again.
var keepOpen = runtime.GOOS != "windows"

// maxShared bounds the directories kept open at once (a repository has
// two indexes; a process that opens more, such as a test binary making
// many repositories, closes the least recently used).
const maxShared = 4

// rootFile is the file of a Bleve index (scorch's bolt root, under its
// store) that a new index never shares with the one it replaces: gortex
// index copies it, where it hard-links the segments. Its identity is the
// index's.
var rootFile = filepath.Join("store", "root.bolt")

// sharedIndex is one index kept open, and the handles given out of it.
type sharedIndex struct {
	dir  string
	id   os.FileInfo // rootFile as it was before the index was opened
	idx  bleve.Index
	refs int    // handles not closed, plus one while it is its directory's current index
	used uint64 // when it was last handed out, for maxShared

	lengthsOnce sync.Once
	lengths     *fieldLengths
}

// shared holds the indexes kept open, by directory.
var shared struct {
	sync.Mutex
	open map[string]*sharedIndex
	tick uint64
}

// OpenShared opens the index in dir for reading as OpenReader does, but
// keeps it open for later calls while dir holds the same index (its root
// file the same file, of the same size and time); a new index in dir is
// opened, and the old one closed once its last handle is. The caller must
// Close the handle it gets.
func OpenShared(dir string) (*Index, error) {
	if !keepOpen {
		return OpenReader(dir)
	}
	// The identity is read before the open: an index replaced in between
	// is opened again by the next call, never kept as the new one.
	id, err := os.Stat(filepath.Join(dir, rootFile))
	if err != nil {
		return OpenReader(dir) // its error, as before
	}
	shared.Lock()
	defer shared.Unlock()
	shared.tick++
	if s := shared.open[dir]; s != nil {
		if sameFile(s.id, id) {
			s.refs++
			s.used = shared.tick
			return &Index{idx: s.idx, shared: s}, nil
		}
		retire(s)
	}
	ix, err := OpenReader(dir)
	if err != nil {
		return nil, err
	}
	if shared.open == nil {
		shared.open = map[string]*sharedIndex{}
	}
	if len(shared.open) >= maxShared {
		retire(leastUsed())
	}
	s := &sharedIndex{dir: dir, id: id, idx: ix.idx, refs: 2, used: shared.tick}
	shared.open[dir] = s
	return &Index{idx: s.idx, shared: s}, nil
}

// sameFile reports whether a and b are the same file, unchanged.
func sameFile(a, b os.FileInfo) bool {
	return os.SameFile(a, b) && a.Size() == b.Size() && a.ModTime().Equal(b.ModTime())
}

// leastUsed is the index kept open that was handed out longest ago. The
// caller holds shared's lock.
func leastUsed() *sharedIndex {
	var old *sharedIndex
	for _, s := range shared.open {
		if old == nil || s.used < old.used {
			old = s
		}
	}
	return old
}

// retire makes s no longer its directory's current index: it is closed
// once no handle is open. The caller holds shared's lock.
func retire(s *sharedIndex) {
	delete(shared.open, s.dir)
	s.release()
}

// release drops one reference to s, closing it with the last. The caller
// holds shared's lock.
func (s *sharedIndex) release() {
	if s.refs--; s.refs == 0 {
		s.idx.Close()
	}
}

// closeHandle releases a handle of a shared index; a second call does
// nothing.
func (c *Index) closeHandle() error {
	if !c.closed.CompareAndSwap(false, true) {
		return nil
	}
	shared.Lock()
	defer shared.Unlock()
	c.shared.release()
	return nil
}

// historyLengths returns the field lengths the index keeps (readLengths),
// read once for a shared index.
func (c *Index) historyLengths() *fieldLengths {
	if c.shared == nil {
		return readLengths(c.idx)
	}
	s := c.shared
	s.lengthsOnce.Do(func() { s.lengths = readLengths(s.idx) })
	return s.lengths
}
