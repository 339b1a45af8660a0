package indexer_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/gortex/gortex/indexer"
)

// TestLoadQuick checks what the directory and document check of LoadQuick
// sees, and that Stale(CheckAll) sees what it does not: a source file rewritten
// in place.
func TestLoadQuick(t *testing.T) {
	tests := []struct {
		name    string
		change  func(t *testing.T, root string)
		quick   bool // LoadQuick's check says stale
		changed bool // cart/cart.go changed
	}{
		{"nothing", func(*testing.T, string) {}, false, false},
		{"rewritten in place", func(t *testing.T, root string) { appendTo(t, root, "cart/cart.go", "\n// later\n") }, false, true},
		{"a document rewritten in place", func(t *testing.T, root string) {
			appendTo(t, root, "docs/design/cart-design.md", "\nThe cart rounds once, at Total.\n")
		}, true, false},
		{"saved by rename", func(t *testing.T, root string) {
			write(t, root, "cart/cart.go.tmp", "package cart\n")
			if err := os.Rename(filepath.Join(root, "cart/cart.go.tmp"), filepath.Join(root, "cart/cart.go")); err != nil {
				t.Fatal(err)
			}
			touchDir(t, root, "cart")
		}, true, true},
		{"file added", func(t *testing.T, root string) {
			write(t, root, "cart/new.go", "package cart\n")
			touchDir(t, root, "cart")
		}, true, false},
		{"file removed", func(t *testing.T, root string) {
			remove(t, root, "cart/cart.go")
			touchDir(t, root, "cart")
		}, true, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			root := fixtureCopy(t)
			if _, _, err := indexer.Build(context.Background(), root, indexer.Options{}); err != nil {
				t.Fatal(err)
			}
			tc.change(t, root)
			idx, err := indexer.LoadQuick(root)
			if err != nil {
				t.Fatal(err)
			}
			if got := idx.Stale(indexer.CheckQuick); got != tc.quick {
				t.Errorf("LoadQuick's check: stale %v, want %v", got, tc.quick)
			}
			if got, want := idx.Stale(indexer.CheckAll), tc.quick || tc.changed; got != want {
				t.Errorf("Stale(CheckAll): %v, want %v", got, want)
			}
		})
	}
}

// touchDir gives dir a later modification time, as the change made in it
// did, even on a clock coarser than the build.
func touchDir(t *testing.T, root, dir string) {
	t.Helper()
	later := time.Now().Add(time.Minute)
	if err := os.Chtimes(filepath.Join(root, dir), later, later); err != nil {
		t.Fatal(err)
	}
}
