package gomod

import (
	"strings"
	"testing"
)

// FuzzParseModulePath feeds arbitrary go.mod files to the module path
// reader: it must not panic, and a path it returns is one the walk can use
// (not empty, no blanks, quotes or backslashes).
func FuzzParseModulePath(f *testing.F) {
	for _, s := range []string{"module example.com/shop\n\ngo 1.22\n", "\xef\xbb\xbfmodule a\n", "module \"a b\"\n", "go 1.21\n", "module a // c\nrequire (\n", "module a\nrequire " + strings.Repeat("(", 300)} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := parseModulePath(data)
		if err == nil && (p == "" || strings.ContainsAny(p, " \t\"'`\\")) {
			t.Fatalf("module path %q from %q", p, data)
		}
	})
}
