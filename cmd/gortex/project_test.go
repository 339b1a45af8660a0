package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gortex/gortex/workspace"
)

// emptyDir is a new empty directory that no project encloses.
func emptyDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if _, err := workspace.FindRoot(dir); err == nil {
		t.Skip("the temporary directory is inside a project")
	}
	return dir
}

// TestOutsideAProject: run in a directory that is no project, the commands
// that would index or write refuse, say how to point at a project, and
// leave the directory empty; --dir still works.
func TestOutsideAProject(t *testing.T) {
	dir := emptyDir(t)
	t.Chdir(dir)
	for _, args := range [][]string{
		{"why", "Foo"},
		{"why", "--json", "Foo"},
		{"index"},
		{"index", "--full"},
		{"remember", "--body", "x"},
		{"memory", "check"},
		{"mcp"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			code, out, stderr := run(t, args...)
			if code == exitOK || out != "" || !strings.Contains(stderr, "not inside a project") ||
				!strings.Contains(stderr, "--dir DIR") || !strings.Contains(stderr, "gortex index DIR") {
				t.Errorf("exit %d, stdout %q, stderr %q", code, out, stderr)
			}
			if entries, _ := os.ReadDir(dir); len(entries) > 0 {
				t.Fatalf("%v wrote %s into a directory that is no project", args, entries[0].Name())
			}
		})
	}
	t.Run("home is no project", func(t *testing.T) {
		t.Setenv("HOME", dir)
		if err := os.Mkdir(filepath.Join(dir, ".git"), 0o755); err != nil {
			t.Fatal(err)
		}
		defer os.Remove(filepath.Join(dir, ".git"))
		if code, _, stderr := run(t, "why", "Foo"); code != exitError || !strings.Contains(stderr, "not inside a project") {
			t.Errorf("why in a home that is a git repository: exit %d, %s", code, stderr)
		}
	})
	t.Run("named with --dir", func(t *testing.T) {
		if err := os.WriteFile(filepath.Join(dir, "a.go"), []byte("package a\n\nfunc Foo() {}\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if code, out, stderr := run(t, "why", "--dir", dir, "--json", "Foo"); code != exitOK {
			t.Errorf("why --dir: exit %d\n%s%s", code, out, stderr)
		}
	})
}
