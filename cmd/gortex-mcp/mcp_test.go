package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/gortex/gortex/mcp"
)

// gortex mcp serves --dir; else $CLAUDE_PROJECT_DIR; else the git
// repository around the working directory; else the project (a build
// file) around it; outside any project it refuses.
func TestMCPRoot(t *testing.T) {
	base, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	repo, sub, plain := filepath.Join(base, "repo"), filepath.Join(base, "repo", "pkg"), filepath.Join(base, "plain")
	marked := filepath.Join(base, "marked")
	for _, d := range []string{filepath.Join(repo, ".git"), sub, plain, marked} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(marked, "go.mod"), []byte("module m\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name       string
		dir, env   string
		wd         string
		wantRoot   string
		wantSource mcp.RootSource
	}{
		{"flag", plain, repo, sub, plain, mcp.RootFlag},
		{"environment", "", plain, sub, plain, mcp.RootEnv},
		{"environment not a directory", "", filepath.Join(base, "nosuch"), sub, repo, mcp.RootGit},
		{"git root of the working directory", "", "", sub, repo, mcp.RootGit},
		{"project around the working directory", "", "", marked, marked, mcp.RootWorkdir},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Chdir(tt.wd)
			root, source, err := mcpRoot(tt.dir, tt.env)
			if err != nil {
				t.Fatal(err)
			}
			if root != tt.wantRoot || source != tt.wantSource {
				t.Errorf("root %s (%s), want %s (%s)", root, source, tt.wantRoot, tt.wantSource)
			}
		})
	}
	t.Run("no project", func(t *testing.T) {
		t.Chdir(plain)
		if root, _, err := mcpRoot("", ""); err == nil {
			t.Errorf("outside a project mcp serves %s", root)
		}
	})
}
