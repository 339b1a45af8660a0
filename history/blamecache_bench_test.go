package history

import (
	"context"
	"fmt"
	"os/exec"
	"strings"
	"testing"
)

// benchRepo is a repository with one file of 200 lines written by 20
// commits, ten lines each.
func benchRepo(b *testing.B) *gitRepo {
	if _, err := exec.LookPath("git"); err != nil {
		b.Skip("git is not installed")
	}
	r := &gitRepo{t: b, dir: b.TempDir()}
	r.git("init", "-q", "-b", "main")
	lines := make([]string, 200)
	for i := range lines {
		lines[i] = "// line"
	}
	for c := range 20 {
		for i := c * 10; i < c*10+10; i++ {
			lines[i] = fmt.Sprintf("// line %d of commit %d", i, c)
		}
		r.write("big.go", "package big\n"+strings.Join(lines, "\n")+"\n")
		r.commit(fmt.Sprintf("Commit %d", c))
	}
	return r
}

// BenchmarkBlame blames a 30-line range: with git each time, and from the
// cache once it holds the file (one op is one Blame).
func BenchmarkBlame(b *testing.B) {
	r := benchRepo(b)
	ctx := context.Background()
	for _, bc := range []struct {
		name string
		git  *Git
	}{
		{"git", NewGit(r.dir)},
		{"cached", &Git{Root: r.dir, Cache: NewBlameCache(ownedDir(b.TempDir()), false)}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			if _, err := bc.git.Blame(ctx, "big.go", 40, 70); err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				if _, err := bc.git.Blame(ctx, "big.go", 40, 70); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
