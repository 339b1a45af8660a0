//go:build unix

package indexer_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/gortex/gortex/indexer"
	"github.com/gortex/gortex/internal/fixturetest"
	"github.com/gortex/gortex/workspace"
)

// BenchmarkUpdateTree re-indexes a large indexed tree after a comment is
// appended to one of its files, as gortex index does after an edit, in a
// short-lived process (workspace.Options.Short): written in place, and
// saved by writing a new file and renaming it over the old one (as many
// editors and formatters do), which changes its directory's time. It runs
// only when $GORTEX_BENCH_UPDATE names the file to change inside such a
// tree (e.g. net/http/client.go of a copy of $(go env GOROOT)/src indexed
// with gortex index); the tree's root is the nearest directory above it
// with an index. The file is changed on every iteration: use a scratch copy.
func BenchmarkUpdateTree(b *testing.B) {
	file := os.Getenv("GORTEX_BENCH_UPDATE")
	if file == "" {
		b.Skip("GORTEX_BENCH_UPDATE names no file of an indexed tree")
	}
	root := filepath.Dir(file)
	for {
		if _, err := os.Stat(indexer.IndexDir(root)); err == nil {
			break
		}
		parent := filepath.Dir(root)
		if parent == root {
			b.Fatalf("no index above %s", file)
		}
		root = parent
	}
	for _, save := range []struct {
		name string
		edit func(i int) error
	}{
		{"in-place", func(i int) error {
			f, err := os.OpenFile(file, os.O_WRONLY|os.O_APPEND, 0)
			if err != nil {
				return err
			}
			fmt.Fprintf(f, "\n// change %d\n", i)
			return f.Close()
		}},
		{"rename", func(i int) error {
			src, err := os.ReadFile(file)
			if err != nil {
				return err
			}
			if err := os.WriteFile(file+".new", fmt.Appendf(src, "\n// change %d\n", i), 0o644); err != nil {
				return err
			}
			return os.Rename(file+".new", file)
		}},
	} {
		b.Run(save.name, func(b *testing.B) {
			ctx := context.Background()
			i := 0
			cpu := fixturetest.CPUTime()
			for b.Loop() {
				i++
				if err := save.edit(i); err != nil {
					b.Fatal(err)
				}
				_, st, err := indexer.Update(ctx, root, workspace.IndexOptions(root, workspace.Options{Short: true}))
				if err != nil || st.Changed != 1 {
					b.Fatalf("update: %d changed, err %v", st.Changed, err)
				}
			}
			// CPU time as well as wall time: on a shared machine it is the
			// steadier of the two.
			b.ReportMetric(float64((fixturetest.CPUTime()-cpu).Milliseconds())/float64(b.N), "cpu-ms/op")
		})
	}
}
