package graph

import (
	"bytes"
	"encoding/gob"
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/gortex/gortex/internal/binrec"
)

// richStore is a store that uses every field a snapshot carries, with
// holes left by removed nodes and edges.
func richStore(t testing.TB) *Store {
	s := New()
	nodes := []Node{
		{ID: PackageID("example.com/p"), Kind: KindPackage, Name: "p", Qualified: "example.com/p", Path: "p", Lang: "go"},
		{ID: "p/a.go", Kind: KindFile, Name: "a.go", Path: "p/a.go", Lang: "go"},
		{ID: "p/a.go::T", Kind: KindType, Name: "T", Qualified: "example.com/p.T", Path: "p/a.go", Line: 3, EndLine: 9,
			Lang: "go", Package: "p", Signature: "type T struct {", Text: "T is a thing.\n\nIt has ünïcode."},
		{ID: "p/a.go::T.M", Kind: KindMethod, Name: "M", Qualified: "example.com/p.T.M", Path: "p/a.go", Line: 11, EndLine: 12,
			Lang: "go", Package: "p", Receiver: "T", Signature: "func (t *T) M()"},
		{ID: "p/a.go::gone", Kind: KindFunction, Name: "gone", Path: "p/a.go"},
		{ID: SectionID("docs/d.md", 3), Kind: KindDoc, Name: "Decision", Path: "docs/d.md", Line: 3, EndLine: 20,
			Lang: "markdown", HeadingPath: []string{"Design", "Decision"}, Text: "We use `T.M` because…",
			Attrs: map[string]string{"asset_kind": "adr", "status": "accepted"}},
		{ID: SectionID("docs/d.md", 21), Kind: KindDoc, Name: "Decision", Path: "docs/d.md", Line: 21,
			Lang: "markdown", HeadingPath: []string{"Design", "Decision"}, Attrs: map[string]string{"asset_kind": "adr"}},
	}
	for _, n := range nodes {
		if err := s.AddNode(n); err != nil {
			t.Fatal(err)
		}
	}
	must := func(err error) {
		if err != nil {
			t.Fatal(err)
		}
	}
	must(s.AddEdge(PackageID("example.com/p"), "p/a.go", EdgeContains))
	must(s.AddEdge("p/a.go", "p/a.go::T", EdgeContains))
	must(s.AddEdge("p/a.go", "p/a.go::T.M", EdgeContains))
	must(s.AddEdge("p/a.go::T", "p/a.go::T.M", EdgeContains|EdgeReferences))
	must(s.AddEdge("p/a.go::gone", "p/a.go::T.M", EdgeCalls))
	must(s.AddEdge("p/a.go::T.M", "p/a.go::T.M", EdgeCalls)) // recursion
	must(s.AddMotivation(SectionID("docs/d.md", 3), "p/a.go::T.M", Motivation{Signal: SignalNamed, Score: 0.9, Detail: "T.M"}))
	must(s.AddMotivation(SectionID("docs/d.md", 3), "p/a.go::T.M", Motivation{Signal: SignalLexical, Score: 1.0 / 3}))
	must(s.AddMotivation(SectionID("docs/d.md", 21), "p/a.go", Motivation{Signal: SignalPath, Score: 0.5, Detail: "p/a.go"}))
	must(s.AddEdge(SectionID("docs/d.md", 21), SectionID("docs/d.md", 3), EdgeSupersedes))
	s.RemoveNode("p/a.go::gone")
	s.RemoveEdge("p/a.go::T", "p/a.go::T.M", EdgeReferences)
	checkAtCleanup(t, s)
	return s
}

