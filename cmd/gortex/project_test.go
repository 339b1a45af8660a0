package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gortex/gortex/query"
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
	withMCPProgram(t)
	dir := emptyDir(t)
	t.Chdir(dir)
	for _, args := range [][]string{
		{"why", "Foo"},
		{"why", "--json", "Foo"},
		{"index"},
		{"index", "--full"},
		{"remember", "--body", "x"},
		{"memory", "check"},
		{"mcp", "--http", "127.0.0.1:0"},
		{"ui"},
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
	t.Run("mcp over stdio waits for a client's root", func(t *testing.T) {
		stdin = strings.NewReader("") // a client that hangs up at once
		defer func() { stdin = os.Stdin }()
		if code, _, stderr := run(t, "mcp"); code != exitOK {
			t.Errorf("exit %d: %s", code, stderr)
		}
		if entries, _ := os.ReadDir(dir); len(entries) > 0 {
			t.Fatalf("gortex mcp wrote %s into a directory that is no project", entries[0].Name())
		}
	})
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

// TestQueryFromSubdirectory: run without --dir from a directory inside the
// fixture, why finds the fixture as the project and reads a relative file
// path from the working directory first, then from the root; a path that
// names no file gets paths as suggestions.
func TestQueryFromSubdirectory(t *testing.T) {
	root := fixture(t)
	t.Chdir(filepath.Join(root, "billing"))
	tests := []struct {
		name, query string
		code        int
		path        string // of the answer's file
		note        string // in the answer's note
	}{
		{"relative to the working directory", "invoice.go", exitOK, "billing/invoice.go", ""},
		{"dot slash", "./invoice.go", exitOK, "billing/invoice.go", ""},
		{"relative to the root", "billing/invoice.go", exitOK, "billing/invoice.go", ""},
		{"dot dot", "../cart/cart.go", exitOK, "cart/cart.go", ""},
		{"missing file", "invoices.go", exitUnknown, "", "did you mean billing/invoice.go"},
		{"missing file elsewhere", "ledger/ledger.go", exitUnknown, "", "did you mean internal/ledger/ledger.go?"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, stderr := run(t, "why", tt.query, "--json")
			if code != tt.code {
				t.Fatalf("exit %d, want %d\n%s%s", code, tt.code, out, stderr)
			}
			var a query.Answer
			if err := json.Unmarshal([]byte(out), &a); err != nil {
				t.Fatal(err, out)
			}
			if a.Kind != query.AnswerFile || (tt.path != "" && (a.Symbol == nil || a.Symbol.Path != tt.path)) || !strings.Contains(a.Note, tt.note) {
				t.Errorf("answer kind %q symbol %+v note %q; want a file answer for %q, note with %q", a.Kind, a.Symbol, a.Note, tt.path, tt.note)
			}
		})
	}
}
