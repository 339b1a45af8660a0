package syntax

import (
	"context"
	"errors"
	"strings"
	"testing"
)

func TestProtoDialect(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"proto3", `syntax = "proto3";`, "proto3"},
		{"proto2", `syntax = "proto2";`, "proto2"},
		{"single quotes", `syntax='proto3';`, "proto3"},
		{"after comments", "// Copyright\n/* a\n block */\n\n  syntax\n=\n\"proto3\";", "proto3"},
		{"byte order mark", "\ufeffsyntax = \"proto3\";", "proto3"},
		{"no syntax statement", "package foo;\nmessage A { required int32 x = 1; }", "proto2"},
		{"edition", `edition = "2023";`, "editions"},
		{"other", `syntax = "proto4";`, `syntax "proto4"`},
		{"unterminated", `syntax = "proto3`, "proto2"},
		{"unterminated comment", "/* syntax = \"proto3\";", "proto2"},
		{"empty", "", "proto2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := protoDialect([]byte(tt.src)); got != tt.want {
				t.Errorf("protoDialect(%q) = %q, want %q", tt.src, got, tt.want)
			}
		})
	}
}

// A proto2 or editions file the grammar reads nothing of is reported as
// such, not as a syntax error, and is still ErrSyntax to callers; a proto3
// file parses.
func TestParseProto2(t *testing.T) {
	const body = "package foo;\nmessage A {\n  required int32 x = 1;\n  optional string y = 2 [default = \"z\"];\n  extensions 100 to 199;\n}\n"
	tests := []struct {
		name, src, want string
	}{
		{"proto2", "syntax = \"proto2\";\n" + body, "parse a.proto: proto2 is not supported (the protobuf grammar reads proto3)"},
		{"no syntax statement", "// proto2 by default\n" + body, "parse a.proto: proto2 is not supported (the protobuf grammar reads proto3)"},
		{"edition", "edition = \"2023\";\n" + body, "parse a.proto: editions is not supported (the protobuf grammar reads proto3)"},
	}
	p := NewParser()
	defer p.Close()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := p.Parse(context.Background(), "protobuf", "a.proto", []byte(tt.src))
			if err == nil || err.Error() != tt.want || !errors.Is(err, ErrSyntax) {
				t.Errorf("Parse = %v, want %q (an ErrSyntax)", err, tt.want)
			}
		})
	}
	pf, err := p.Parse(context.Background(), "protobuf", "b.proto", []byte("syntax = \"proto3\";\npackage foo;\nmessage B { int32 x = 1; }\n"))
	if err != nil || pf.Package != "foo" {
		t.Errorf("proto3: %+v, %v", pf, err)
	}
}

// FuzzProtoDialect: any bytes give a dialect, and one of the known ones
// unless a syntax statement names another.
func FuzzProtoDialect(f *testing.F) {
	for _, s := range []string{`syntax = "proto3";`, "/* x */ edition = '2023';", "// c\n", "syntax = \"", "/*"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		d := protoDialect(src)
		if d != "proto2" && d != "proto3" && d != "editions" && !strings.HasPrefix(d, "syntax ") {
			t.Fatalf("protoDialect(%q) = %q", src, d)
		}
	})
}
