package rationale

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/gortex/gortex/graph"
)

// benchLinkStore builds a store shaped like an indexed Go tree with its
// documentation: packages in nested folders (many of one name, as
// "internal" and "testdata" are in GOROOT/src), files of CamelCase symbols,
// and documents whose sections write prose, code spans, paths and
// component phrases about them. pkgs=200 and docs=40 give about 20k nodes
// and 800 sections.
func benchLinkStore(b *testing.B, pkgs, docs int) *graph.Store {
	b.Helper()
	s := graph.New()
	add := func(n graph.Node) {
		if err := s.AddNode(n); err != nil {
			b.Fatal(err)
		}
	}
	for p := range pkgs {
		dir := fmt.Sprintf("area%d/internal/part%d", p%10, p)
		name := fmt.Sprintf("part%d", p)
		add(graph.Node{ID: graph.PackageID("example.com/" + dir), Kind: graph.KindPackage, Name: name, Qualified: "example.com/" + dir, Path: dir, Lang: "go"})
		for f := range 4 {
			file := fmt.Sprintf("%s/file%d.go", dir, f)
			add(graph.Node{ID: graph.FileID(file), Kind: graph.KindFile, Name: fmt.Sprintf("file%d.go", f), Path: file, Lang: "go"})
			for i := range 25 {
				// Names of their package, and a String method on every
				// type: a bare name many symbols share.
				sym, recv, kind := fmt.Sprintf("ParseRecord%dOf%d", i, p), "", graph.KindFunction
				switch {
				case i%5 == 0:
					sym, kind = fmt.Sprintf("RecordStore%dOf%d", i, p), graph.KindType
				case i%5 == 1:
					sym, recv, kind = "String", fmt.Sprintf("RecordStore%dOf%d", i-1, p), graph.KindMethod
				case i%3 == 0:
					sym, recv, kind = fmt.Sprintf("Flush%d", i), fmt.Sprintf("RecordStore%dOf%d", i/5*5, p), graph.KindMethod
				}
				dotted := sym
				if recv != "" {
					dotted = recv + "." + sym
				}
				add(graph.Node{ID: graph.SymbolID(file, dotted), Kind: kind, Name: sym, Receiver: recv, Package: name,
					Qualified: "example.com/" + dir + "." + dotted, Path: file, Lang: "go"})
			}
		}
	}
	for d := range docs {
		path := fmt.Sprintf("docs/design%d.md", d)
		add(graph.Node{ID: graph.FileID(path), Kind: graph.KindFile, Name: "design.md", Path: path, Lang: "markdown"})
		for sec := range 20 {
			p := (d*20 + sec) % pkgs
			text := strings.Repeat(fmt.Sprintf("The Part%d component keeps records; `RecordStore%dOf%d.Flush3` writes them, "+
				"String prints them and ParseRecord%dOf%d reads area%d/internal/part%d/file1.go again. "+
				"It is one of the classes RecordStore5Of%d and Part%d.\n",
				p, sec%5*5, p, sec%25, p, p%10, p, p, p), 4)
			add(graph.Node{ID: graph.SectionID(path, sec*10+1), Kind: graph.KindDoc, Name: fmt.Sprintf("Record Store %d", sec),
				Path: path, Line: sec*10 + 1, EndLine: sec*10 + 9, Lang: "markdown", Text: text})
		}
	}
	return s
}

// BenchmarkLink links the sections of a store from scratch, as a full
// index does: every signal over every section.
func BenchmarkLink(b *testing.B) {
	s := benchLinkStore(b, 200, 40)
	l := &Linker{}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := l.Link(context.Background(), s); err != nil {
			b.Fatal(err)
		}
	}
}
