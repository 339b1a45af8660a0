// Package graphtest helps tests that build a graph: Checked runs the
// store's invariant checker when the test ends, after whatever the test
// did to the store.
package graphtest

import (
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
