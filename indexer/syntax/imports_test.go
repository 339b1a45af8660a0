package syntax

import (
	"context"
	"reflect"
	"testing"
)

// TestRustUseImports: each name a use declaration binds is one import,
// its path's first part naming the crate it comes from.
func TestRustUseImports(t *testing.T) {
	tests := []struct {
		name, src string
		want      []Import
	}{
		{"a path", "use futures::stream::Stream;", []Import{{Path: "futures::stream::Stream"}}},
		{"a crate", "use serde;", []Import{{Path: "serde"}}},
		{"renamed", "use tokio::sync::mpsc::Sender as Tx;", []Import{{Alias: "Tx", Path: "tokio::sync::mpsc::Sender"}}},
		{"a list", "use std::{fmt, collections::HashMap as Map, io::Read};",
			[]Import{{Alias: "fmt", Path: "std"}, {Alias: "Map", Path: "std"}, {Alias: "Read", Path: "std"}}},
		{"a list in a list", "use std::{io::{Read, Write}};", []Import{{Alias: "Read", Path: "std"}, {Alias: "Write", Path: "std"}}},
		{"inside a function", "fn f() { use crate::batch::Batch; }", []Import{{Path: "crate::batch::Batch"}}},
		{"a glob binds no name", "pub use self::net::*;", nil},
	}
	p := NewParser()
	defer p.Close()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pf, err := p.Parse(context.Background(), "rust", "src/lib.rs", []byte(tt.src))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(pf.Imports, tt.want) {
				t.Errorf("imports = %+v, want %+v", pf.Imports, tt.want)
			}
		})
	}
}
