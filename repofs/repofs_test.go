package repofs

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func write(t *testing.T, p, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestReadFile(t *testing.T) {
	base := t.TempDir()
	root := filepath.Join(base, "repo")
	write(t, filepath.Join(root, "a.md"), "hello")
	write(t, filepath.Join(root, "big.md"), "0123456789")
	write(t, filepath.Join(base, "secret"), "root:x:0:0")
	for link, target := range map[string]string{
		"in.md":      "a.md",
		"out.md":     "../secret",
		"abs.md":     filepath.Join(base, "secret"),
		"zero.md":    "/dev/zero",
		"hop.md":     "sub/hop.md",
		"sub/hop.md": "../../secret",
		"fifo-in.md": "pipe",
	} {
		p := filepath.Join(root, link)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.Symlink(target, p); err != nil {
			t.Fatal(err)
		}
	}
	if err := syscall.Mkfifo(filepath.Join(root, "pipe"), 0o644); err != nil {
		t.Skip("no named pipes here:", err)
	}
	r, err := os.OpenRoot(root)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	tests := []struct {
		name, file string
		want       string
		err        error
	}{
		{"regular", "a.md", "hello", nil},
		{"link inside", "in.md", "hello", nil},
		{"link outside", "out.md", "", ErrOutside},
		{"absolute link outside", "abs.md", "", ErrOutside},
		{"link to a device", "zero.md", "", ErrOutside},
		{"link through a link outside", "hop.md", "", ErrOutside},
		{"dot-dot", "../secret", "", ErrOutside},
		{"fifo", "pipe", "", ErrNotRegular},
		{"link to a fifo", "fifo-in.md", "", ErrNotRegular},
		{"directory", "sub", "", ErrNotRegular},
		{"over the cap", "big.md", "", ErrTooLarge},
		{"missing", "nope.md", "", os.ErrNotExist},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ReadFile(r, tt.file, 8)
			if tt.err == nil && err != nil {
				t.Fatalf("ReadFile(%s) = %v", tt.file, err)
			}
			if !errors.Is(err, tt.err) {
				t.Fatalf("ReadFile(%s) error %v, want %v", tt.file, err, tt.err)
			}
			if string(got) != tt.want {
				t.Fatalf("ReadFile(%s) = %q, want %q", tt.file, got, tt.want)
			}
		})
	}
}

// TestReadFileTo checks that a read into a buffer uses its memory when the
// file fits, grows it when not, and keeps nothing of what it held.
func TestReadFileTo(t *testing.T) {
	root := t.TempDir()
	write(t, filepath.Join(root, "short.go"), "ab")
	write(t, filepath.Join(root, "long.go"), "0123456789abcdef")
	r, err := os.OpenRoot(root)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	buf := []byte("xxxxxxxxxxxxxxxxxxxxxxxx")[:0]
	tests := []struct {
		name, file, want string
		shared           bool // read into buf's array
	}{
		{"fits", "short.go", "ab", true},
		{"grows", "long.go", "0123456789abcdef", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			small := buf[:0:8]
			got, err := ReadFileTo(small, r, tt.file, 64)
			if err != nil || string(got) != tt.want {
				t.Fatalf("ReadFileTo(%s) = %q, %v, want %q", tt.file, got, err, tt.want)
			}
			if shared := &got[:1][0] == &small[:1][0]; shared != tt.shared {
				t.Errorf("ReadFileTo(%s) shares the buffer: %v, want %v", tt.file, shared, tt.shared)
			}
		})
	}
	if _, err := ReadFileTo(buf, r, "long.go", 15); !errors.Is(err, ErrTooLarge) {
		t.Errorf("ReadFileTo over the cap into a larger buffer: %v, want %v", err, ErrTooLarge)
	}
}

