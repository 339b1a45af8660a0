package indexer_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/gortex/gortex/indexer"
	"github.com/gortex/gortex/workspace"
)

// benchFixture copies the fixture repository for a benchmark.
func benchFixture(b *testing.B) string {
	b.Helper()
	dst := filepath.Join(b.TempDir(), "repo")
	if err := os.CopyFS(dst, os.DirFS("../testdata/repo")); err != nil {
		b.Fatal(err)
	}
	return dst
}

// BenchmarkBuildFixture indexes the fixture repository from scratch, as
// gortex index --full does: walk, parse, link, content index, snapshot.
func BenchmarkBuildFixture(b *testing.B) {
	root := benchFixture(b)
	ctx := context.Background()
	for b.Loop() {
		if _, _, err := indexer.Build(ctx, root, workspace.IndexOptions(root, workspace.Options{})); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkUpdateFixture re-indexes the fixture after a comment is
// appended to one Go file, as gortex index does after an edit.
func BenchmarkUpdateFixture(b *testing.B) {
	root := benchFixture(b)
	ctx := context.Background()
	if _, _, err := indexer.Build(ctx, root, workspace.IndexOptions(root, workspace.Options{})); err != nil {
		b.Fatal(err)
	}
	file := filepath.Join(root, "billing", "invoice.go")
	i := 0
	for b.Loop() {
		i++
		f, err := os.OpenFile(file, os.O_WRONLY|os.O_APPEND, 0)
		if err != nil {
			b.Fatal(err)
		}
		fmt.Fprintf(f, "\n// change %d\n", i)
		f.Close()
		_, st, err := indexer.Update(ctx, root, workspace.IndexOptions(root, workspace.Options{}))
		if err != nil || st.Changed != 1 {
			b.Fatalf("update: %d changed, err %v", st.Changed, err)
		}
	}
}

// BenchmarkLoadFixture loads the fixture's index and checks it is fresh,
// the first thing gortex why does.
func BenchmarkLoadFixture(b *testing.B) {
	root := benchFixture(b)
	if _, _, err := indexer.Build(context.Background(), root, workspace.IndexOptions(root, workspace.Options{})); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		idx, err := indexer.Load(root)
		if err != nil || idx.Stale(indexer.CheckAll) {
			b.Fatalf("load: %v", err)
		}
	}
}

// BenchmarkCompleteNames looks up the symbol names gortex why completes,
// as a shell's completion does on every TAB. It reads the index of
// $GORTEX_BENCH_INDEX when set (e.g. a copy of $(go env GOROOT)/src indexed
// with gortex index), else of the fixture.
func BenchmarkCompleteNames(b *testing.B) {
	root := os.Getenv("GORTEX_BENCH_INDEX")
	if root == "" {
		root = benchFixture(b)
		if _, _, err := indexer.Build(context.Background(), root, indexer.Options{}); err != nil {
			b.Fatal(err)
		}
	}
	for _, prefix := range []string{"", "Budg", "strings.Builder.W", "http.Cli"} {
		b.Run(fmt.Sprintf("%q", prefix), func(b *testing.B) {
			for b.Loop() {
				if _, err := indexer.CompleteNames(root, prefix, 500); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
