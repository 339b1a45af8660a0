package change

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gortex/gortex/workspace"
)

// fixtureRepo copies testdata/repo into a temporary git repository, lays
// testdata/check over it (an integer-cents ADR, an invariant memory on
// Cart.Total, the method itself) and commits. It returns the root.
func fixtureRepo(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	root := t.TempDir()
	copyTree(t, filepath.Join("..", "testdata", "repo"), root)
	copyTree(t, filepath.Join("..", "testdata", "check", "docs"), filepath.Join(root, "docs"))
	copyTree(t, filepath.Join("..", "testdata", "check", ".gortex"), filepath.Join(root, ".gortex"))
	method, err := os.ReadFile(filepath.Join("..", "testdata", "check", "cart_total.go.txt"))
	if err != nil {
		t.Fatal(err)
	}
	appendFile(t, filepath.Join(root, "cart", "cart.go"), string(method))
	git(t, root, "init", "-q", "-b", "main")
	commitAll(t, root, "fixture")
	return root
}

// commitAll commits every change in root.
func commitAll(t *testing.T, root, msg string) {
	t.Helper()
	git(t, root, "add", "-A")
	git(t, root, "-c", "user.name=Test", "-c", "user.email=test@example.com", "commit", "-qm", msg)
}

// edit replaces old with new in the file at rel, which must hold it.
func edit(t *testing.T, root, rel, old, new string) {
	t.Helper()
	p := filepath.Join(root, rel)
	b, err := os.ReadFile(p)
	if err != nil || !strings.Contains(string(b), old) {
		t.Fatalf("%s does not hold %q (%v)", rel, old, err)
	}
	if err := os.WriteFile(p, []byte(strings.Replace(string(b), old, new, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
}

func open(t *testing.T, root string) *workspace.Workspace {
	t.Helper()
	w, err := workspace.Open(context.Background(), root, workspace.Options{Scope: "workspace", Short: true})
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func git(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

func appendFile(t *testing.T, p, text string) {
	t.Helper()
	f, err := os.OpenFile(p, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString(text); err != nil {
		t.Fatal(err)
	}
}

func copyTree(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		dst := filepath.Join(to, rel)
		if d.IsDir() {
			return os.MkdirAll(dst, 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(dst, b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}
