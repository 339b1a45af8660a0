package orgserve

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/mod/modfile"

	"github.com/gortex/gortex/internal/pgtest"
	"github.com/gortex/gortex/memory"
	"github.com/gortex/gortex/orgstore"
	"github.com/gortex/gortex/workspace"
)

// BenchmarkOrgScale publishes copies of one Go repository under other
// module paths ($ORGBENCH_REPO, a directory, copied before it is indexed;
// default the fixture repository), each copy's documents naming the next
// copy's code, and serves $ORGBENCH_CLIENTS (50) concurrent MCP clients
// over HTTP, each asking why of random published symbols. For each number
// of repositories in $ORGBENCH_SIZES (10,50,200) it prints the publish
// time and store size per repository and why's p50 and p99 latency. One
// op is the whole run: use -benchtime 1x (make bench-org).
func BenchmarkOrgScale(b *testing.B) {
	sizes := []int{10, 50, 200}
	if s := os.Getenv("ORGBENCH_SIZES"); s != "" {
		sizes = nil
		for _, f := range strings.Split(s, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil || n < 1 {
				b.Fatalf("ORGBENCH_SIZES %q", s)
			}
			sizes = append(sizes, n)
		}
	}
	clients := envInt(b, "ORGBENCH_CLIENTS", 50)
	calls := envInt(b, "ORGBENCH_CALLS", 40)
	src := os.Getenv("ORGBENCH_REPO")
	if src == "" {
		src = "../testdata/repo"
	}
	ctx := context.Background()
	root := filepath.Join(b.TempDir(), "repo")
	if out, err := exec.Command("cp", "-a", src, root).CombinedOutput(); err != nil {
		b.Fatalf("copy %s: %v %s", src, err, out)
	}
	os.RemoveAll(filepath.Join(root, ".gortex", "index"))
	gomod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		b.Fatalf("ORGBENCH_REPO must be a Go module: %v", err)
	}
	module := modfile.ModulePath(gomod)
	start := time.Now()
	w, err := workspace.Open(ctx, root, workspace.Options{Scope: memory.ScopeWorkspace, Short: true})
	if err != nil {
		b.Fatal(err)
	}
	indexed := time.Since(start)
	start = time.Now()
	base, err := orgstore.Extract(ctx, w, orgstore.ExtractOptions{})
	if err != nil {
		b.Fatal(err)
	}
	extracted := time.Since(start)
	st, err := orgstore.Open(ctx, pgtest.DB(b))
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	tok, err := st.AddToken(ctx, "bench", nil, true)
	if err != nil {
		b.Fatal(err)
	}
	ts := httptest.NewServer(New(st, "bench").Handler(b.Context(), Options{}))
	defer ts.Close()
	fmt.Printf("source %s: %d symbols, %d sections, %d answers; index %v, answers made in %v (once; each copy reuses them)\n",
		module, len(base.Symbols), len(base.Sections), len(base.Answers), indexed.Round(time.Millisecond), extracted.Round(time.Millisecond))
	fmt.Printf("%6s %14s %14s %12s %10s %10s %10s\n", "repos", "publish/repo", "store/repo", "store", "why p50", "why p99", "why/s")
	published := 0
	var asks []string
	for _, n := range sizes {
		var took []time.Duration
		for ; published < n; published++ {
			snap := copyOf(base, module, published, max(n, sizes[len(sizes)-1]))
			stats, err := st.Publish(ctx, orgstore.Repo{Name: copyModule(module, published), Commit: "bench"}, snap)
			if err != nil {
				b.Fatal(err)
			}
			took = append(took, stats.Took)
			for _, a := range snap.Answers[:min(len(snap.Answers), 20)] {
				asks = append(asks, copyModule(module, published)+"\x00"+a.Symbol)
			}
		}
		size, err := st.Size(ctx)
		if err != nil {
			b.Fatal(err)
		}
		lat := load(b, ts.URL+endpointPath, tok, asks, clients, calls)
		p50, p99 := percentile(lat, 0.50), percentile(lat, 0.99)
		var total time.Duration
		for _, d := range lat {
			total += d
		}
		fmt.Printf("%6d %14v %12.2fMB %10.1fMB %10v %10v %10.0f\n", n, median(took).Round(time.Millisecond),
			float64(size)/float64(n)/1e6, float64(size)/1e6, p50.Round(time.Millisecond/10), p99.Round(time.Millisecond/10),
			float64(len(lat))/(total.Seconds()/float64(clients)))
		b.ReportMetric(float64(p50.Microseconds())/1000, fmt.Sprintf("why-p50-ms@%d", n))
		b.ReportMetric(float64(p99.Microseconds())/1000, fmt.Sprintf("why-p99-ms@%d", n))
		b.ReportMetric(float64(median(took).Microseconds())/1000, fmt.Sprintf("publish-ms/repo@%d", n))
		b.ReportMetric(float64(size)/float64(n)/1e6, fmt.Sprintf("MB/repo@%d", n))
	}
}

