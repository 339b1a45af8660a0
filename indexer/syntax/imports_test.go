package syntax

import (
	"cmp"
	"context"
	"reflect"
	"testing"
)

// TestImports: each name an import binds is one import, its path's first
// part naming the crate or package it comes from (Rust, Python).
func TestImports(t *testing.T) {
	tests := []struct {
		name, src string
		want      []Import
		lang      string
	}{
		{"a path", "use futures::stream::Stream;", []Import{{Path: "futures::stream::Stream"}}, ""},
		{"a crate", "use serde;", []Import{{Path: "serde"}}, ""},
		{"renamed", "use tokio::sync::mpsc::Sender as Tx;", []Import{{Alias: "Tx", Path: "tokio::sync::mpsc::Sender"}}, ""},
		{"a list", "use std::{fmt, collections::HashMap as Map, io::Read};",
			[]Import{{Alias: "fmt", Path: "std"}, {Alias: "Map", Path: "std"}, {Alias: "Read", Path: "std"}}, ""},
		{"a list in a list", "use std::{io::{Read, Write}};", []Import{{Alias: "Read", Path: "std"}, {Alias: "Write", Path: "std"}}, ""},
		{"inside a function", "fn f() { use crate::batch::Batch; }", []Import{{Path: "crate::batch::Batch"}}, ""},
		{"a glob binds no name", "pub use self::net::*;", nil, ""},
		{"a Python module", "import os.path", []Import{{Path: "os.path"}}, "python"},
		{"a Python name", "from typing import Optional, List as L", []Import{{Alias: "Optional", Path: "typing"}, {Alias: "L", Path: "typing"}}, "python"},
		{"renamed in Python", "import numpy as np", []Import{{Alias: "np", Path: "numpy"}}, "python"},
		{"a relative import is its own", "from . import x\nfrom .a import b", nil, "python"},
	}
	p := NewParser()
	defer p.Close()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lang := cmp.Or(tt.lang, "rust")
			pf, err := p.Parse(context.Background(), lang, "src/x."+map[string]string{"rust": "rs", "python": "py"}[lang], []byte(tt.src))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(pf.Imports, tt.want) {
				t.Errorf("imports = %+v, want %+v", pf.Imports, tt.want)
			}
		})
	}
}
