package graph

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/gortex/gortex/internal/binrec"
)

// openBytes writes data to a file and opens it.
func openBytes(t testing.TB, data []byte) (*Store, error) {
	return openWith(t, data, Open)
}

// openWith writes data to a file and opens it with open.
func openWith(t testing.TB, data []byte, open func(*os.File) (*Store, error)) (*Store, error) {
	t.Helper()
	p := filepath.Join(t.TempDir(), "graph.bin")
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	return open(f)
}

// readAll asks an opened store everything a query may, and returns what
// it answered, as text.
func readAll(s *Store) string {
	var b bytes.Buffer
	fmt.Fprintln(&b, s.NodeCount(), s.EdgeCount())
	for n := range s.Nodes() {
		got, ok := s.Node(n.ID)
		fmt.Fprintf(&b, "%+v %v %v\n", *n, ok && got == n, s.Has(n.ID))
		for _, e := range s.In(n.ID, ^EdgeKind(0)) {
			fmt.Fprintf(&b, " in %+v\n", e)
		}
		for _, e := range s.Out(n.ID, EdgeContains|EdgeMotivates) {
			fmt.Fprintf(&b, " out %+v\n", e)
		}
		for m := range s.Targets(n.ID, EdgeContains|EdgeMotivates) {
			fmt.Fprintln(&b, " target", m.ID)
		}
		if c, ok := s.Container(n.ID); ok {
			fmt.Fprintln(&b, " container", c.ID)
		}
		for _, m := range s.ByName(n.Name) {
			fmt.Fprintln(&b, " named", m.ID)
		}
	}
	var names []string
	for name, k := range s.Names() {
		names = append(names, fmt.Sprint(name, k))
	}
	slices.Sort(names)
	fmt.Fprintln(&b, names)
	for e := range s.Edges() {
		got, ok := s.EdgeBetween(e.From, e.To)
		fmt.Fprintf(&b, "edge %+v %v\n", e, ok && reflect.DeepEqual(got, e))
	}
	for _, k := range []NodeKind{KindPackage, KindFile, KindType, KindMethod, KindDoc} {
		for n := range s.NodesOf(k) {
			fmt.Fprintln(&b, "kind", k, n.ID)
		}
	}
	return b.String()
}

// TestOpenMatchesLoad reads a snapshot where it lies and decoded whole:
// every answer is the same, in the same order.
func TestOpenMatchesLoad(t *testing.T) {
	for _, tc := range []struct {
		name string
		s    *Store
	}{{"rich", richStore(t)}, {"empty", New()}} {
		t.Run(tc.name, func(t *testing.T) {
			data := saveBytes(t, tc.s)
			loaded, err := Load(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			opened, err := openBytes(t, data)
			if err != nil {
				t.Fatal(err)
			}
			if opened.v == nil {
				t.Fatal("Open decoded the snapshot instead of mapping it")
			}
			if got, want := readAll(opened), readAll(loaded); got != want {
				t.Errorf("opened store answers\n%s\nloaded store\n%s", got, want)
			}
			if err := opened.Check(); err != nil {
				t.Error(err)
			}
			if err := opened.Err(); err != nil {
				t.Error(err)
			}
			if again := saveBytes(t, opened); !bytes.Equal(again, data) {
				t.Error("saving an opened snapshot gives different bytes")
			}
		})
	}
}

// TestOpenedStoreChanges changes an opened store: it is decoded first,
// and answers as a loaded store changed alike.
func TestOpenedStoreChanges(t *testing.T) {
	data := saveBytes(t, richStore(t))
	opened, err := openBytes(t, data)
	if err != nil {
		t.Fatal(err)
	}
	loaded := loadBytes(t, data)
	before, _ := opened.Node("p/a.go::T")
	for _, s := range []*Store{opened, loaded} {
		if err := s.AddNode(Node{ID: "p/a.go::N", Kind: KindFunction, Name: "N"}); err != nil {
			t.Fatal(err)
		}
		if err := s.AddEdge("p/a.go::T.M", "p/a.go::N", EdgeCalls); err != nil {
			t.Fatal(err)
		}
		s.RemoveNode("p/a.go")
	}
	if opened.v != nil {
		t.Fatal("a change left the store mapped")
	}
	checkInvariants(t, opened)
	if got, want := readAll(opened), readAll(loaded); got != want {
		t.Errorf("changed opened store answers\n%s\nchanged loaded store\n%s", got, want)
	}
	if before.Name != "T" || before.Text != "T is a thing.\n\nIt has ünïcode." {
		t.Errorf("a node read before the change is now %+v", before)
	}
}

func TestOpenErrors(t *testing.T) {
	data := saveBytes(t, richStore(t))
	withVersion := bytes.Clone(data)
	le.PutUint32(withVersion[8:], FormatVersion-1)
	badSlots := bytes.Clone(data)
	le.PutUint32(badSlots[48:], 3)
	cases := []struct {
		name string
		in   []byte
		want error
	}{
		{"empty", nil, ErrCorrupt},
		{"format 4", withVersion, ErrVersion},
		{"header only", data[:headerSize], ErrCorrupt},
		{"one byte short", data[:len(data)-1], ErrCorrupt},
		{"one byte more", append(bytes.Clone(data), 0), ErrCorrupt},
		{"hash table not a power of two", badSlots, ErrCorrupt},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if _, err := openBytes(t, c.in); !errors.Is(err, c.want) || !IsStale(err) {
				t.Errorf("Open = %v, want %v", err, c.want)
			}
		})
	}
}