func saveBytes(t testing.TB, s *Store) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := s.Save(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// sameGraph checks that got holds exactly want's nodes and edges, in any
// order.
func sameGraph(t *testing.T, got, want *Store) {
	t.Helper()
	var gn, wn []Node
	for n := range got.Nodes() {
		gn = append(gn, *n)
	}
	for n := range want.Nodes() {
		wn = append(wn, *n)
	}
	byID := func(a, b Node) int { return strings.Compare(string(a.ID), string(b.ID)) }
	slices.SortFunc(gn, byID)
	slices.SortFunc(wn, byID)
	if !reflect.DeepEqual(gn, wn) {
		t.Errorf("nodes differ:\n got %+v\nwant %+v", gn, wn)
	}
	var ge, we []Edge
	for e := range got.Edges() {
		ge = append(ge, e)
	}
	for e := range want.Edges() {
		we = append(we, e)
	}
	byEnds := func(a, b Edge) int {
		return strings.Compare(string(a.From)+"\x00"+string(a.To), string(b.From)+"\x00"+string(b.To))
	}
	slices.SortFunc(ge, byEnds)
	slices.SortFunc(we, byEnds)
	if !reflect.DeepEqual(ge, we) {
		t.Errorf("edges differ:\n got %+v\nwant %+v", ge, we)
	}
	for n := range want.Nodes() {
		// Lists come back in edge order; removals had reordered the originals.
		if !reflect.DeepEqual(sortedEdges(got.In(n.ID, ^EdgeKind(0))), sortedEdges(want.In(n.ID, ^EdgeKind(0)))) {
			t.Errorf("in-edges of %s differ", n.ID)
		}
		if len(got.ByName(n.Name)) != len(want.ByName(n.Name)) {
			t.Errorf("ByName(%q) has %d nodes, want %d", n.Name, len(got.ByName(n.Name)), len(want.ByName(n.Name)))
		}
	}
}

func sortedEdges(es []Edge) []Edge {
	slices.SortFunc(es, func(a, b Edge) int { return strings.Compare(string(a.From), string(b.From)) })
	return es
}

func TestSnapshotRoundTrip(t *testing.T) {
	s := richStore(t)
	data := saveBytes(t, s)
	readers := []struct {
		name string
		r    func() io.Reader
	}{
		{"bytes.Reader", func() io.Reader { return bytes.NewReader(data) }},
		{"unsized stream", func() io.Reader { return io.MultiReader(bytes.NewReader(data)) }},
		{"file", func() io.Reader {
			p := filepath.Join(t.TempDir(), "graph")
			if err := os.WriteFile(p, data, 0o644); err != nil {
				t.Fatal(err)
			}
			f, err := os.Open(p)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { f.Close() })
			return f
		}},
	}
	for _, rd := range readers {
		t.Run(rd.name, func(t *testing.T) {
			got, err := Load(rd.r())
			if err != nil {
				t.Fatal(err)
			}
			checkInvariants(t, got)
			sameGraph(t, got, s)
			if again := saveBytes(t, got); !bytes.Equal(again, data) {
				t.Error("saving a loaded snapshot gives different bytes")
			}
		})
	}
}

// TestLoadedStoreIsMutable checks that appending to the adjacency lists and
// motivations of a loaded store, which share backing arrays, does not
// overwrite a neighbour's.
func TestLoadedStoreIsMutable(t *testing.T) {
	got, err := Load(bytes.NewReader(saveBytes(t, richStore(t))))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { checkInvariants(t, got) })
	if err := got.AddNode(Node{ID: "p/a.go::N", Kind: KindFunction, Name: "N"}); err != nil {
		t.Fatal(err)
	}
	for _, id := range []NodeID{PackageID("example.com/p"), "p/a.go", "p/a.go::T", "p/a.go::T.M"} {
		if err := got.AddEdge(id, "p/a.go::N", EdgeCalls); err != nil {
			t.Fatal(err)
		}
	}
	doc := SectionID("docs/d.md", 3)
	if err := got.AddMotivation(doc, "p/a.go::T.M", Motivation{Signal: SignalPath, Score: 0.2}); err != nil {
		t.Fatal(err)
	}
	if e, _ := got.EdgeBetween(SectionID("docs/d.md", 21), "p/a.go"); len(e.Motivations) != 1 || e.Motivations[0].Signal != SignalPath {
		t.Errorf("a neighbour's motivations changed: %+v", e.Motivations)
	}
	if e, _ := got.EdgeBetween(doc, "p/a.go::T.M"); len(e.Motivations) != 3 {
		t.Errorf("motivations after adding one: %+v", e.Motivations)
	}
	if out := got.Out("p/a.go", EdgeContains); len(out) != 2 {
		t.Errorf("contains edges of p/a.go after appends: %+v", out)
	}
}

func TestLoadErrors(t *testing.T) {
	data := saveBytes(t, richStore(t))
	withVersion := bytes.Clone(data)
	le.PutUint32(withVersion[8:], FormatVersion+1)
	var gobStream bytes.Buffer
	gob.NewEncoder(&gobStream).Encode(struct{ Version int }{2})
	cases := []struct {
		name string
		in   []byte
		want error
	}{
		{"empty", nil, ErrCorrupt},
		{"not a snapshot", []byte("not a graph"), ErrCorrupt},
		{"gob snapshot of format 2", gobStream.Bytes(), ErrCorrupt},
		{"other version", withVersion, ErrVersion},
		{"header only", data[:headerSize], ErrCorrupt},
		{"one byte short", data[:len(data)-1], ErrCorrupt},
		{"one byte more", append(bytes.Clone(data), 0), ErrCorrupt},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Load(bytes.NewReader(c.in))
			if !errors.Is(err, c.want) || !IsStale(err) {
				t.Errorf("Load = %v, want %v", err, c.want)
			}
		})
	}
}

// errDisk stands for a read error of the medium.
var errDisk = errors.New("disk read error")

