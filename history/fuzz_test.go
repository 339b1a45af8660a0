package history

import (
	"strings"
	"testing"
)

// FuzzParseLog feeds arbitrary git log output to the commit parser, for
// up to four commits asked for: it must not panic, and every commit it
// returns is one asked for, in order; none can be forged by a field.
func FuzzParseLog(f *testing.F) {
	h := strings.Repeat("a", 40)
	f.Add("\x00"+h+"\x00Ada\x002024-01-02T03:04:05Z\x00Add\n\x00\n 1 file changed\n", uint8(1))
	f.Add("\x00"+h+"\x00Ada\x002024\x00x\x00"+h+"\x00y\x00\n", uint8(2))
	f.Add("\x1e"+h+"\x1fLinus\x1f2001\x1fforged\x1f", uint8(1))
	f.Fuzz(func(t *testing.T, out string, n uint8) {
		want := []string{strings.Repeat("a", 40), strings.Repeat("b", 40), strings.Repeat("c", 40), strings.Repeat("d", 40)}[:n%5]
		cs, err := parseLog([]byte(out), want)
		if err != nil {
			return
		}
		if len(cs) != len(want) {
			t.Fatalf("%d commits for %d asked", len(cs), len(want))
		}
		for i, c := range cs {
			if c.Hash != want[i] {
				t.Fatalf("commit %d is %s, want %s", i, c.Hash, want[i])
			}
		}
	})
}

// FuzzParseBlame feeds arbitrary git blame --porcelain output to the
// parser: it must not panic, and it counts lines only for commit hashes.
func FuzzParseBlame(f *testing.F) {
	h := strings.Repeat("a", 40)
	f.Add(h + " 1 1 2\nauthor Ada\nsummary x\n\tline\n" + h + " 2 2\n\tline\n")
	f.Add("\t" + h + " 1 1 1\n")
	f.Fuzz(func(t *testing.T, out string) {
		for hash, n := range parseBlame([]byte(out)) {
			if !isHash(hash) || n <= 0 {
				t.Fatalf("owner %q with %d lines", hash, n)
			}
		}
	})
}

// FuzzParseChanges feeds arbitrary git log -z --name-only output to the
// document history parser: it must not panic, and every change has a file.
func FuzzParseChanges(f *testing.F) {
	f.Add("\x00100\x00\ndocs/a.md\x00pkg/a.go\x00\x00200\x00\ndocs/b.md\x00")
	f.Add("\x1e100\n\ndocs/a.md\n")
	f.Add("\x00\x00\x00")
	f.Fuzz(func(t *testing.T, out string) {
		cs, err := parseChanges([]byte(out))
		if err != nil {
			return
		}
		for _, c := range cs {
			if len(c.Files) == 0 {
				t.Fatalf("a change without files: %+v", c)
			}
			for _, name := range c.Files {
				if name == "" {
					t.Fatal("an empty file name")
				}
			}
		}
	})
}