func TestRealDirs(t *testing.T) {
	base := t.TempDir()
	root := filepath.Join(base, "repo")
	outside := filepath.Join(base, "elsewhere")
	os.MkdirAll(root, 0o755)
	os.MkdirAll(outside, 0o755)
	tests := []struct {
		name  string
		setup func(t *testing.T, root string)
		rel   string
		err   error
	}{
		{"made when missing", func(*testing.T, string) {}, ".gortex/memories", nil},
		{"linked .gortex", func(t *testing.T, root string) {
			if err := os.Symlink(outside, filepath.Join(root, ".gortex")); err != nil {
				t.Fatal(err)
			}
		}, ".gortex", ErrNotDir},
		{"linked memories", func(t *testing.T, root string) {
			os.Mkdir(filepath.Join(root, ".gortex"), 0o755)
			if err := os.Symlink(outside, filepath.Join(root, ".gortex", "memories")); err != nil {
				t.Fatal(err)
			}
		}, ".gortex/memories", ErrNotDir},
		{"file .gortex", func(t *testing.T, root string) {
			write(t, filepath.Join(root, ".gortex"), "x")
		}, ".gortex", ErrNotDir},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			tt.setup(t, root)
			err := RealDirs(root, tt.rel, true)
			if !errors.Is(err, tt.err) || (tt.err == nil) != (err == nil) {
				t.Fatalf("RealDirs(%s) = %v, want %v", tt.rel, err, tt.err)
			}
			if entries, _ := os.ReadDir(outside); len(entries) != 0 {
				t.Fatalf("something was made outside: %v", entries)
			}
		})
	}
}

func TestOwnDir(t *testing.T) {
	base := t.TempDir()
	mine := filepath.Join(base, "tmp-1")
	os.Mkdir(mine, 0o755)
	if OwnDir(mine) {
		t.Fatal("an unmarked directory is owned")
	}
	if err := MarkOwn(mine); err != nil {
		t.Fatal(err)
	}
	moved := filepath.Join(base, "index")
	if err := os.Rename(mine, moved); err != nil {
		t.Fatal(err)
	}
	if !OwnDir(moved) {
		t.Fatal("a marked directory, renamed, is not owned")
	}
	copied := filepath.Join(base, "copy")
	os.Mkdir(copied, 0o755)
	mark, _ := os.ReadFile(filepath.Join(moved, ownMark))
	write(t, filepath.Join(copied, ownMark), string(mark))
	if OwnDir(copied) {
		t.Fatal("a copy of the mark makes a directory owned")
	}
	link := filepath.Join(base, "link")
	os.Symlink(moved, link)
	if OwnDir(link) {
		t.Fatal("a link to an owned directory is owned")
	}
}

// TestOwned writes and reads through a directory gortex owns, and through
// the ways a repository can plant one: the directory or a parent a link,
// an entry committed or copied, a file at the name a link.
func TestOwned(t *testing.T) {
	base := t.TempDir()
	outside := filepath.Join(base, "outside")
	os.Mkdir(outside, 0o755)
	keys := filepath.Join(outside, "authorized_keys")
	write(t, keys, "ssh-ed25519 KEY")
	tests := []struct {
		name  string
		plant func(t *testing.T, root string)
		err   error // of WriteEntry
		entry bool  // the planted entry is read
	}{
		{"made when missing", func(*testing.T, string) {}, nil, false},
		{"cache linked outside", func(t *testing.T, root string) {
			os.Mkdir(filepath.Join(root, ".gortex"), 0o755)
			os.Symlink(outside, filepath.Join(root, ".gortex", "cache"))
		}, ErrNotDir, false},
		{"blame linked outside", func(t *testing.T, root string) {
			os.MkdirAll(filepath.Join(root, ".gortex", "cache"), 0o755)
			os.Symlink(outside, filepath.Join(root, ".gortex", "cache", "blame"))
		}, ErrNotDir, false},
		{"committed entry", func(t *testing.T, root string) {
			write(t, filepath.Join(root, ".gortex", "cache", "blame", "e.json"), "forged")
		}, nil, false},
		{"committed entry and mark", func(t *testing.T, root string) {
			write(t, filepath.Join(root, ".gortex", "cache", "blame", ownMark), "2049:12 00ff\n")
			write(t, filepath.Join(root, ".gortex", "cache", "blame", "e.json"), "gortex-own 2049:12 00ff\nforged")
		}, nil, false},
		{"entry linked outside", func(t *testing.T, root string) {
			os.MkdirAll(filepath.Join(root, ".gortex", "cache", "blame"), 0o755)
			os.Symlink(keys, filepath.Join(root, ".gortex", "cache", "blame", "e.json"))
		}, nil, false},
		{"entry linked to a device", func(t *testing.T, root string) {
			os.MkdirAll(filepath.Join(root, ".gortex", "cache", "blame"), 0o755)
			os.Symlink("/dev/zero", filepath.Join(root, ".gortex", "cache", "blame", "e.json"))
		}, nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			tt.plant(t, root)
			o := OwnedDir(root, ".gortex/cache").Sub("blame")
			if _, err := o.ReadEntry("e.json", 1<<20); err == nil {
				t.Fatal("a planted entry was read")
			}
			for _, name := range []string{"e.json", "sub/e.json"} {
				err := o.WriteEntry(name, []byte("mine"))
				if !errors.Is(err, tt.err) || (tt.err == nil) != (err == nil) {
					t.Fatalf("WriteEntry(%s) = %v, want %v", name, err, tt.err)
				}
				got, err := o.ReadEntry(name, 1<<20)
				if tt.err == nil && (err != nil || string(got) != "mine") {
					t.Errorf("ReadEntry(%s) = %q, %v, want mine", name, got, err)
				}
			}
			if b, _ := os.ReadFile(keys); string(b) != "ssh-ed25519 KEY" {
				t.Errorf("the file outside was changed to %q", b)
			}
			if entries, _ := os.ReadDir(outside); len(entries) != 1 {
				t.Errorf("something was made outside: %v", entries)
			}
		})
	}
}

