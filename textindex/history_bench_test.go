package textindex

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/gortex/gortex/history"
)

// BenchmarkHistoryBuild builds the history index of the repository at
// $GORTEX_BENCH_HISTORY from nothing, the whole history walked once:
// go test -bench HistoryBuild -benchtime 1x -cpuprofile cpu.out ./textindex/
func BenchmarkHistoryBuild(b *testing.B) {
	root := os.Getenv("GORTEX_BENCH_HISTORY")
	if root == "" {
		b.Skip("GORTEX_BENCH_HISTORY names no repository")
	}
	h := HistoryIndexer{Git: history.NewGit(root)}
	for i := 0; i < b.N; i++ {
		dir := filepath.Join(b.TempDir(), "history.bleve")
		n, err := h.UpdateHistory(context.Background(), "", dir)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(n), "commits")
	}
}