func envInt(b *testing.B, name string, def int) int {
	s := os.Getenv(name)
	if s == "" {
		return def
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 {
		b.Fatalf("%s %q", name, s)
	}
	return n
}

// copyModule is the module path of copy i.
func copyModule(module string, i int) string {
	return fmt.Sprintf("example.org/copy%03d/%s", i, filepath.Base(module))
}

// copyOf is base as copy i of n: its qualified names under copy i's module
// path, its sections' names of the module's code naming copy i+1's.
func copyOf(base *orgstore.Snapshot, module string, i, n int) *orgstore.Snapshot {
	own, next := copyModule(module, i), copyModule(module, (i+1)%n)
	re := func(s, to string) string {
		if s == module || strings.HasPrefix(s, module+"/") || strings.HasPrefix(s, module+".") {
			return to + s[len(module):]
		}
		return s
	}
	c := *base
	c.Symbols = slices.Clone(base.Symbols)
	for k := range c.Symbols {
		c.Symbols[k].Qualified = re(c.Symbols[k].Qualified, own)
	}
	c.Modules = nil
	for _, m := range base.Modules {
		c.Modules = append(c.Modules, re(m, own))
	}
	c.Mentions = slices.Clone(base.Mentions)
	for k := range c.Mentions {
		c.Mentions[k].Name = re(c.Mentions[k].Name, next)
	}
	// Every section names the next copy's first symbols: links across
	// repositories for why to find.
	for k, s := range c.Sections {
		if k >= len(c.Symbols) {
			break
		}
		c.Mentions = append(c.Mentions, orgstore.Mention{Section: s.ID, Name: re(c.Symbols[k].Qualified, next)})
	}
	return &c
}

// load runs clients concurrent MCP clients, each asking why of calls
// random symbols of asks ("repo\x00id"), and returns every call's latency.
func load(b *testing.B, url, tok string, asks []string, clients, calls int) []time.Duration {
	var mu sync.Mutex
	var lat []time.Duration
	var wg sync.WaitGroup
	errs := make(chan error, clients)
	for k := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := connect(b, url, tok)
			r := rand.New(rand.NewPCG(uint64(k), 7))
			mine := make([]time.Duration, 0, calls)
			for range calls {
				repo, id, _ := strings.Cut(asks[r.IntN(len(asks))], "\x00")
				t0 := time.Now()
				out, isErr := callText(b, c, "why", map[string]any{"id": id, "repo": repo})
				mine = append(mine, time.Since(t0))
				if isErr || !strings.Contains(out, `"symbol":{`) {
					errs <- fmt.Errorf("why %s in %s: %.200s", id, repo, out)
					return
				}
			}
			mu.Lock()
			lat = append(lat, mine...)
			mu.Unlock()
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		b.Fatal(err)
	}
	return lat
}

func percentile(ds []time.Duration, p float64) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	if len(s) == 0 {
		return 0
	}
	return s[min(int(p*float64(len(s))), len(s)-1)]
}

func median(ds []time.Duration) time.Duration { return percentile(ds, 0.5) }
