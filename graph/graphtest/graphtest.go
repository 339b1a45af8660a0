// Package graphtest helps tests that build a graph: Checked runs the
// store's invariant checker when the test ends, after whatever the test
// did to the store; Damage breaks a record of a snapshot on disk that a
// given read meets.
package graphtest

import (
	"bytes"
	"os"
	"testing"

	"github.com/gortex/gortex/graph"
)

// Checked registers a cleanup on t that fails the test when s breaks an
// invariant of graph.Store (see Store.Check), and returns s.
func Checked(t testing.TB, s *graph.Store) *graph.Store {
	t.Helper()
	t.Cleanup(func() {
		if err := s.Check(); err != nil {
			t.Errorf("graph invariant broken: %v", err)
		}
	})
	return s
}

// Damage flips one byte at a time (its high bit) of the snapshot at file,
// from the end of its header on, until a store opened from it reports a
// bad record (Store.Err) once read has read it and hit, given the store,
// agrees; it leaves that damage in the file and returns the byte's offset,
// or -1, with the file restored, when no byte does. A flip that Open
// itself refuses does not count: Open sums no checksum, so a damaged
// record is found only when a read meets it. At most tries candidates are
// given to hit.
func Damage(t testing.TB, file string, read func(*graph.Store), hit func() bool, tries int) int {
	t.Helper()
	good, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	for i := 8; i < len(good) && tries > 0; i++ {
		bad := bytes.Clone(good)
		bad[i] ^= 0x80
		if err := os.WriteFile(file, bad, 0o644); err != nil {
			t.Fatal(err)
		}
		if !ReadsDamage(t, file, read) {
			continue
		}
		tries--
		if hit() {
			return i
		}
	}
	if err := os.WriteFile(file, good, 0o644); err != nil {
		t.Fatal(err)
	}
	return -1
}

// ReadsDamage opens the snapshot at file, runs read on the store and
// reports whether a read met a bad record.
func ReadsDamage(t testing.TB, file string, read func(*graph.Store)) bool {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	s, err := graph.Open(f)
	if err != nil {
		return false
	}
	read(s)
	return s.Err() != nil
}
