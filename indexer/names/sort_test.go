package names

import (
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/gortex/gortex/graph"
)

func TestSortStrings(t *testing.T) {
	tests := []struct {
		name string
		in   []string
	}{
		{"empty", nil},
		{"one", []string{"a"}},
		{"prefixes", []string{"abc", "ab", "a", "", "abcd", "ab", "b"}},
		{"high bytes", []string{"\xff", "\x00", "\x7f\x80", "\x80", "", "\x00\x00"}},
		{"qualified names", []string{"net/http.Client.Do", "Client.Do", "Do", "net/http.Client", "http.Client.Do", "Client", "net/http.Client.Do"}},
	}
	r := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{17, 100, 1000, 5000} {
		var in []string
		for range n {
			var b strings.Builder
			for range r.IntN(12) {
				b.WriteByte("ab./\xff"[r.IntN(5)])
			}
			in = append(in, b.String())
		}
		tests = append(tests, struct {
			name string
			in   []string
		}{"random", in})
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, want := slices.Clone(tt.in), slices.Clone(tt.in)
			sortStrings(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("sortStrings = %q, want %q", got, want)
			}
		})
	}
}

func FuzzSortStrings(f *testing.F) {
	f.Add("b\na\nab\n\na")
	f.Fuzz(func(t *testing.T, lines string) {
		got := strings.Split(lines, "\n")
		want := slices.Clone(got)
		sortStrings(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("sortStrings = %q, want %q", got, want)
		}
	})
}

// BenchmarkSortNames sorts the completion names of the snapshot
// GORTEX_BENCH_SNAPSHOT names (a graph.bin), with sortStrings and with
// slices.Sort.
func BenchmarkSortNames(b *testing.B) {
	path := os.Getenv("GORTEX_BENCH_SNAPSHOT")
	if path == "" {
		b.Skip("GORTEX_BENCH_SNAPSHOT names no snapshot")
	}
	f, err := os.Open(path)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	s, err := graph.Open(f)
	if err != nil {
		b.Fatal(err)
	}
	var all []string
	for n := range s.Nodes() {
		all = appendOf(all, n)
	}
	for _, bc := range []struct {
		name string
		sort func([]string)
	}{{"keyed", sortStrings}, {"slices", slices.Sort[[]string]}} {
		b.Run(bc.name, func(b *testing.B) {
			names := make([]string, len(all))
			for b.Loop() {
				copy(names, all)
				bc.sort(names)
			}
			b.ReportMetric(float64(len(all)), "names")
		})
	}
}
