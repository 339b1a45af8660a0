package semantic

import (
	"bytes"
	"context"
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"testing"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/graph/graphtest"
)

// fixture is a small repository as the graph holds it: code whose doc
// comments use "throttle" in the words of rate limiting and "evict" in the
// words of caching, and a design document whose sections explain each in
// other words, never naming them.
func fixture(t testing.TB) *graph.Store {
	s := graphtest.Checked(t, graph.New())
	add := func(n graph.Node) {
		if err := s.AddNode(n); err != nil {
			t.Fatal(err)
		}
	}
	symbols := []struct{ name, recv, doc string }{
		{"Throttle", "", "Throttle holds a request back until the rate limit allows it, so a burst of calls is spread out."},
		{"Wait", "Throttle", "Wait blocks until the throttle lets one more request through under the rate limit."},
		{"SetRate", "Throttle", "SetRate changes how many requests per second the throttle allows, the limit of the burst."},
		{"throttled", "", "throttled reports whether the rate limit held the request back: the burst was spent."},
		{"NewThrottle", "", "NewThrottle returns a throttle with a rate limit and a burst of requests."},
		{"Evict", "Cache", "Evict removes the least recently used entry from the cache when memory is full."},
		{"Cache", "", "Cache keeps entries in memory and evicts the oldest when it is full."},
		{"evictOldest", "Cache", "evictOldest drops entries from memory, least recently used first, to make room in the cache."},
		{"Get", "Cache", "Get returns a cached entry from memory, marking it recently used so eviction spares it."},
		{"Put", "Cache", "Put stores an entry in memory; a full cache evicts its oldest entry first."},
	}
	for _, sym := range symbols {
		id := graph.SymbolID("lib/lib.go", sym.name)
		if sym.recv != "" {
			id = graph.SymbolID("lib/lib.go", sym.recv+"."+sym.name)
		}
		add(graph.Node{ID: id, Kind: graph.KindFunction, Name: sym.name, Receiver: sym.recv, Path: "lib/lib.go", Line: 1, Lang: "go", Package: "lib", Text: sym.doc})
	}
	sections := []struct {
		line          int
		heading, text string
	}{
		{1, "Spreading load", "A client may send requests faster than the server can answer. Requests are held back until the rate limit allows them; a burst above the limit waits its turn."},
		{10, "Keeping memory bounded", "Entries live in memory until it is full; then the least recently used entry is removed first, to make room for the new one."},
	}
	for _, sec := range sections {
		add(graph.Node{ID: graph.SectionID("docs/design.md", sec.line), Kind: graph.KindDoc, Name: sec.heading, Path: "docs/design.md", Line: sec.line, Lang: "markdown", Text: sec.text})
	}
	return s
}

// TestScoresByMeaning: the section that explains throttling in other words
// scores highest for a symbol whose profile is only "throttle", though the
// two share no word; and the caching section for "evict".
func TestScoresByMeaning(t *testing.T) {
	m, err := Build(context.Background(), fixture(t))
	if err != nil {
		t.Fatal(err)
	}
	load, cache := graph.SectionID("docs/design.md", 1), graph.SectionID("docs/design.md", 10)
	for _, tc := range []struct {
		name, profile string
		want, other   graph.NodeID
	}{
		{"throttle finds the rate limit section", "Throttle", load, cache},
		{"evict finds the memory section", "evictOldest", cache, load},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := fixture(t)
			want, _ := s.Node(tc.want)
			for _, w := range Words(tc.profile) {
				if slices.Contains(Words(want.Name+" "+want.Text), w) {
					t.Fatalf("the fixture is wrong: %q shares %q with the section", tc.profile, w)
				}
			}
			sc := scores(m, tc.profile)
			if sc[tc.want] <= sc[tc.other] {
				t.Errorf("Score(%q): %s %.3f, not above %s %.3f", tc.profile, tc.want, sc[tc.want], tc.other, sc[tc.other])
			}
		})
	}
}

