package watch

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/fsnotify/fsnotify"
	"github.com/gortex/gortex/indexer"
	"github.com/gortex/gortex/repofs"
)

// Watcher tells a long-running process whether its index may be stale
// without statting the tree: it watches every directory the index was
// built from (fsnotify: inotify on Linux) and counts what happens in them.
// While it has seen nothing since an index's last clean check, the index is
// as fresh as it was then, and Stale answers without a stat. An event, a
// lost event (a queue overflow) or an error only means "stat again": the
// answer always comes from the stat check, so a change the watcher saw is
// never missed, and an event that changed nothing costs one check. A
// watcher that could not watch every directory (the system's limit of
// watches) is broken, and every check stats, as without one.
//
// Events reach the watcher a moment after the change that made them, so a
// check first makes an event of its own, a marker file created in
// .gortex/cache/watch/ (a directory gortex owns, repofs.Owned: a marker
// a repository committed, such as a link, is removed, never written
// through), and waits for it: the kernel delivers one
// watcher's events in order, so once the marker's arrives, so has every
// event of a change made before the check began (a file the caller just
// wrote is seen).
//
// The caller must Close it.
type Watcher struct {
	root    string
	markDir string
	markers *repofs.Owned
	fw      *fsnotify.Watcher
	gen     atomic.Int64 // events and errors seen
	marks   atomic.Int64 // marker names handed out
	done    chan struct{}

	mu      sync.Mutex
	watched map[string]bool          // absolute directories
	tracked *tracking                // the index Track was last given
	waiting map[string]chan struct{} // marker path → closed when its event arrives
	broken  string                   // why it cannot be trusted; "" while it can
}

// markWait bounds how long a check waits for its marker's event before it
// stats instead; the event takes microseconds on an idle machine.
const markWait = 200 * time.Millisecond

// NewWatcher starts a watcher for the repository at root; Track adds the
// directories of an index.
func NewWatcher(root string) (*Watcher, error) {
	root, err := filepath.Abs(root)
	if err != nil {
		return nil, err
	}
	fw, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, fmt.Errorf("watch %s: %w", root, err)
	}
	markers := indexer.Cache(root).Sub("watch")
	w := &Watcher{root: root, markDir: markers.Path(), markers: markers, fw: fw, done: make(chan struct{}),
		watched: map[string]bool{}, waiting: map[string]chan struct{}{}}
	go w.loop()
	err = markers.Make()
	if err == nil {
		err = fw.Add(w.markDir)
	}
	if err != nil {
		w.broken = fmt.Sprintf("no marker directory: %v", err)
	}
	return w, nil
}

// Close stops watching.
func (w *Watcher) Close() error {
	err := w.fw.Close()
	<-w.done
	return err
}

func (w *Watcher) loop() {
	defer close(w.done)
	for {
		select {
		case ev, ok := <-w.fw.Events:
			if !ok {
				return
			}
			switch {
			case filepath.Dir(ev.Name) == w.markDir:
				w.marked(ev)
			case w.counts(ev):
				w.gen.Add(1)
			}
		case _, ok := <-w.fw.Errors:
			if !ok {
				return
			}
			w.gen.Add(1) // an overflow lost events: stat again
		}
	}
}

// counts reports whether an event may change what the index holds: every
// event but those on the index's own directory and on .git, which sit in
// the root and change on every index and commit.
func (w *Watcher) counts(ev fsnotify.Event) bool {
	if filepath.Dir(ev.Name) != w.root {
		return true
	}
	base := filepath.Base(ev.Name)
	return base != indexer.GortexDirName && base != ".git"
}

// marked wakes the check waiting for a marker's creation.
func (w *Watcher) marked(ev fsnotify.Event) {
	if !ev.Has(fsnotify.Create) {
		return
	}
	w.mu.Lock()
	if ch, ok := w.waiting[ev.Name]; ok {
		close(ch)
		delete(w.waiting, ev.Name)
	}
	w.mu.Unlock()
}

// sync returns once every event of a change made before it was called has
// been counted; false when that could not be made sure of in markWait.
func (w *Watcher) sync() bool {
	base := "mark-" + strconv.FormatInt(w.marks.Add(1), 10)
	name := filepath.Join(w.markDir, base)
	ch := make(chan struct{})
	w.mu.Lock()
	w.waiting[name] = ch
	w.mu.Unlock()
	defer func() {
		w.mu.Lock()
		delete(w.waiting, name)
		w.mu.Unlock()
	}()
	f, err := w.markers.Create(base)
	if err != nil {
		return false
	}
	f.Close()
	defer os.Remove(name)
	select {
	case <-ch:
		return true
	case <-time.After(markWait):
		return false
	}
}

// Track makes Stale(ix) use w, after watching the directories of ix's
// manifest (and no longer those it does not list); it replaces the index
// tracked before. Its first check still stats: the tree may have changed
// before the watches were in place.
func (w *Watcher) Track(ix *indexer.Index) {
	want := make(map[string]bool, len(ix.Manifest.Dirs)+1)
	want[w.root] = true
	for d := range ix.Manifest.Dirs {
		want[filepath.Join(w.root, filepath.FromSlash(d))] = true
	}
	w.mu.Lock()
	for d := range w.watched {
		if !want[d] {
			w.fw.Remove(d)
			delete(w.watched, d)
		}
	}
	for d := range want {
		if w.watched[d] || w.broken != "" {
			continue
		}
		if err := w.fw.Add(d); err != nil {
			w.broken = fmt.Sprintf("could not watch %s: %v", d, err)
			break
		}
		w.watched[d] = true
	}
	t := &tracking{w: w, ix: ix}
	t.clean.Store(-1)
	w.tracked = t
	w.mu.Unlock()
}

// Stale answers ix.Stale(indexer.CheckAll) for the index Track was last
// given without a stat while w saw nothing since the index's last clean
// check; any other index is statted.
func (w *Watcher) Stale(ix *indexer.Index) bool {
	w.mu.Lock()
	t := w.tracked
	w.mu.Unlock()
	if t == nil || t.ix != ix {
		statWalks.Add(1)
		return ix.Stale(indexer.CheckAll)
	}
	return t.stale()
}

// Status says how w detects changes, for a status report.
func (w *Watcher) Status() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.broken != "" {
		return "stat before every call: " + w.broken
	}
	return fmt.Sprintf("watcher on %d directories; a call stats the index's files only after a change was seen", len(w.watched))
}

// generation returns the count of events seen, and false when w cannot be
// trusted.
func (w *Watcher) generation() (int64, bool) {
	w.mu.Lock()
	broken := w.broken != ""
	w.mu.Unlock()
	return w.gen.Load(), !broken
}

// tracking is a watcher's hold on one index: the generation of the
// watcher at the start of the index's last check that found it fresh, -1
// before one.
type tracking struct {
	w     *Watcher
	ix    *indexer.Index
	clean atomic.Int64
}

// stale stats the index unless nothing happened since its last clean check.
func (t *tracking) stale() bool {
	synced := t.w.sync()
	gen, ok := t.w.generation()
	ok = ok && synced
	if ok && gen == t.clean.Load() {
		return false
	}
	statWalks.Add(1)
	stale := t.ix.Stale(indexer.CheckAll)
	if !stale && ok {
		t.clean.Store(gen)
	}
	return stale
}

// statWalks counts the checks that statted the tree, for tests.
var statWalks atomic.Int64