// TestOwnedCreateAndStamp creates a marker and stamps a time where a
// repository committed links to a file outside: the links are replaced,
// the file keeps its content.
func TestOwnedCreateAndStamp(t *testing.T) {
	root, outside := t.TempDir(), t.TempDir()
	keys := filepath.Join(outside, "authorized_keys")
	write(t, keys, "KEY")
	dir := filepath.Join(root, ".gortex", "cache", "watch")
	os.MkdirAll(dir, 0o755)
	for _, name := range []string{"mark-1", "stamp"} {
		if err := os.Symlink(keys, filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	o := OwnedDir(root, ".gortex/cache/watch")
	if _, ok := o.Stamped("stamp"); ok {
		t.Error("a link is a stamp")
	}
	f, err := o.Create("mark-1")
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("x")
	f.Close()
	if err := o.Stamp("stamp"); err != nil {
		t.Fatal(err)
	}
	if _, ok := o.Stamped("stamp"); !ok {
		t.Error("no stamp after Stamp")
	}
	if b, _ := os.ReadFile(keys); string(b) != "KEY" {
		t.Errorf("the file outside was changed to %q", b)
	}
	for _, name := range []string{"mark-1", "stamp"} {
		if fi, err := os.Lstat(filepath.Join(dir, name)); err != nil || !fi.Mode().IsRegular() {
			t.Errorf("%s is not a regular file: %v", name, err)
		}
	}
}

// TestCheckNesting: brackets count where the format's parser sees them,
// not inside strings or comments, and a closing bracket in a string does
// not hide the levels around it.
func TestCheckNesting(t *testing.T) {
	deep := func(open string, n int) string { return strings.Repeat(open, n) }
	tests := []struct {
		name   string
		syntax Syntax
		data   string
		deep   bool
	}{
		{"flat toml", TOML, "[package]\nname = \"a\"\n[[bin]]\nname = \"b\"\n", false},
		{"500k [ in toml", TOML, "a = " + deep("[", 500_000), true},
		{"500k [ in jsonc", JSONC, deep("[", 500_000), true},
		{"500k { in jsonc", JSONC, deep(`{"a":`, 300), true},
		{"( in go.mod", GoMod, "module a\nrequire " + deep("(", 300), true},
		{"at the limit", JSONC, deep("[", 8) + deep("]", 8), false},
		{"over the limit", JSONC, deep("[", 9), true},
		{"in a string", JSONC, `{"a": "` + deep("[", 20) + `"}`, false},
		{"escaped quote in a string", JSONC, `["\"` + deep("[", 20) + `"]`, false},
		{"in comments", JSONC, "// " + deep("[", 20) + "\n/* " + deep("{", 20) + " */ {}", false},
		{"in a toml comment", TOML, "# " + deep("[", 20) + "\na = 1\n", false},
		{"in a toml literal string", TOML, "a = '" + deep("[", 20) + "'", false},
		{"in a toml multi-line string", TOML, "a = \"\"\"\n\"" + deep("[", 20) + "\n\"\"\"", false},
		{"closers in strings hide nothing", JSONC, deep(`["]",`, 20), true},
		{"a quote in a comment hides nothing", JSONC, "// \"\n" + deep("[", 20), true},
		{"jsonc has no single-quoted strings", JSONC, "'" + deep("[", 20) + "'", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := CheckNesting([]byte(tt.data), tt.syntax, 8)
			if got := errors.Is(err, ErrTooDeep); got != tt.deep || (err != nil && !got) {
				t.Errorf("CheckNesting = %v, want too deep: %v", err, tt.deep)
			}
		})
	}
}
