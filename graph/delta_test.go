package graph

import (
	"bytes"
	"errors"
	"hash/crc32"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/gortex/gortex/internal/binrec"
)

// loadBytes loads a snapshot, failing the test on error.
func loadBytes(t testing.TB, data []byte) *Store {
	t.Helper()
	s, err := Load(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	checkAtCleanup(t, s)
	return s
}

func deltaBytes(t testing.TB, s *Store, dirty Dirty) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := s.SaveDelta(&buf, dirty); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// changeStore makes the kinds of change an update makes, returning what it
// made dirty: a node removed, one added with edges to untouched nodes, a
// motivation moved, an attribute changed.
func changeStore(t *testing.T, s *Store, tag string) Dirty {
	t.Helper()
	newID := NodeID("p/a.go::N" + tag)
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	doc := SectionID("docs/d.md", 3)
	s.RemoveNode("p/a.go::T.M")
	must(s.AddNode(Node{ID: newID, Kind: KindFunction, Name: "N" + tag, Qualified: "example.com/p.N" + tag, Path: "p/a.go", Line: 40}))
	must(s.AddEdge("p/a.go", newID, EdgeContains))
	must(s.AddEdge(newID, "p/a.go::T", EdgeCalls))
	s.RemoveEdge(SectionID("docs/d.md", 21), "p/a.go", EdgeMotivates)
	must(s.AddMotivation(doc, newID, Motivation{Signal: SignalNamed, Score: 0.7, Detail: "N" + tag}))
	n, _ := s.Node(doc)
	n.SetAttr("status", "superseded"+tag)
	return Dirty{
		Nodes: []NodeID{"p/a.go::T.M", newID, doc},
		Edges: [][2]NodeID{{"p/a.go", newID}, {newID, "p/a.go::T"}, {SectionID("docs/d.md", 21), "p/a.go"}, {doc, newID}},
	}
}

func TestDeltaRoundTrip(t *testing.T) {
	base := saveBytes(t, richStore(t))
	changed := loadBytes(t, base)
	dirty := changeStore(t, changed, "1")
	d1 := deltaBytes(t, changed, dirty)

	got := loadBytes(t, base)
	gotDirty, err := got.ApplyDelta(bytes.NewReader(d1))
	if err != nil {
		t.Fatal(err)
	}
	checkInvariants(t, got)
	sameGraph(t, got, changed)
	if gotDirty.Len() != dirty.Len() {
		t.Errorf("dirty %v, want %v", gotDirty, dirty)
	}

	// A second change on top: the delta is cumulative, against the base.
	more := changeStore(t, got, "2")
	d2 := deltaBytes(t, got, Dirty{Nodes: append(gotDirty.Nodes, more.Nodes...), Edges: append(gotDirty.Edges, more.Edges...)})
	again := loadBytes(t, base)
	if _, err := again.ApplyDelta(bytes.NewReader(d2)); err != nil {
		t.Fatal(err)
	}
	checkInvariants(t, again)
	sameGraph(t, again, got)
}

func TestDeltaErrors(t *testing.T) {
	s := loadBytes(t, saveBytes(t, richStore(t)))
	data := deltaBytes(t, s, changeStore(t, s, "x"))
	withVersion := bytes.Clone(data)
	le.PutUint32(withVersion[8:], FormatVersion+1)
	cases := []struct {
		name string
		in   []byte
		want error
	}{
		{"empty", nil, ErrCorrupt},
		{"a snapshot, not a delta", saveBytes(t, New()), ErrCorrupt},
		{"other version", withVersion, ErrVersion},
		{"one byte short", data[:len(data)-1], ErrCorrupt},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fresh := loadBytes(t, saveBytes(t, richStore(t)))
			if _, err := fresh.ApplyDelta(bytes.NewReader(c.in)); !errors.Is(err, c.want) {
				t.Errorf("ApplyDelta = %v, want %v", err, c.want)
			}
		})
	}
	for i := len(deltaMagic); i < len(data); i++ {
		bad := bytes.Clone(data)
		bad[i] ^= 0x5a
		fresh := loadBytes(t, saveBytes(t, richStore(t)))
		if _, err := fresh.ApplyDelta(bytes.NewReader(bad)); !IsStale(err) {
			t.Fatalf("byte %d flipped: ApplyDelta = %v, want ErrCorrupt or ErrVersion", i, err)
		}
	}
}

