package syntax

import (
	"context"
	"errors"
	"testing"
)

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
