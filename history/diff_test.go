package history

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestParseDiff(t *testing.T) {
	tests := []struct {
		name string
		diff string
		want []FileDiff
	}{
		{
			name: "git diff with no context",
			diff: `diff --git a/cart/cart.go b/cart/cart.go
index 1111111..2222222 100644
--- a/cart/cart.go
+++ b/cart/cart.go
@@ -10,2 +10,3 @@ func New(
-a
-b
+A
+B
+C
@@ -20,0 +22,1 @@
+added
@@ -30,2 +32,0 @@
-gone
-gone
`,
			want: []FileDiff{{OldPath: "cart/cart.go", NewPath: "cart/cart.go", Hunks: []Hunk{
				{OldStart: 10, OldLines: 2, NewStart: 10, NewLines: 3},
				{OldStart: 20, OldLines: 0, NewStart: 22, NewLines: 1},
				{OldStart: 30, OldLines: 2, NewStart: 32, NewLines: 0},
			}}},
		},
		{
			name: "diff -u with context splits blocks",
			diff: `--- old/x.go	2024-01-01 00:00:00
+++ new/x.go	2024-01-02 00:00:00
@@ -1,6 +1,6 @@
 one
-two
+TWO
 three
 four
-five
 six
+seven
`,
			want: []FileDiff{{OldPath: "old/x.go", NewPath: "new/x.go", Hunks: []Hunk{
				{OldStart: 2, OldLines: 1, NewStart: 2, NewLines: 1},
				{OldStart: 5, OldLines: 1, NewStart: 4, NewLines: 0},
				{OldStart: 6, OldLines: 0, NewStart: 6, NewLines: 1},
			}}},
		},
		{
			name: "rename, new and deleted files",
			diff: `diff --git a/a.go b/b.go
similarity index 100%
rename from a.go
rename to b.go
diff --git a/new.go b/new.go
new file mode 100644
--- /dev/null
+++ b/new.go
@@ -0,0 +1,2 @@
+package x
+
diff --git a/old.go b/old.go
deleted file mode 100644
--- a/old.go
+++ /dev/null
@@ -1 +0,0 @@
-package x
\ No newline at end of file
`,
			want: []FileDiff{
				{OldPath: "a.go", NewPath: "b.go"},
				{NewPath: "new.go", Hunks: []Hunk{{OldStart: 0, NewStart: 1, NewLines: 2}}},
				{OldPath: "old.go", Hunks: []Hunk{{OldStart: 1, OldLines: 1, NewStart: 0}}},
			},
		},
		{
			name: "quoted path",
			diff: "diff --git \"a/d\\303\\251j\\303\\240.go\" \"b/d\\303\\251j\\303\\240.go\"\n--- \"a/d\\303\\251j\\303\\240.go\"\n+++ \"b/d\\303\\251j\\303\\240.go\"\n@@ -1 +1 @@\n-x\n+y\n",
			want: []FileDiff{{OldPath: "déjà.go", NewPath: "déjà.go", Hunks: []Hunk{{OldStart: 1, OldLines: 1, NewStart: 1, NewLines: 1}}}},
		},
		{name: "not a diff", diff: "hello\nworld\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseDiff(strings.NewReader(tt.diff))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got  %+v\nwant %+v", got, tt.want)
			}
		})
	}
}

func TestParseDiffBadHunk(t *testing.T) {
	_, err := ParseDiff(strings.NewReader("--- a/x\n+++ b/x\n@@ -a +1 @@\n"))
	if err == nil {
		t.Fatal("a malformed hunk header parsed")
	}
}

func FuzzParseDiff(f *testing.F) {
	f.Add("diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1,2 +1,3 @@\n a\n-b\n+c\n+d\n")
	f.Add("--- x\n+++ y\n@@ -0,0 +1 @@\n+z\n\\ No newline at end of file\n")
	f.Add("diff --git \"a/\\\"q\" b/q\nrename from p\nrename to q\n")
	f.Fuzz(func(t *testing.T, s string) {
		files, err := ParseDiff(strings.NewReader(s))
		if err != nil {
			return
		}
		for _, fd := range files {
			for _, h := range fd.Hunks {
				if h.NewLines < 0 || h.OldLines < 0 || h.NewLines+h.OldLines == 0 {
					t.Fatalf("bad hunk %+v", h)
				}
			}
		}
	})
}

func TestGitDiff(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := t.TempDir()
	gitIn(t, dir, "init", "-q", "-b", "main")
	write := func(s string) {
		if err := os.WriteFile(filepath.Join(dir, "f.go"), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("package f\n\nfunc A() {}\n")
	gitIn(t, dir, "add", ".")
	gitIn(t, dir, "-c", "user.name=t", "-c", "user.email=t@e", "commit", "-qm", "one")
	write("package f\n\nfunc A() { _ = 1 }\n")
	g := NewGit(dir)
	base, err := g.DefaultBase(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	got, err := g.Diff(context.Background(), base)
	if err != nil {
		t.Fatal(err)
	}
	want := []FileDiff{{OldPath: "f.go", NewPath: "f.go", Hunks: []Hunk{{OldStart: 3, OldLines: 1, NewStart: 3, NewLines: 1}}}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v, want %+v", got, want)
	}
	if _, err := g.Diff(context.Background(), "--output=x"); err == nil {
		t.Error("an option passed as a revision")
	}
}

func gitIn(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

// TestContentChanged holds which files of a diff changed content: a mode
// or a name alone is no change of content; a binary file, a new or a
// deleted one (even empty) is.
func TestContentChanged(t *testing.T) {
	diff := `diff --git a/run.sh b/run.sh
old mode 100644
new mode 100755
diff --git a/a.go b/b.go
similarity index 100%
rename from a.go
rename to b.go
diff --git a/logo.png b/logo.png
index 1111111..2222222 100644
Binary files a/logo.png and b/logo.png differ
diff --git a/empty.go b/empty.go
new file mode 100644
index 0000000..e69de29
diff --git a/gone.txt b/gone.txt
deleted file mode 100644
index e69de29..0000000
diff --git a/c.go b/c.go
old mode 100644
new mode 100755
--- a/c.go
+++ b/c.go
@@ -1 +1 @@
-x
+y
`
	files, err := ParseDiff(strings.NewReader(diff))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{"run.sh": false, "b.go": false, "logo.png": true, "empty.go": true, "gone.txt": true, "c.go": true}
	if len(files) != len(want) {
		t.Fatalf("%d files, want %d: %+v", len(files), len(want), files)
	}
	for _, f := range files {
		if got := f.ContentChanged(); got != want[f.Path()] {
			t.Errorf("%s: ContentChanged %v, want %v", f.Path(), got, want[f.Path()])
		}
	}
}