// TestApplyDeltaKeepsReadErrors is TestLoadKeepsReadErrors for deltas.
func TestApplyDeltaKeepsReadErrors(t *testing.T) {
	base := saveBytes(t, richStore(t))
	s := loadBytes(t, base)
	data := deltaBytes(t, s, changeStore(t, s, "x"))
	trailer := len(data) - 4
	cases := []struct {
		name string
		r    io.Reader
		want error
	}{
		{"cut in the header", io.MultiReader(bytes.NewReader(data[:deltaHeaderSize-1])), io.ErrUnexpectedEOF},
		{"cut before the trailer", io.MultiReader(bytes.NewReader(data[:trailer])), io.EOF},
		{"read error in the header", io.MultiReader(bytes.NewReader(data[:4]), iotest.ErrReader(errDisk)), errDisk},
		{"read error in the body", io.MultiReader(bytes.NewReader(data[:deltaHeaderSize+1]), iotest.ErrReader(errDisk)), errDisk},
		{"read error in the trailer", io.MultiReader(bytes.NewReader(data[:trailer]), iotest.ErrReader(errDisk)), errDisk},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := loadBytes(t, base).ApplyDelta(c.r)
			if !errors.Is(err, ErrCorrupt) || !errors.Is(err, c.want) {
				t.Errorf("ApplyDelta = %v, want ErrCorrupt and %v", err, c.want)
			}
		})
	}
}

// TestApplyDeltaRefusedRecords feeds deltas whose records the store
// refuses: the error is ErrCorrupt and keeps the store's own error.
func TestApplyDeltaRefusedRecords(t *testing.T) {
	base := saveBytes(t, richStore(t))
	t.Run("edge to a node neither has", func(t *testing.T) {
		// A delta that names an edge but not the new node it leads to: the
		// edge record is written, the node record is not.
		changed := loadBytes(t, base)
		if err := changed.AddNode(Node{ID: "p/a.go::N", Kind: KindFunction, Name: "N"}); err != nil {
			t.Fatal(err)
		}
		if err := changed.AddEdge("p/a.go", "p/a.go::N", EdgeContains); err != nil {
			t.Fatal(err)
		}
		d := deltaBytes(t, changed, Dirty{Edges: [][2]NodeID{{"p/a.go", "p/a.go::N"}}})
		_, err := loadBytes(t, base).ApplyDelta(bytes.NewReader(d))
		if !errors.Is(err, ErrCorrupt) || !errors.Is(err, ErrNotFound) {
			t.Errorf("ApplyDelta = %v, want ErrCorrupt wrapping ErrNotFound", err)
		}
	})
	t.Run("node without an ID", func(t *testing.T) {
		// readDelta refuses such a record ("no id"), so only a delta built
		// in memory reaches AddNode with one.
		s := loadBytes(t, base)
		err := s.apply(&delta{nodes: []Node{{Kind: KindFunction, Name: "N"}}})
		if !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "empty id") {
			t.Errorf("apply = %v, want ErrCorrupt for the empty id", err)
		}
	})
}

func FuzzApplyDelta(f *testing.F) {
	base := saveBytes(f, richStore(f))
	s, _ := Load(bytes.NewReader(base))
	f.Add(deltaBytes(f, s, Dirty{Nodes: []NodeID{"p/a.go::T", "nope"}, Edges: [][2]NodeID{{"p/a.go", "p/a.go::T"}, {"a", "b"}}}))
	f.Add([]byte(deltaMagic))
	f.Fuzz(func(t *testing.T, in []byte) {
		for _, b := range [][]byte{in, framedDelta(in)} {
			s := loadBytes(t, base)
			if _, err := s.ApplyDelta(bytes.NewReader(b)); err != nil {
				if !IsStale(err) {
					t.Fatalf("ApplyDelta error is not ErrCorrupt or ErrVersion: %v", err)
				}
				continue
			}
			checkInvariants(t, s)
			// Laid over an opened snapshot, a delta that a decoded store
			// takes reads without failing and checks clean.
			opened, err := openBytes(t, base)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := opened.ApplyDelta(bytes.NewReader(b)); err != nil {
				t.Fatalf("a delta a decoded store takes, laid over an opened one: %v", err)
			}
			readAll(opened)
			if err := opened.Check(); err != nil {
				t.Fatalf("Check of the opened store with its delta: %v", err)
			}
		}
	})
}

// framedDelta fixes a mutated delta's lengths and checksum (see framed).
func framedDelta(data []byte) []byte {
	if len(data) < deltaHeaderSize+4 {
		return data
	}
	out := bytes.Clone(data)
	copy(out, deltaMagic)
	le.PutUint32(out[8:], FormatVersion)
	nd, ne := uint64(le.Uint32(out[12:])), uint64(le.Uint32(out[16:]))
	h := header{nodes: le.Uint32(out[20:]), edges: le.Uint32(out[24:]), mots: le.Uint32(out[28:])}
	fixed := nd*8 + ne*16 + uint64(h.nodes)*nodeSize + uint64(h.edges)*deltaEdgeSize + uint64(h.mots)*motSize
	rest := uint64(len(out) - deltaHeaderSize - 4)
	if fixed > rest {
		return data
	}
	extras := min(le.Uint64(out[40:]), rest-fixed)
	le.PutUint64(out[40:], extras)
	le.PutUint64(out[48:], rest-fixed-extras)
	le.PutUint32(out[len(out)-4:], crc32Castagnoli(out[:len(out)-4]))
	return out
}

func crc32Castagnoli(b []byte) uint32 { return crc32.Checksum(b, binrec.Castagnoli) }
