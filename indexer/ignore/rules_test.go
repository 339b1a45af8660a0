package ignore

import (
	"fmt"
	"path"
	"strings"
	"testing"
)

// bigIgnore is an ignore file of 20,000 patterns of the kinds large
// generated ignore files hold, and 36,000 paths in 1,800 directories: the
// shape of the report where matching cost 137 s (git status: 15 s).
func bigIgnore() (patterns string, paths []string) {
	var b strings.Builder
	for i := range 20_000 {
		switch i % 4 {
		case 0:
			fmt.Fprintf(&b, "pkg%d/sub%d/f%d_%d.dat\n", i%60, i%30, i%1800, i%20)
		case 1:
			fmt.Fprintf(&b, "name%d.tmp\n", i)
		case 2:
			fmt.Fprintf(&b, "*.ext%d\n", i)
		default:
			fmt.Fprintf(&b, "build%d/\n", i)
		}
	}
	for d := range 1800 {
		for f := range 20 {
			paths = append(paths, fmt.Sprintf("pkg%d/sub%d/f%d_%d.dat", d/30, d%30, d, f))
		}
	}
	return b.String(), paths
}

// TestIgnoreScale checks, by counting instead of timing, that matching a
// path against a big ignore file tries a handful of patterns, not all of
// them, and still finds the ones that match.
func TestIgnoreScale(t *testing.T) {
	patterns, paths := bigIgnore()
	r := Compile("", patterns)
	tries, hits := 0, 0
	for _, p := range paths {
		for _, list := range r.candidates(path.Base(p), path.Dir(p)) {
			tries += len(list)
		}
		if Ignored([]*Rules{r}, p, false) {
			hits++
		}
	}
	if per := float64(tries) / float64(len(paths)); per > 4 {
		t.Errorf("%.1f patterns tried per path, want a handful (of %d)", per, len(r.patterns))
	}
	if hits == 0 {
		t.Error("no path ignored")
	}
	for _, p := range []string{"pkg0/sub0/f0_0.dat", "x/name1.tmp", "a.ext2", "deep/x.ext6"} {
		if !Ignored([]*Rules{r}, p, false) {
			t.Errorf("%s not ignored", p)
		}
	}
}

func BenchmarkIgnore20k(b *testing.B) {
	patterns, paths := bigIgnore()
	r := []*Rules{Compile("", patterns)}
	for b.Loop() {
		for _, p := range paths {
			Ignored(r, p, false)
		}
	}
	b.ReportMetric(float64(len(paths)), "paths/op")
}
