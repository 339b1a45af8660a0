package workspace_test

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/gortex/gortex/workspace"
)

// tree writes files (name → content; a name ending in / is a directory)
// under a new temporary directory and returns it.
func tree(t *testing.T, files ...string) string {
	t.Helper()
	root := t.TempDir()
	if _, err := workspace.FindRoot(filepath.Dir(root)); err == nil {
		t.Skip("the temporary directory is itself inside a project")
	}
	for _, f := range files {
		p := filepath.Join(root, filepath.FromSlash(f))
		if f[len(f)-1] == '/' {
			if err := os.MkdirAll(p, 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func TestFindRoot(t *testing.T) {
	tests := []struct {
		name  string
		files []string
		dir   string // where the walk starts, under the tree
		home  string // $HOME, under the tree; "" for a home elsewhere
		want  string // "" for ErrNoProject
	}{
		{"git repository", []string{"repo/.git/", "repo/a/b/c.go"}, "repo/a/b", "", "repo"},
		{"worktree .git file", []string{"wt/.git", "wt/x/y.go"}, "wt/x", "", "wt"},
		{"git root above a nested go.mod", []string{"repo/.git/", "repo/tools/go.mod"}, "repo/tools", "", "repo"},
		{"an index nearer than the git root", []string{"repo/.git/", "repo/sub/.gortex/index/"}, "repo/sub/pkg/", "", "repo/sub"},
		{"nearest marker without git", []string{"proj/go.mod", "proj/tools/go.mod", "proj/tools/cmd/"}, "proj/tools/cmd", "", "proj/tools"},
		{"Cargo.toml", []string{"crate/Cargo.toml", "crate/src/"}, "crate/src", "", "crate"},
		{"empty directory", []string{"empty/"}, "empty", "", ""},
		{"a dotfiles repository at home", []string{"home/.git/", "home/Downloads/"}, "home/Downloads", "home", ""},
		{"a stray package.json at home", []string{"home/package.json", "home/notes/"}, "home/notes", "home", ""},
		{"home itself", []string{"home/.git/"}, "home", "home", ""},
		{"a project under home", []string{"home/.git/", "home/src/app/go.mod", "home/src/app/pkg/"}, "home/src/app/pkg", "home", "home/src/app"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := tree(t, tt.files...)
			if tt.home != "" {
				t.Setenv("HOME", filepath.Join(root, tt.home))
			}
			got, err := workspace.FindRoot(filepath.Join(root, tt.dir))
			switch {
			case tt.want == "" && !errors.Is(err, workspace.ErrNoProject):
				t.Errorf("FindRoot = %q, %v; want ErrNoProject", got, err)
			case tt.want != "" && (err != nil || got != filepath.Join(root, tt.want)):
				t.Errorf("FindRoot = %q, %v; want %s", got, err, filepath.Join(root, tt.want))
			}
		})
	}
}