// TestDeterministic: the same graph gives the same model bytes, whatever
// the number of workers, and a model read back encodes to the same bytes.
func TestDeterministic(t *testing.T) {
	ctx := context.Background()
	m1, err := Build(ctx, fixture(t))
	if err != nil {
		t.Fatal(err)
	}
	prev := runtime.GOMAXPROCS(1)
	m2, err := Build(ctx, fixture(t))
	runtime.GOMAXPROCS(prev)
	if err != nil {
		t.Fatal(err)
	}
	b1, b2 := m1.Encode(), m2.Encode()
	if !bytes.Equal(b1, b2) {
		t.Fatal("two builds of one graph differ")
	}
	m3, err := Decode(b1)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(m3.Encode(), b1) {
		t.Fatal("a model read back encodes to other bytes")
	}
	if a, b := fmt.Sprint(scores(m1, "Throttle")), fmt.Sprint(scores(m3, "Throttle")); a != b {
		t.Errorf("a model read back scores otherwise: %s, then %s", a, b)
	}
}

// TestModelerReuses: WriteModel takes the live model over when the words
// did not change, and builds again when they did.
func TestModelerReuses(t *testing.T) {
	ctx := context.Background()
	live, next := t.TempDir(), t.TempDir()
	s := fixture(t)
	if err := (Modeler{}).WriteModel(ctx, s, live, filepath.Join(live, "none"), false); err != nil {
		t.Fatal(err)
	}
	// A live model of the same hash is copied as it is, even when its
	// vectors would come out otherwise: mark it to see that it was.
	m, err := Load(live)
	if err != nil || m == nil {
		t.Fatalf("Load: %v, %v", m, err)
	}
	m.idf[0]++
	if err := os.WriteFile(filepath.Join(live, FileName), m.Encode(), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := (Modeler{}).WriteModel(ctx, s, next, live, false); err != nil {
		t.Fatal(err)
	}
	if got, _ := Load(next); got == nil || got.idf[0] != m.idf[0] {
		t.Error("the live model of the same words was not taken over")
	}
	n, _ := s.Node(graph.SectionID("docs/design.md", 1))
	n.Text += " Callers see a delay."
	if err := (Modeler{}).WriteModel(ctx, s, next, live, false); err != nil {
		t.Fatal(err)
	}
	if got, _ := Load(next); got == nil || got.Hash == m.Hash {
		t.Error("a changed section did not build a new model")
	}
	// Told that the words are the same, it takes the live model over
	// without reading the graph.
	if err := (Modeler{}).WriteModel(ctx, s, next, live, true); err != nil {
		t.Fatal(err)
	}
	if got, _ := Load(next); got == nil || got.idf[0] != m.idf[0] {
		t.Error("the live model was not taken over when told the words are the same")
	}
	// Unless there is none to take.
	if err := (Modeler{}).WriteModel(ctx, s, next, filepath.Join(live, "none"), true); err != nil {
		t.Fatal(err)
	}
	if got, _ := Load(next); got == nil || got.Hash == m.Hash {
		t.Error("no model was learned when there was none to take over")
	}
}

// TestReads: what Reads returns changes with every field texts reads, and
// with no other.
func TestReads(t *testing.T) {
	sym := graph.Node{ID: "a.go::T.Run", Kind: graph.KindMethod, Name: "Run", Receiver: "T", Text: "Run runs.",
		Qualified: "x/a.T.Run", Path: "a.go", Line: 3, EndLine: 9, Signature: "func (T) Run()", Lang: "go"}
	sec := graph.Node{ID: graph.SectionID("d.md", 1), Kind: graph.KindDoc, Name: "Design", Text: "Why it runs.",
		Path: "d.md", Line: 1, EndLine: 4, HeadingPath: []string{"Design"}, Lang: "markdown"}
	tests := []struct {
		name    string
		base    graph.Node
		edit    func(n *graph.Node)
		changes bool
	}{
		{"symbol name", sym, func(n *graph.Node) { n.Name = "Start" }, true},
		{"symbol receiver", sym, func(n *graph.Node) { n.Receiver = "U" }, true},
		{"symbol doc comment", sym, func(n *graph.Node) { n.Text = "Run starts." }, true},
		{"symbol kind read otherwise", sym, func(n *graph.Node) { n.Kind = graph.KindDoc }, true},
		{"symbol moved", sym, func(n *graph.Node) { n.Line, n.EndLine = 30, 40 }, false},
		{"symbol signature", sym, func(n *graph.Node) { n.Signature = "func (T) Run(ctx)" }, false},
		{"symbol's package renamed", sym, func(n *graph.Node) { n.Qualified = "y/a.T.Run" }, false},
		{"section text", sec, func(n *graph.Node) { n.Text = "Why it stops." }, true},
		{"section heading", sec, func(n *graph.Node) { n.Name = "Decision" }, true},
		{"section moved", sec, func(n *graph.Node) { n.ID = graph.SectionID("d.md", 5) }, true},
		{"section's attributes", sec, func(n *graph.Node) { n.Attrs = map[string]string{"k": "v"} }, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n := tt.base
			tt.edit(&n)
			if got := (Modeler{}).Reads(&n) != (Modeler{}).Reads(&tt.base); got != tt.changes {
				t.Errorf("Reads changed: %v, want %v", got, tt.changes)
			}
		})
	}
	for _, k := range []graph.NodeKind{graph.KindFile, graph.KindPackage} {
		if r := (Modeler{}).Reads(&graph.Node{ID: "x", Kind: k, Name: "x", Text: "x"}); r != "" {
			t.Errorf("Reads of a %s node: %q, want nothing", k, r)
		}
	}
}

