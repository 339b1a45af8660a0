package protodialect

import (
	"errors"
	"strings"
	"testing"
)

func TestOf(t *testing.T) {
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
			if got := Of([]byte(tt.src)); got != tt.want {
				t.Errorf("Of(%q) = %q, want %q", tt.src, got, tt.want)
			}
		})
	}
}

// FuzzOf: any bytes give a dialect, and one of the known ones
// unless a syntax statement names another.
func FuzzOf(f *testing.F) {
	for _, s := range []string{`syntax = "proto3";`, "/* x */ edition = '2023';", "// c\n", "syntax = \"", "/*"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		d := Of(src)
		if d != "proto2" && d != "proto3" && d != "editions" && !strings.HasPrefix(d, "syntax ") {
			t.Fatalf("Of(%q) = %q", src, d)
		}
	})
}

func TestCheck(t *testing.T) {
	errSyntax := errors.New("syntax error")
	tests := []struct {
		name, lang, src, want string
	}{
		{"proto2", "protobuf", `syntax = "proto2";`, "proto2 is not supported (the protobuf grammar reads proto3)"},
		{"proto3", "protobuf", `syntax = "proto3";`, "syntax error"},
		{"another language", "python", `syntax = "proto2"`, "syntax error"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Check(tt.lang, []byte(tt.src), errSyntax)
			if err.Error() != tt.want || !errors.Is(err, errSyntax) {
				t.Errorf("Check = %v, want %q wrapping the syntax error", err, tt.want)
			}
		})
	}
}
