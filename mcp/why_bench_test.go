package mcp

import (
	"os"
	"strings"
	"testing"

	"github.com/gortex/gortex/internal/fixturetest"
)

// BenchmarkWhyTool calls the why tool of a warm server, through an
// in-process client, on the repository and query GORTEX_BENCH_WHY names
// ("directory query"): the server's part of a warm MCP why, with its file
// watcher (the stdio transport and the JSON-RPC envelope's encoding
// aside).
func BenchmarkWhyTool(b *testing.B) {
	dir, q, ok := strings.Cut(os.Getenv("GORTEX_BENCH_WHY"), " ")
	if !ok {
		b.Skip(`GORTEX_BENCH_WHY names no "directory query"`)
	}
	s, err := New(dir, Options{Version: "bench"})
	if err != nil {
		b.Fatal(err)
	}
	// As a serve does: the watcher spares each call a stat of every file.
	s.Watch(b.Context())
	c := connect(b, s)
	args := map[string]any{"id": q}
	if res := call(b, c, "why", args); res.IsError {
		b.Fatalf("why %s: %s", q, text(res))
	}
	b.ReportAllocs()
	cpu := fixturetest.CPUTime()
	for b.Loop() {
		call(b, c, "why", args)
	}
	b.ReportMetric(float64((fixturetest.CPUTime()-cpu).Microseconds())/1000/float64(b.N), "cpu-ms/op")
}