func TestDecodeRejects(t *testing.T) {
	m, err := Build(context.Background(), fixture(t))
	if err != nil {
		t.Fatal(err)
	}
	good := m.Encode()
	flip := bytes.Clone(good)
	flip[len(flip)/2] ^= 0xff
	for _, tc := range []struct {
		name string
		data []byte
	}{
		{"empty", nil},
		{"other magic", append([]byte("gortexXX"), good[8:]...)},
		{"cut short", good[:len(good)-9]},
		{"a flipped byte", flip},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := Decode(tc.data); err == nil {
				t.Error("Decode accepted it")
			}
		})
	}
}

// FuzzDecode: a model file is read from a repository's .gortex, so Decode
// must never panic, and a file it accepts encodes back to its own bytes and
// scores without panicking.
func FuzzDecode(f *testing.F) {
	m, err := Build(context.Background(), fixture(f))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(m.Encode())
	f.Add(smallModel(f, []string{"abc"}, 2).Encode())
	f.Add([]byte(magic))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := Decode(data)
		if err != nil {
			return
		}
		if !bytes.Equal(m.Encode(), data) {
			t.Fatal("an accepted file encodes to other bytes")
		}
		m.Score("abc throttle")
	})
}

// smallModel is a small valid model with the given words and no sections,
// for the fuzzer's seeds (whose checksums must be right to reach the rest).
func smallModel(t testing.TB, words []string, dim int) *Model {
	m := &Model{dim: dim}
	m.setWords(words, make([]float32, len(words)), make([]float32, len(words)*dim))
	return m
}

// TestInformed: a model of a few files knows too few words to be used; one
// of a repository with a vocabulary of some thousand words does.
func TestInformed(t *testing.T) {
	many := func(t testing.TB) *graph.Store {
		s := graphtest.Checked(t, graph.New())
		// 400 symbols, each with a doc comment of distinct made-up words
		// shared with its neighbours, so that about 1,200 words occur at
		// least minCount times.
		word := func(i int) string {
			return fmt.Sprintf("w%sz", string(rune('a'+i%26))+string(rune('a'+i/26%26))+string(rune('a'+i/676%26)))
		}
		for i := range 400 {
			doc := ""
			for j := range 6 {
				doc += word(3*i+j) + " "
			}
			id := graph.SymbolID("lib/lib.go", fmt.Sprintf("F%d", i))
			if err := s.AddNode(graph.Node{ID: id, Kind: graph.KindFunction, Name: fmt.Sprintf("F%d", i), Path: "lib/lib.go", Line: i + 1, Lang: "go", Package: "lib", Text: doc + doc}); err != nil {
				t.Fatal(err)
			}
		}
		return s
	}
	for _, tc := range []struct {
		name  string
		store func(testing.TB) *graph.Store
		want  bool
	}{
		{"a few files", fixture, false},
		{"a vocabulary of some thousand words", many, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := Build(context.Background(), tc.store(t))
			if err != nil {
				t.Fatal(err)
			}
			if got := m.Informed(); got != tc.want {
				t.Errorf("Informed() = %v with %d words, want %v", got, m.Words(), tc.want)
			}
		})
	}
}