// TestLoadKeepsReadErrors reads snapshots that end early, from a stream
// whose size Load cannot check: the error is ErrCorrupt and still the
// reader's own, for errors.Is.
func TestLoadKeepsReadErrors(t *testing.T) {
	data := saveBytes(t, richStore(t))
	h, err := readHeader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	trailer := len(data) - int(h.pagesLen()) // where the page sums start
	cases := []struct {
		name string
		r    io.Reader
		want error
	}{
		{"cut in the header", io.MultiReader(bytes.NewReader(data[:headerSize-1])), io.ErrUnexpectedEOF},
		{"cut in the body", io.MultiReader(bytes.NewReader(data[:headerSize+1])), io.ErrUnexpectedEOF},
		{"cut before the page sums", io.MultiReader(bytes.NewReader(data[:trailer])), io.ErrUnexpectedEOF},
		{"cut in the page sums", io.MultiReader(bytes.NewReader(data[:trailer+2])), io.ErrUnexpectedEOF},
		{"read error in the header", io.MultiReader(bytes.NewReader(data[:4]), iotest.ErrReader(errDisk)), errDisk},
		{"read error in the body", io.MultiReader(bytes.NewReader(data[:headerSize+1]), iotest.ErrReader(errDisk)), errDisk},
		{"read error in the page sums", io.MultiReader(bytes.NewReader(data[:trailer]), iotest.ErrReader(errDisk)), errDisk},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Load(c.r)
			if !errors.Is(err, ErrCorrupt) || !errors.Is(err, c.want) {
				t.Errorf("Load = %v, want ErrCorrupt and %v", err, c.want)
			}
		})
	}
}

// TestLoadDetectsEveryFlip flips each byte after the magic in turn: every
// change must be refused (the checksum), never loaded as another graph.
func TestLoadDetectsEveryFlip(t *testing.T) {
	data := saveBytes(t, richStore(t))
	for i := len(magic); i < len(data); i++ {
		bad := bytes.Clone(data)
		bad[i] ^= 0x5a
		if _, err := Load(bytes.NewReader(bad)); !IsStale(err) {
			t.Fatalf("byte %d flipped: Load = %v, want ErrCorrupt or ErrVersion", i, err)
		}
		if _, err := Load(bytes.NewReader(data[:i])); !errors.Is(err, ErrCorrupt) {
			t.Fatalf("cut at %d: Load = %v, want ErrCorrupt", i, err)
		}
	}
}

// framed rewrites a mutated snapshot so that its header lengths match its
// size and its page sums match its bytes: the fuzzer's mutations then reach
// the record decoder instead of stopping at the checksums. What lies past
// the body is taken as blob, then page sums made again, cut to fit.
func framed(data []byte) []byte {
	if len(data) < headerSize+4 {
		return data
	}
	out := bytes.Clone(data)
	copy(out, magic)
	le.PutUint32(out[8:], FormatVersion)
	h := header{nodes: le.Uint32(out[12:]), edges: le.Uint32(out[16:]), mots: le.Uint32(out[20:]),
		groups: le.Uint32(out[24:]), grouped: le.Uint32(out[28:]),
		idSlots: le.Uint32(out[48:]), nameSlots: le.Uint32(out[52:]), kindGroups: le.Uint32(out[56:])}
	covered := uint64(len(out))
	for covered > 0 && covered+binrec.PagesLen(covered) > uint64(len(out)) {
		covered--
	}
	if covered < uint64(headerSize) || h.bodyLen() > covered-uint64(headerSize) {
		return data
	}
	rest := covered - uint64(headerSize)
	extras := min(le.Uint64(out[32:]), rest-h.bodyLen())
	le.PutUint64(out[32:], extras)
	le.PutUint64(out[40:], rest-h.bodyLen()-extras)
	var pages binrec.PageSums
	pages.Write(out[:covered])
	return append(out[:covered], pages.Table()...)
}

func FuzzLoad(f *testing.F) {
	data := saveBytes(f, richStore(f))
	f.Add(data)
	f.Add(data[:len(data)/2])
	f.Add(saveBytes(f, New()))
	f.Add([]byte(magic))
	f.Fuzz(func(t *testing.T, in []byte) {
		for _, b := range [][]byte{in, framed(in)} {
			s, err := Load(bytes.NewReader(b))
			if err != nil {
				if !IsStale(err) {
					t.Fatalf("Load error is not ErrCorrupt or ErrVersion: %v", err)
				}
				continue
			}
			checkInvariants(t, s)
			again, err := Load(bytes.NewReader(saveBytes(t, s)))
			if err != nil {
				t.Fatalf("a loaded snapshot saves into one that does not load: %v", err)
			}
			if again.NodeCount() != s.NodeCount() || again.EdgeCount() != s.EdgeCount() {
				t.Fatalf("round trip: %d nodes %d edges, want %d %d", again.NodeCount(), again.EdgeCount(), s.NodeCount(), s.EdgeCount())
			}
		}
	})
}
