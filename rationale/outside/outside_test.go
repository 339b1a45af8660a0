package outside

import (
	"testing"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/graph/graphtest"
)

// store is a repository in Go and Rust whose files import from other
// projects and from itself.
func store(t *testing.T) *graph.Store {
	t.Helper()
	s := graphtest.Checked(t, graph.New())
	add := func(n graph.Node) {
		if err := s.AddNode(n); err != nil {
			t.Fatal(err)
		}
	}
	file := func(p, lang, imports string) {
		f := graph.Node{ID: graph.FileID(p), Kind: graph.KindFile, Name: p, Path: p, Lang: lang}
		f.SetAttr(graph.AttrImports, imports)
		add(f)
	}
	add(graph.Node{ID: graph.PackageID("example.com/shop/cart"), Kind: graph.KindPackage, Name: "cart",
		Qualified: "example.com/shop/cart", Path: "cart", Lang: "go"})
	file("cart/cart.go", "go", "=context =time corev1=k8s.io/api/core/v1 =example.com/shop/cart _=embed")
	file("src/sink.rs", "rust", "=futures::stream::Stream Tx=tokio::sync::Sender =crate::batch::Batch =pipe::net::Wire =net::Frame Read=std")
	add(graph.Node{ID: graph.SymbolID("src/net/mod.rs", "Send"), Kind: graph.KindType, Name: "Send",
		Qualified: "pipe::net::Send", Path: "src/net/mod.rs", Lang: "rust"})
	file("shop/cart.py", "python", "=os.path np=numpy Optional=typing Finder=shop.index =shop.models")
	add(graph.Node{ID: graph.SymbolID("shop/index.py", "Finder"), Kind: graph.KindClass, Name: "Finder",
		Qualified: "shop.index.Finder", Path: "shop/index.py", Lang: "python"})
	return s
}

func TestOutside(t *testing.T) {
	o := Of(store(t))
	binds := []struct {
		lang, name string
		want       bool
	}{
		{"rust", "Stream", true},     // use futures::stream::Stream
		{"rust", "Tx", true},         // use tokio::sync::Sender as Tx
		{"rust", "Sender", false},    // bound as Tx only
		{"rust", "Read", true},       // use std::{io::Read}
		{"rust", "Batch", false},     // use crate::batch::Batch
		{"rust", "Wire", false},      // use pipe::net::Wire: the repository's own crate
		{"rust", "Frame", false},     // use net::Frame: a module of its own, relative
		{"rust", "Send", true},       // the prelude
		{"rust", "into_iter", true},  // what an IntoIterator writes
		{"go", "Stream", false},      // a Rust import binds nothing in Go
		{"go", "len", true},          // predeclared
		{"python", "os", true},       // import os.path binds os
		{"python", "np", true},       // import numpy as np
		{"python", "Optional", true}, // from typing import Optional
		{"python", "Finder", false},  // from shop.index import Finder: its own package
	}
	for _, b := range binds {
		if got := o.Binds(b.lang, b.name); got != b.want {
			t.Errorf("Binds(%s, %s) = %v, want %v", b.lang, b.name, got, b.want)
		}
	}
	quals := map[string]bool{"context": true, "time": true, "corev1": true, "cart": false, "futures": true,
		"Vec": true, "crate": false, "pipe": false, "b": false, "embed": false, "_": false}
	for q, want := range quals {
		if got := o.Qualifies(q); got != want {
			t.Errorf("Qualifies(%s) = %v, want %v", q, got, want)
		}
	}
}

func TestImportName(t *testing.T) {
	for ip, want := range map[string]string{"time": "time", "gopkg.in/yaml.v3": "yaml", "example.com/client/v2": "client",
		"github.com/go-logr/logr": "logr", "k8s.io/api/core/v1": "core"} {
		if got := ImportName(ip); got != want {
			t.Errorf("ImportName(%s) = %s, want %s", ip, got, want)
		}
	}
}