// TestCosines: a text is compared by meaning as a section is: the
// section's own words score as Score scores the section, and a text of
// words the model does not know scores 0.
func TestCosines(t *testing.T) {
	s := fixture(t)
	m, err := Build(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	id := graph.SectionID("docs/design.md", 1)
	n, _ := s.Node(id)
	got := m.Cosines("Throttle", []string{n.Name + "\n" + n.Text, "zzqx wvvk"})
	want := scores(m, "Throttle")[id]
	if math.Abs(got[0]-want) > 0.02 {
		t.Errorf("Cosines of the section's text %.3f, Score of the section %.3f", got[0], want)
	}
	if got[1] != 0 {
		t.Errorf("Cosines of unknown words = %.3f, want 0", got[1])
	}
}

// TestNearest: the k largest positive values, largest first, the lower
// index first among equals; none that is not positive.
func TestNearest(t *testing.T) {
	for _, tc := range []struct {
		name string
		dots []float32
		k    int
		want []int
	}{
		{"none", nil, 3, nil},
		{"fewer than k", []float32{0.2, 0.5}, 3, []int{1, 0}},
		{"k of many", []float32{0.1, 0.9, 0.3, 0.7, 0.5}, 3, []int{1, 3, 4}},
		{"ties keep the lower index", []float32{0.4, 0.6, 0.4, 0.4}, 3, []int{1, 0, 2}},
		{"not positive left out", []float32{0, -0.3, 0.2, 0}, 3, []int{2}},
		{"k of one", []float32{0.3, 0.8, 0.8}, 1, []int{1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := nearest(tc.dots, tc.k); !slices.Equal(got, tc.want) {
				t.Errorf("nearest(%v, %d) = %v, want %v", tc.dots, tc.k, got, tc.want)
			}
		})
	}
}

// TestStandOut: above the mean of the positive cosines, relative to the
// best, in [0,1]; nothing stands out when all are alike.
func TestStandOut(t *testing.T) {
	for _, tc := range []struct {
		name string
		cos  []float32 // cosines, each ×quantum in the Scored
		want []float64
	}{
		{"above the mean, relative to the best", []float32{0.9, 0.7, 0.2}, []float64{1, 1.0 / 3, 0}},
		{"all alike", []float32{0.5, 0.5}, []float64{0, 0}},
		{"not positive: not counted, 0", []float32{0.8, 0.4, -0.2}, []float64{1, 0, 0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := &Scored{}
			for _, c := range tc.cos {
				s.dots = append(s.dots, c*quantum)
				if c > 0 {
					s.n++
				}
			}
			f := s.standOut()
			for i, c := range tc.cos {
				if got := f(c); math.Abs(got-tc.want[i]) > 1e-6 {
					t.Errorf("standOut(%.1f) = %.3f, want %.3f", c, got, tc.want[i])
				}
			}
		})
	}
}

// TestFeedback: Feedback's plain cosines are Score's; a question's vector
// moves toward the sections nearest it, so that those sections together
// score higher; its mixed similarity is feedbackShare of the moved
// cosines' standing and the rest of the plain ones'; a text of words the
// model does not know scores nothing.
func TestFeedback(t *testing.T) {
	m, err := Build(context.Background(), fixture(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{"why is a burst of calls held back", "what is dropped when memory is full", "Throttle"} {
		plain, mixed := m.Feedback(q)
		if !slices.Equal(plain.dots, m.Score(q).dots) {
			t.Errorf("Feedback(%q)'s plain cosines are not Score's", q)
		}
		near := nearest(plain.dots, feedbackSections)
		if len(near) == 0 {
			t.Fatalf("the fixture is wrong: %q scores no section", q)
		}
		moved := m.scoreVec(m.toward(m.Vector(q), near))
		sb, sa := float32(0), float32(0)
		for _, i := range near {
			sb += plain.dots[i]
			sa += moved.dots[i]
		}
		if sa < sb-0.01*quantum {
			t.Errorf("%q: the nearest sections score %.3f together after feedback, %.3f before", q, sa/quantum, sb/quantum)
		}
		p, f := plain.standOut(), moved.standOut()
		for i := range plain.dots {
			want := (1-feedbackShare)*p(plain.dots[i]/quantum) + feedbackShare*f(moved.dots[i]/quantum)
			if got := float64(mixed.dots[i]) / quantum; math.Abs(got-want) > 1e-4 {
				t.Errorf("%q: section %d mixed %.4f, want %.4f", q, i, got, want)
			}
		}
		for _, sc := range []*Scored{plain, mixed} {
			sum, best := 0.0, 0.0
			for _, d := range sc.dots {
				if d > 0 {
					sum, best = sum+float64(d)/quantum, max(best, float64(d)/quantum)
				}
			}
			if mean, b := sc.Spread(); mean != sum/float64(sc.n) || b != best {
				t.Errorf("%q: Spread() = %v, %v; want %v, %v", q, mean, b, sum/float64(sc.n), best)
			}
		}
	}
	if plain, mixed := m.Feedback("zzqx wvvk"); plain.Len()+mixed.Len() != 0 {
		t.Errorf("Feedback of unknown words: %d and %d sections, want none", plain.Len(), mixed.Len())
	}
}

// scores is m.Score(text) as a map by section ID, for comparing and
// printing.
func scores(m *Model, text string) map[graph.NodeID]float64 {
	out := map[graph.NodeID]float64{}
	for id, c := range m.Score(text).All {
		out[id] = c
	}
	return out
}

// TestDotsSumInOrder: the four-at-a-time dot products are the same
// float32 sums, bit for bit, as one vector at a time in the order of its
// components, for any count of vectors (a remainder of one to three).
func TestDotsSumInOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 7))
	for _, n := range []int{0, 1, 3, 4, 5, 7, 8, 33} {
		for _, dim := range []int{1, 5, 96} {
			vecs := make([]int8, n*dim)
			for i := range vecs {
				vecs[i] = int8(rng.IntN(256) - 128)
			}
			v := make([]float32, dim)
			for i := range v {
				v[i] = float32(rng.NormFloat64())
			}
			got := make([]float32, n)
			dots(got, vecs, v)
			for i := range n {
				want := float32(0)
				for c := range dim {
					want += float32(vecs[i*dim+c]) * v[c]
				}
				if math.Float32bits(got[i]) != math.Float32bits(want) {
					t.Errorf("n %d dim %d vector %d: %v, want %v", n, dim, i, got[i], want)
				}
			}
		}
	}
}

