package query

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/graph/graphtest"
)

// TestClassifyAsTyped: the forms people type for a module or a directory
// answer: a Rust crate or module, a Python dotted module, a TypeScript
// module path, a directory with the trailing "/" of tab completion or a
// leading "./".
func TestClassifyAsTyped(t *testing.T) {
	s := graphtest.Checked(t, graph.New())
	file := func(p string) {
		if err := s.AddNode(graph.Node{ID: graph.FileID(p), Kind: graph.KindFile, Name: filepath.Base(p), Path: p}); err != nil {
			t.Fatal(err)
		}
	}
	pkg := func(dir, qualified string) {
		if err := s.AddNode(graph.Node{ID: graph.PackageID(qualified), Kind: graph.KindPackage, Name: filepath.Base(dir), Qualified: qualified, Path: dir}); err != nil {
			t.Fatal(err)
		}
	}
	sym := func(p, name, qualified string) {
		file(p)
		if err := s.AddNode(graph.Node{ID: graph.SymbolID(p, name), Kind: graph.KindType, Name: name, Qualified: qualified, Path: p, Line: 1}); err != nil {
			t.Fatal(err)
		}
	}
	// A Rust workspace: the crate vector_buffers, and a module with a
	// folder of submodules beside its file.
	pkg("lib/vector-buffers/src", "lib/vector-buffers/src")
	pkg("lib/vector-buffers/src/variants", "lib/vector-buffers/src/variants")
	sym("lib/vector-buffers/src/lib.rs", "BufferType", "vector_buffers::BufferType")
	sym("lib/vector-buffers/src/variants/disk.rs", "DiskBuffer", "vector_buffers::variants::disk::DiskBuffer")
	pkg("src/transforms", "src/transforms")
	pkg("src/transforms/throttle", "src/transforms/throttle")
	sym("src/transforms/throttle.rs", "Throttle", "vector::transforms::throttle::Throttle")
	sym("src/transforms/throttle/config.rs", "ThrottleConfig", "vector::transforms::throttle::config::ThrottleConfig")
	// Python and TypeScript.
	pkg("src/flask", "flask")
	sym("src/flask/app.py", "Flask", "flask.app.Flask")
	sym("src/flask/helpers.py", "send_file", "flask.helpers.send_file")
	pkg("web/src/util", "web/src/util")
	sym("web/src/util/strings.ts", "pad", "util/strings.pad")
	// A Go package, for directories.
	pkg("cart", "example.com/shop/cart")
	sym("cart/cart.go", "Cart", "example.com/shop/cart.Cart")
	pkg("internal/ledger", "example.com/shop/internal/ledger")
	sym("internal/ledger/ledger.go", "Ledger", "example.com/shop/internal/ledger.Ledger")

	root := t.TempDir()
	for _, d := range []string{"cart", "internal/ledger", "docs"} {
		os.MkdirAll(filepath.Join(root, d), 0o755)
	}
	tests := []struct {
		name, text, wd string
		kind           TargetKind
		node           graph.NodeID // the node answered, when one
	}{
		{name: "Rust crate", text: "vector_buffers", kind: TargetPackage, node: graph.PackageID("lib/vector-buffers/src")},
		{name: "Rust module of the crate", text: "crate::transforms::throttle", kind: TargetFile, node: "src/transforms/throttle.rs"},
		{name: "Rust module, self", text: "self::transforms::throttle", kind: TargetFile, node: "src/transforms/throttle.rs"},
		{name: "Rust module by its crate", text: "vector_buffers::variants::disk", kind: TargetFile, node: "lib/vector-buffers/src/variants/disk.rs"},
		{name: "Rust module suffix", text: "throttle::config", kind: TargetFile, node: "src/transforms/throttle/config.rs"},
		{name: "Python dotted module", text: "flask.app", kind: TargetFile, node: "src/flask/app.py"},
		{name: "TypeScript module path", text: "util/strings", kind: TargetFile, node: "web/src/util/strings.ts"},
		{name: "directory with a trailing slash", text: "cart/", kind: TargetPackage, node: graph.PackageID("example.com/shop/cart")},
		{name: "directory under ./", text: "./cart", kind: TargetPackage, node: graph.PackageID("example.com/shop/cart")},
		{name: "directory under ./ from a subdirectory", text: "./ledger", wd: filepath.Join(root, "internal"), kind: TargetPackage, node: graph.PackageID("example.com/shop/internal/ledger")},
		{name: "folder holding packages", text: "internal/", kind: TargetPackage, node: graph.PackageID("example.com/shop/internal/ledger")},
		{name: "folder without code", text: "docs/", kind: TargetNoFile},
		{name: "crate:: of a module nobody has", text: "crate::nowhere", kind: TargetUnknown},
		{name: "unknown name stays unknown", text: "Throtle", kind: TargetUnknown},
		{name: "a symbol stays a symbol", text: "Throttle", kind: TargetSymbol, node: graph.SymbolID("src/transforms/throttle.rs", "Throttle")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Classify(s, tt.text, root, tt.wd)
			var id graph.NodeID
			if got.Node != nil {
				id = got.Node.ID
			}
			if got.Kind != tt.kind || id != tt.node {
				t.Errorf("Classify(%q) = kind %d node %q, want kind %d node %q", tt.text, got.Kind, id, tt.kind, tt.node)
			}
		})
	}
}
