package graph

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// benchStore builds a store shaped like an indexed Go tree: packages of
// files of symbols with doc comments, contains and calls edges, and a few
// motivates edges from document sections. files=2000 gives about 100k
// nodes and 300k edges (GOROOT/src has 237k nodes).
func benchStore(b *testing.B, files int) *Store {
	s := New()
	doc := strings.Repeat("explains what the symbol does and why ", 3)
	var prev NodeID
	for f := range files {
		pkg := fmt.Sprintf("example.com/mod/pkg%d", f/10)
		pkgID := PackageID(pkg)
		if !s.Has(pkgID) {
			s.AddNode(Node{ID: pkgID, Kind: KindPackage, Name: fmt.Sprintf("pkg%d", f/10), Qualified: pkg, Path: fmt.Sprintf("pkg%d", f/10), Lang: "go"})
		}
		path := fmt.Sprintf("pkg%d/file%d.go", f/10, f)
		s.AddNode(Node{ID: FileID(path), Kind: KindFile, Name: fmt.Sprintf("file%d.go", f), Path: path, Lang: "go"})
		s.AddEdge(pkgID, FileID(path), EdgeContains)
		for i := range 50 {
			name, recv, kind := fmt.Sprintf("Func%d", i), "", KindFunction
			if i%3 == 0 {
				name, recv, kind = fmt.Sprintf("Method%d", i), fmt.Sprintf("Type%d", i/10), KindMethod
			}
			dotted := name
			if recv != "" {
				dotted = recv + "." + name
			}
			id := SymbolID(path, dotted)
			s.AddNode(Node{ID: id, Kind: kind, Name: name, Qualified: pkg + "." + dotted, Path: path, Line: i * 10, EndLine: i*10 + 8,
				Lang: "go", Package: fmt.Sprintf("pkg%d", f/10), Receiver: recv, Signature: "func " + dotted + "(ctx context.Context) error", Text: name + " " + doc})
			s.AddEdge(FileID(path), id, EdgeContains)
			if prev != "" {
				s.AddEdge(id, prev, EdgeCalls)
			}
			prev = id
		}
	}
	for d := range files / 20 {
		sec := SectionID(fmt.Sprintf("docs/d%d.md", d), 1)
		s.AddNode(Node{ID: sec, Kind: KindDoc, Name: "Decision", Path: fmt.Sprintf("docs/d%d.md", d), Lang: "markdown",
			HeadingPath: []string{"Design", "Decision"}, Text: doc, Attrs: map[string]string{"asset_kind": "adr"}})
		s.AddMotivation(sec, SymbolID(fmt.Sprintf("pkg%d/file%d.go", d/10, d), "Func1"), Motivation{Signal: SignalNamed, Score: 0.8, Detail: "Func1"})
	}
	return s
}

func BenchmarkSave(b *testing.B) {
	s := benchStore(b, 2000)
	var buf bytes.Buffer
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		buf.Reset()
		if err := s.Save(&buf); err != nil {
			b.Fatal(err)
		}
	}
	b.SetBytes(int64(buf.Len()))
	b.ReportMetric(float64(s.NodeCount()), "nodes")
}

func BenchmarkLoad(b *testing.B) {
	s := benchStore(b, 2000)
	var buf bytes.Buffer
	if err := s.Save(&buf); err != nil {
		b.Fatal(err)
	}
	data := buf.Bytes()
	b.SetBytes(int64(len(data)))
	b.ReportMetric(float64(s.NodeCount()), "nodes")
	b.ResetTimer()
	for b.Loop() {
		if _, err := Load(bytes.NewReader(data)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBuild adds the nodes and edges of benchStore's store to an
// empty one, as a full index does: the cost of AddNode and AddEdge alone.
func BenchmarkBuild(b *testing.B) {
	src := benchStore(b, 2000)
	var nodes []Node
	for n := range src.Nodes() {
		nodes = append(nodes, *n)
	}
	var edges []Edge
	for e := range src.Edges() {
		edges = append(edges, e)
	}
	b.ReportAllocs()
	b.ReportMetric(float64(len(nodes)), "nodes")
	for b.Loop() {
		s := New()
		for _, n := range nodes {
			if err := s.AddNode(n); err != nil {
				b.Fatal(err)
			}
		}
		for _, e := range edges {
			if err := s.AddEdge(e.From, e.To, e.Kinds); err != nil {
				b.Fatal(err)
			}
		}
	}
}