// openFlipped writes data with byte i flipped to p and opens it with
// open; nil when the open refuses it, as it may (ErrCorrupt, ErrVersion).
func openFlipped(t *testing.T, p string, data []byte, i int, open func(*os.File) (*Store, error)) *Store {
	t.Helper()
	bad := bytes.Clone(data)
	bad[i] ^= 0x5a
	if err := os.WriteFile(p, bad, 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	s, err := open(f)
	if err != nil && !IsStale(err) {
		t.Fatalf("byte %d flipped: open = %v, want ErrCorrupt or ErrVersion", i, err)
	}
	return s
}

// TestOpenSurvivesEveryFlip flips each byte after the header in turn:
// reading the opened store never fails worse than with ErrCorrupt from
// Err, and Check (the checksum) refuses every flip.
func TestOpenSurvivesEveryFlip(t *testing.T) {
	data := saveBytes(t, richStore(t))
	p := filepath.Join(t.TempDir(), "graph.bin")
	for i := len(magic); i < len(data); i++ {
		s := openFlipped(t, p, data, i, Open)
		if s == nil {
			continue
		}
		readAll(s)
		if err := s.Err(); err != nil && !errors.Is(err, ErrCorrupt) {
			t.Fatalf("byte %d flipped: Err = %v", i, err)
		}
		if err := s.Check(); !IsStale(err) {
			t.Fatalf("byte %d flipped: Check = %v, want ErrCorrupt", i, err)
		}
	}
}

// pagedStore is richStore with enough nodes, edges and text that its
// snapshot spans many pages, its records and their strings apart.
func pagedStore(t testing.TB) *Store {
	s := richStore(t)
	for i := range 60 {
		id := NodeID(fmt.Sprintf("p/a.go::F%d", i))
		repeat := 8
		if i%6 == 0 {
			repeat = 400 // pages of text alone, that only decoding the node reads
		}
		n := Node{ID: id, Kind: KindFunction, Name: fmt.Sprintf("F%d", i), Qualified: fmt.Sprintf("example.com/p.F%d", i),
			Path: "p/a.go", Lang: "go", Package: "p", Line: i, Text: strings.Repeat(fmt.Sprintf("F%d does a thing. ", i), repeat),
			Attrs: map[string]string{"n": fmt.Sprint(i)}}
		if err := s.AddNode(n); err != nil {
			t.Fatal(err)
		}
		if err := s.AddEdge("p/a.go", id, EdgeContains); err != nil {
			t.Fatal(err)
		}
		if err := s.AddMotivation(SectionID("docs/d.md", 3), id, Motivation{Signal: SignalNamed, Score: 0.5, Detail: string(id)}); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// TestOpenCheckedMeetsEveryFlip flips bytes after the magic (a sample of
// them, spread over every page) and reads all of the store opened with
// page checks: a flip either makes a read fail (Err) or changes nothing a
// read answers (a byte no read met, such as an empty slot of a hash table
// that no lookup probed). A flip is never answered from.
func TestOpenCheckedMeetsEveryFlip(t *testing.T) {
	data := saveBytes(t, pagedStore(t))
	if len(data) < 8*binrec.PageSize {
		t.Fatalf("snapshot of %d bytes: too few pages to tell one from another", len(data))
	}
	s, err := openWith(t, data, OpenChecked)
	if err != nil {
		t.Fatal(err)
	}
	want := readAll(s)
	if err := s.Err(); err != nil {
		t.Fatalf("intact snapshot: Err = %v", err)
	}
	p := filepath.Join(t.TempDir(), "graph.bin")
	for i := len(magic); i < len(data); i += 97 {
		s := openFlipped(t, p, data, i, OpenChecked)
		if s == nil {
			continue
		}
		if got := readAll(s); s.Err() == nil && got != want {
			t.Fatalf("byte %d flipped: read without an error, and answers differ", i)
		} else if err := s.Err(); err != nil && !errors.Is(err, ErrCorrupt) {
			t.Fatalf("byte %d flipped: Err = %v, want ErrCorrupt", i, err)
		}
	}
}

func FuzzOpen(f *testing.F) {
	data := saveBytes(f, richStore(f))
	f.Add(data)
	f.Add(data[:len(data)/2])
	f.Add(saveBytes(f, New()))
	f.Fuzz(func(t *testing.T, in []byte) {
		for i, b := range [][]byte{in, framed(in), in, framed(in)} {
			open := Open
			if i >= 2 {
				open = OpenChecked
			}
			s, err := openWith(t, b, open)
			if err != nil {
				if !IsStale(err) {
					t.Fatalf("Open error is not ErrCorrupt or ErrVersion: %v", err)
				}
				continue
			}
			readAll(s)
			if err := s.Err(); err != nil && !errors.Is(err, ErrCorrupt) {
				t.Fatalf("Err = %v, want ErrCorrupt", err)
			}
			if err := s.Check(); err != nil && !IsStale(err) {
				t.Fatalf("Check = %v, want nil or ErrCorrupt", err)
			}
		}
	})
}

// sortedLines is readAll's answer in an order of its own: a delta applied
// to a decoded store reorders lists (removals swap), one laid over an
// opened snapshot keeps the snapshot's order.
func sortedLines(s string) string {
	lines := strings.Split(s, "\n")
	slices.Sort(lines)
	return strings.Join(lines, "\n")
}

// TestOpenedDelta lays deltas over an opened snapshot: it answers as the
// decoded store they were applied to, changes and saves as it, and a
// change decodes it with the delta applied.
func TestOpenedDelta(t *testing.T) {
	base := saveBytes(t, richStore(t))
	changed := loadBytes(t, base)
	dirty := changeStore(t, changed, "1")
	more := changeStore(t, changed, "2")
	d := deltaBytes(t, changed, Dirty{Nodes: append(dirty.Nodes, more.Nodes...), Edges: append(dirty.Edges, more.Edges...)})

	applied := loadBytes(t, base)
	if _, err := applied.ApplyDelta(bytes.NewReader(d)); err != nil {
		t.Fatal(err)
	}
	opened, err := openBytes(t, base)
	if err != nil {
		t.Fatal(err)
	}
	gotDirty, err := opened.ApplyDelta(bytes.NewReader(d))
	if err != nil {
		t.Fatal(err)
	}
	if opened.v == nil || opened.r == reader(opened.v) {
		t.Fatal("the delta was not laid over the opened snapshot")
	}
	if gotDirty.Len() != dirty.Len()+more.Len()-3 { // T.M, doc and one pair are dirty twice
		t.Errorf("dirty %v", gotDirty)
	}
	if got, want := sortedLines(readAll(opened)), sortedLines(readAll(applied)); got != want {
		t.Errorf("opened store with the delta answers\n%s\napplied\n%s", got, want)
	}
	if err := opened.Check(); err != nil {
		t.Error(err)
	}
	if !bytes.Equal(saveBytes(t, opened), saveBytes(t, applied)) {
		t.Error("the opened store with its delta saves other bytes than the applied one")
	}
	opened.RemoveNode("p/a.go")
	applied.RemoveNode("p/a.go")
	if opened.v != nil {
		t.Fatal("a change left the store mapped")
	}
	checkInvariants(t, opened)
	sameGraph(t, opened, applied)
}

// TestDroppedStoreStaysMapped: a store whose caller keeps no reference to
// it while one of its methods runs (store.Check(), a range over
// store.Nodes()) is not released under that method, with the collector
// running all the while (keepMapped).
func TestDroppedStoreStaysMapped(t *testing.T) {
	data := saveBytes(t, richStore(t))
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			select {
			case <-stop:
				return
			default:
				runtime.GC()
			}
		}
	}()
	defer func() { close(stop); <-done }()
	for range 200 {
		s, err := openBytes(t, data)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Check(); err != nil {
			t.Fatal(err)
		}
		s, err = openBytes(t, data)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for nd := range s.Nodes() {
			n += len(nd.ID)
		}
		if n == 0 {
			t.Fatal("no nodes")
		}
	}
}