// TestTakeOverChecks: a live model whose checksum fails, or of another
// format version, is learned again rather than taken over as it lies.
func TestTakeOverChecks(t *testing.T) {
	ctx := context.Background()
	s := fixture(t)
	for _, damage := range []struct {
		name string
		at   func(data []byte) int
	}{
		{"a flipped byte", func(data []byte) int { return len(data) / 2 }},
		{"another version", func(data []byte) int { return len(magic) }},
	} {
		t.Run(damage.name, func(t *testing.T) {
			live, next := t.TempDir(), t.TempDir()
			if err := (Modeler{}).WriteModel(ctx, s, live, filepath.Join(live, "none"), false); err != nil {
				t.Fatal(err)
			}
			p := filepath.Join(live, FileName)
			good, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			if !intact(good) {
				t.Fatal("a model just written is not intact")
			}
			bad := bytes.Clone(good)
			bad[damage.at(bad)]++
			if intact(bad) {
				t.Fatal("intact takes the damaged model")
			}
			if err := os.WriteFile(p, bad, 0o644); err != nil {
				t.Fatal(err)
			}
			if err := (Modeler{}).WriteModel(ctx, s, next, live, true); err != nil {
				t.Fatal(err)
			}
			if got, err := os.ReadFile(filepath.Join(next, FileName)); err != nil || !bytes.Equal(got, good) {
				t.Errorf("the damaged model was taken over, or not learned again as it was (err %v)", err)
			}
		})
	}
}

