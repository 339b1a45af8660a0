package query_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/query"
)

// weakPackage builds, saves and opens (as gortex why does: mapped, nodes
// decoded on first use) a graph whose package is named by sections
// sections of sizable text, all but a tenth of them more weakly than a
// symbol's answer keeps: the shape of a repository whose versioned
// documentation names a package in every release (contour's
// internal/envoy: 4,702 links in, 4,435 under the floor).
func weakPackage(b *testing.B, sections int) (*graph.Store, *graph.Node) {
	b.Helper()
	s := graph.New()
	pkg, file := graph.PackageID("example.com/envoy"), graph.FileID("envoy/cluster.go")
	fn := graph.NodeID("envoy/cluster.go::Clustername")
	add := func(n graph.Node) {
		if err := s.AddNode(n); err != nil {
			b.Fatal(err)
		}
	}
	link := func(from, to graph.NodeID, k graph.EdgeKind) {
		if err := s.AddEdge(from, to, k); err != nil {
			b.Fatal(err)
		}
	}
	add(graph.Node{ID: pkg, Kind: graph.KindPackage, Name: "envoy", Qualified: "example.com/envoy"})
	add(graph.Node{ID: file, Kind: graph.KindFile, Name: "cluster.go", Path: "envoy/cluster.go"})
	add(graph.Node{ID: fn, Kind: graph.KindFunction, Name: "Clustername", Qualified: "example.com/envoy.Clustername", Path: "envoy/cluster.go", Line: 31, EndLine: 40})
	link(pkg, file, graph.EdgeContains)
	link(file, fn, graph.EdgeContains)
	body := strings.Repeat("The envoy package builds clusters for every service. ", 24)
	for i := range sections {
		id := graph.NodeID(fmt.Sprintf("site/docs/%d/configuration.md#envoy-%d", i/50, i))
		add(graph.Node{ID: id, Kind: graph.KindDoc, Name: "Envoy", Path: fmt.Sprintf("site/docs/%d/configuration.md", i/50), Line: i%50 + 1, Text: body})
		link(id, pkg, graph.EdgeMotivates)
		score := 0.1
		if i%10 == 0 {
			score = 0.5
		}
		if err := s.AddMotivation(id, pkg, graph.Motivation{Signal: graph.SignalNamed, Score: score, Detail: "envoy"}); err != nil {
			b.Fatal(err)
		}
	}
	var buf bytes.Buffer
	if err := s.Save(&buf); err != nil {
		b.Fatal(err)
	}
	path := filepath.Join(b.TempDir(), "graph.bin")
	if err := os.WriteFile(path, buf.Bytes(), 0o600); err != nil {
		b.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	opened, err := graph.Open(f)
	if err != nil {
		b.Fatal(err)
	}
	n, _ := opened.Node(fn)
	return opened, n
}

// BenchmarkWhyWeakPackage answers why on a function of a package that
// 5,000 sections name, 4,500 of them under the floor a symbol's answer
// keeps, each op on a freshly opened snapshot, as every gortex why reads
// one: the walk must not read the sections it leaves out.
func BenchmarkWhyWeakPackage(b *testing.B) {
	ctx := context.Background()
	for b.Loop() {
		b.StopTimer()
		s, n := weakPackage(b, 5000)
		b.StartTimer()
		a, err := query.Why(ctx, s, query.NodeTarget("envoy.Clustername", n), query.Options{})
		if err != nil || a.Count == 0 {
			b.Fatalf("why: %d entries, %v", a.Count, err)
		}
	}
}
