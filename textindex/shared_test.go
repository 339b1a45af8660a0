package textindex

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/gortex/gortex/graph"
)

// closeAllShared retires every index kept open, as if none had been.
func closeAllShared(t *testing.T) {
	t.Helper()
	shared.Lock()
	defer shared.Unlock()
	for _, s := range shared.open {
		retire(s)
	}
}

// noneShared skips t where indexes are not kept open, else starts it
// with none kept open and leaves none when it ends.
func noneShared(t *testing.T) {
	t.Helper()
	if !keepOpen {
		t.Skip("indexes are not kept open here")
	}
	closeAllShared(t)
	t.Cleanup(func() { closeAllShared(t) })
}

// isOpen reports whether the Bleve index under h is still open.
func isOpen(h *Index) bool {
	_, err := h.idx.DocCount()
	return err == nil
}

// replaceIndex puts a new index of nodes in dir's place as gortex index
// does: built beside it, the old one renamed aside, the new one renamed
// into place, the old one removed.
func replaceIndex(t *testing.T, dir string, nodes []*graph.Node) {
	t.Helper()
	ctx := context.Background()
	next, aside := dir+".next", dir+".old"
	if err := (Indexer{}).UpdateContent(ctx, next, true, nil, nodes); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(dir, aside); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(next, dir); err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(aside); err != nil {
		t.Fatal(err)
	}
}

func openShared(t *testing.T, dir string) *Index {
	t.Helper()
	h, err := OpenShared(dir)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// TestOpenShared: an index kept open is shared while it is its
// directory's; one replaced is opened again and closed with its last
// handle; the fewest used is closed past maxShared.
func TestOpenShared(t *testing.T) {
	noneShared(t)
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "content.bleve")
	if err := (Indexer{}).UpdateContent(ctx, dir, true, nil, sections); err != nil {
		t.Fatal(err)
	}

	a, b := openShared(t, dir), openShared(t, dir)
	if a.idx != b.idx {
		t.Fatal("two opens of one index gave two indexes")
	}
	hits, err := a.Search(ctx, "drifting sums", 5)
	if err != nil || len(hits) == 0 || hits[0].ID != sections[0].ID {
		t.Fatalf("Search through a shared index = %+v, %v; want %s first", hits, err, sections[0].ID)
	}
	a.Close()
	a.Close() // a second Close releases nothing more
	b.Close()
	if !isOpen(b) {
		t.Fatal("the directory's index was closed with its handles")
	}
	c := openShared(t, dir)
	if c.idx != b.idx {
		t.Fatal("an open after the handles were closed opened the index again")
	}

	// Replaced as gortex index replaces it: c still reads the old one.
	replaceIndex(t, dir, sections[:1])
	d := openShared(t, dir)
	defer d.Close()
	if d.idx == c.idx {
		t.Fatal("a replaced index was not opened again")
	}
	if n, err := c.Count(); err != nil || n != uint64(len(sections)) {
		t.Errorf("the old index through its handle: Count = %d, %v; want %d", n, err, len(sections))
	}
	if n, err := d.Count(); err != nil || n != 1 {
		t.Errorf("the new index: Count = %d, %v; want 1", n, err)
	}
	c.Close()
	if isOpen(c) {
		t.Error("the replaced index stayed open after its last handle was closed")
	}

	// A root file written where it lies (its time changed) is a new index too.
	later := time.Now().Add(time.Hour)
	if err := os.Chtimes(filepath.Join(dir, rootFile), later, later); err != nil {
		t.Fatal(err)
	}
	e := openShared(t, dir)
	defer e.Close()
	if e.idx == d.idx {
		t.Error("an index whose root file changed was not opened again")
	}
}

// TestOpenSharedBound: past maxShared directories, the index handed out
// longest ago is closed once its handles are.
func TestOpenSharedBound(t *testing.T) {
	noneShared(t)
	ctx := context.Background()
	var dirs []string
	var first []*Index
	for i := range maxShared + 1 {
		dir := filepath.Join(t.TempDir(), fmt.Sprintf("content%d.bleve", i))
		if err := (Indexer{}).UpdateContent(ctx, dir, true, nil, sections); err != nil {
			t.Fatal(err)
		}
		dirs = append(dirs, dir)
		h := openShared(t, dir)
		h.Close()
		first = append(first, h)
	}
	open := slices.IndexFunc(first, func(h *Index) bool { return !isOpen(h) })
	if open != 0 {
		t.Fatalf("past %d directories, index %d was closed; want the first", maxShared, open)
	}
	for i, h := range first[1:] {
		if !isOpen(h) {
			t.Errorf("index %d was closed; want it kept", i+1)
		}
	}
	again := openShared(t, dirs[0])
	defer again.Close()
	if n, err := again.Count(); err != nil || n != uint64(len(sections)) {
		t.Errorf("the closed directory opened again: Count = %d, %v", n, err)
	}
}