// TestOfAndSpread: Of finds each section by its ID as All yields it (by
// its document and line, no map of IDs), nothing for an ID of no section,
// and Spread is the mean and best of what All yields.
func TestOfAndSpread(t *testing.T) {
	s := fixture(t)
	for _, sec := range []struct {
		path string
		line int
	}{{"a.md", 3}, {"a.md", 40}, {"docs/design.md#L2.md", 1}, {"z/b.md", 12}} {
		n := graph.Node{ID: graph.SectionID(sec.path, sec.line), Kind: graph.KindDoc, Name: "Limits", Path: sec.path, Line: sec.line,
			Lang: "markdown", Text: "The rate limit holds a burst of requests; memory is bounded by the cache."}
		if err := s.AddNode(n); err != nil {
			t.Fatal(err)
		}
	}
	m, err := Build(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	sc := m.Score("Throttle Evict")
	sum, best, n := 0.0, 0.0, 0
	for id, c := range sc.All {
		if got, ok := sc.Of(id); !ok || got != c {
			t.Errorf("Of(%s) = %v, %v; All gave %v", id, got, ok, c)
		}
		sum, best, n = sum+c, max(best, c), n+1
	}
	if n != sc.Len() || n == 0 {
		t.Fatalf("All yielded %d, Len %d", n, sc.Len())
	}
	if mean, b := sc.Spread(); mean != sum/float64(n) || b != best {
		t.Errorf("Spread() = %v, %v; want %v, %v", mean, b, sum/float64(n), best)
	}
	for _, id := range []graph.NodeID{graph.SectionID("a.md", 4), graph.SectionID("b.md", 3), graph.SectionID("zz.md", 1),
		"doc:a.md#L03", "lib/lib.go::Throttle", graph.SectionID("docs/design.md", 2)} {
		if c, ok := sc.Of(id); ok {
			t.Errorf("Of(%s) = %v for no section", id, c)
		}
	}
}

// TestLoadMapped: a model read where its file lies scores as the model
// written, also after collections that find models of earlier loads
// unreachable (their mappings go with them); a file that is no model is
// refused, and a directory without one gives no model and no error.
func TestLoadMapped(t *testing.T) {
	m, err := Build(context.Background(), fixture(t))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := write(dir, m.Encode()); err != nil {
		t.Fatal(err)
	}
	want := scores(m, "Throttle")
	for range 3 {
		got, err := Load(dir)
		if err != nil || got == nil {
			t.Fatalf("Load = %v, %v", got, err)
		}
		runtime.GC()
		if sc := scores(got, "Throttle"); !maps.Equal(sc, want) {
			t.Errorf("scores of the loaded model %v, of the model written %v", sc, want)
		}
		if !bytes.Equal(got.Encode(), m.Encode()) {
			t.Error("the loaded model encodes to other bytes")
		}
	}
	if got, err := Load(t.TempDir()); got != nil || err != nil {
		t.Errorf("Load of a directory without a model = %v, %v", got, err)
	}
	bad := t.TempDir()
	if err := os.WriteFile(filepath.Join(bad, FileName), []byte("not a model"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got, err := Load(bad); got != nil || err == nil {
		t.Errorf("Load of a file that is no model = %v, %v", got, err)
	}
}
