package lsp

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"go.lsp.dev/protocol"
)

// BenchmarkHover times a warm hover as an editor makes it: the request
// over the protocol, the symbol found, the why pipeline, the Markdown. By
// default on the fixture's Cart.Total; GORTEX_LSP_BENCH_DIR (an indexed
// repository), _FILE and _NEEDLE (a declaration's text in that file, the
// hover on its first letter past the needle's first word) point it at
// another tree, e.g. GOROOT/src's net/http/server.go and
// "func (srv *Server) ListenAndServe". It reports the median as p50-ns.
func BenchmarkHover(b *testing.B) {
	dir, file, needle := os.Getenv("GORTEX_LSP_BENCH_DIR"), os.Getenv("GORTEX_LSP_BENCH_FILE"), os.Getenv("GORTEX_LSP_BENCH_NEEDLE")
	off := 2
	if dir == "" {
		dir, file, needle, off = fixture(b), "cart/pricing.go", "Total() int64", 2
	} else if abs, err := filepath.Abs(dir); err == nil {
		dir, off = abs, len(needle)-1
	}
	se := start(b, dir)
	text := se.open(file)
	pos := position(b, text, needle, 1, off)
	params := &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: se.uri(file)}, Position: pos}}
	h, err := se.server.Hover(context.Background(), params)
	if err != nil || (h == nil && os.Getenv("GORTEX_LSP_BENCH_DIR") == "") {
		b.Fatalf("no hover to time: %v", err)
	}
	times := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for range b.N {
		t0 := time.Now()
		if _, err := se.server.Hover(context.Background(), params); err != nil {
			b.Fatal(err)
		}
		times = append(times, time.Since(t0))
	}
	b.StopTimer()
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Nanoseconds()), "p50-ns")
}
