package graph

import (
	"errors"
	"fmt"
	"io"
	"math"
	"runtime"
	"sync"
	"time"
	"unsafe"

	"github.com/gortex/gortex/internal/binrec"
)

// header is a snapshot's fixed-size head.
type header struct {
	nodes, edges, mots uint32
	groups, grouped    uint32 // name groups and the nodes in them
	extrasLen, blobLen uint64
	// the sizes of the lookup tables (tables.go)
	idSlots, nameSlots, kindGroups uint32
}

func (h header) bytes() []byte {
	b := make([]byte, 0, headerSize)
	b = append(b, magic...)
	b = le.AppendUint32(b, FormatVersion)
	b = le.AppendUint32(b, h.nodes)
	b = le.AppendUint32(b, h.edges)
	b = le.AppendUint32(b, h.mots)
	b = le.AppendUint32(b, h.groups)
	b = le.AppendUint32(b, h.grouped)
	b = le.AppendUint64(b, h.extrasLen)
	b = le.AppendUint64(b, h.blobLen)
	b = le.AppendUint32(b, h.idSlots)
	b = le.AppendUint32(b, h.nameSlots)
	b = le.AppendUint32(b, h.kindGroups)
	return le.AppendUint32(b, 0)
}

// pagesLen is the length of the page sums, which cover header, body and blob.
func (h header) pagesLen() uint64 {
	return binrec.PagesLen(uint64(headerSize) + h.bodyLen() + h.blobLen)
}

// bodyLen is the length of everything between the header and the blob.
func (h header) bodyLen() uint64 {
	return uint64(h.nodes)*nodeSize + uint64(h.edges)*edgeSize + uint64(h.mots)*motSize +
		uint64(h.groups)*groupSize + uint64(h.grouped)*4 + h.tablesLen() + h.extrasLen
}

func readHeader(r io.Reader) (header, error) {
	var b [headerSize]byte
	if _, err := io.ReadFull(r, b[:]); err != nil {
		return header{}, fmt.Errorf("%w: header: %w", ErrCorrupt, err)
	}
	if string(b[:len(magic)]) != magic {
		return header{}, fmt.Errorf("%w: not a gortex graph snapshot (or one written before format 3)", ErrCorrupt)
	}
	if v := le.Uint32(b[8:]); v != FormatVersion {
		return header{}, fmt.Errorf("%w: snapshot has %d, this gortex reads %d", ErrVersion, v, FormatVersion)
	}
	h := header{nodes: le.Uint32(b[12:]), edges: le.Uint32(b[16:]), mots: le.Uint32(b[20:]),
		groups: le.Uint32(b[24:]), grouped: le.Uint32(b[28:]),
		extrasLen: le.Uint64(b[32:]), blobLen: le.Uint64(b[40:]),
		idSlots: le.Uint32(b[48:]), nameSlots: le.Uint32(b[52:]), kindGroups: le.Uint32(b[56:])}
	if h.extrasLen > maxBlob || h.blobLen > maxBlob {
		return header{}, fmt.Errorf("%w: header claims %d bytes of extras and %d of strings", ErrCorrupt, h.extrasLen, h.blobLen)
	}
	if le.Uint32(b[60:]) != 0 {
		return header{}, fmt.Errorf("%w: header padding is not zero", ErrCorrupt)
	}
	if !powerOfTwo(h.idSlots) || !powerOfTwo(h.nameSlots) || h.idSlots/2 < h.nodes || h.nameSlots/2 < h.groups {
		return header{}, fmt.Errorf("%w: header claims hash tables of %d and %d slots for %d nodes and %d names", ErrCorrupt, h.idSlots, h.nameSlots, h.nodes, h.groups)
	}
	return h, nil
}

func powerOfTwo(v uint32) bool { return v >= 2 && v&(v-1) == 0 }

// errRange is a record that points outside its snapshot.
var errRange = errors.New("reference out of range")

// snapReader holds the sections of one snapshot being decoded.
type snapReader struct {
	nodes, edges, mots, extras []byte
	names, grouped             []byte
	blob                       string // every string of the store is a slice of it
	// read, when set, is given every part of a node record, string and
	// extras a node decodes from, and false fails it (view.okStr).
	read func(string) bool
}

// decode builds a store from a body and blob of the lengths the header
// gives. The blob becomes the store's string data, so it must not change.
// The four parts need nothing of each other and are built side by side:
// the ID index (the longest: one map insert per node) reads the IDs from
// the records, while the nodes decode in chunks, and the edges and the
// name index from their own sections.
func decode(h header, body, blob []byte) (*Store, error) {
	n, m := int(h.nodes), int(h.edges)
	d := &snapReader{blob: unsafe.String(unsafe.SliceData(blob), len(blob))}
	d.nodes, body = body[:n*nodeSize], body[n*nodeSize:]
	d.edges, body = body[:m*edgeSize], body[m*edgeSize:]
	d.mots, body = body[:int(h.mots)*motSize], body[int(h.mots)*motSize:]
	d.names, body = body[:int(h.groups)*groupSize], body[int(h.groups)*groupSize:]
	d.grouped, body = body[:int(h.grouped)*4], body[int(h.grouped)*4:]
	d.extras = body[h.tablesLen():] // a whole decode builds its own tables
	s := &Store{nodes: makeBlocks[Node](n)}
	var wg sync.WaitGroup
	var idErr, edgeErr, nameErr error
	wg.Go(func() { idErr = d.indexIDs(s) })
	wg.Go(func() { edgeErr = d.decodeEdges(s) })
	wg.Go(func() { nameErr = d.indexNames(s) })
	err := d.decodeNodes(s)
	wg.Wait()
	if err = errors.Join(err, idErr, edgeErr, nameErr); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrCorrupt, err)
	}
	return s, nil
}

// decodeNodes decodes the node records on all cores, in contiguous chunks.
func (d *snapReader) decodeNodes(s *Store) error {
	workers := min(runtime.GOMAXPROCS(0), max(1, s.nodes.len()/4096))
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := range workers {
		lo, hi := w*s.nodes.len()/workers, (w+1)*s.nodes.len()/workers
		wg.Go(func() {
			for i := lo; i < hi && errs[w] == nil; i++ {
				errs[w] = d.node(d.nodes[i*nodeSize:(i+1)*nodeSize], s.nodes.at(int32(i)))
				if errs[w] != nil {
					errs[w] = fmt.Errorf("node %d: %w", i, errs[w])
				}
			}
		})
	}
	wg.Wait()
	return errors.Join(errs...)
}

func (d *snapReader) node(rec []byte, n *Node) error {
	var f [10]string
	for i := range f {
		var ok bool
		if f[i], ok = binrec.Ref(d.blob, rec[8*i:]); !ok || !d.seen(f[i]) {
			return errRange
		}
	}
	if !d.seen(unsafe.String(&rec[0], nodeSize)) {
		return errRange
	}
	if f[0] == "" {
		return errors.New("no id")
	}
	n.ID, n.Kind, n.Name, n.Qualified, n.Path = NodeID(f[0]), NodeKind(f[1]), f[2], f[3], f[4]
	n.Lang, n.Package, n.Receiver, n.Signature, n.Text = f[5], f[6], f[7], f[8], f[9]
	n.Line, n.EndLine = int(le.Uint32(rec[80:])), int(le.Uint32(rec[84:]))
	if off := le.Uint32(rec[88:]); off != 0 {
		return d.extra(off, n)
	}
	return nil
}

// extra decodes a node's HeadingPath and Attrs at off in the extras.
func (d *snapReader) extra(off uint32, n *Node) error {
	if uint64(off) >= uint64(len(d.extras)) {
		return errRange
	}
	x := binrec.New(d.extras[off:])
	str := func() string {
		s := x.BlobStr(d.blob)
		if !d.seen(s) {
			x.Next(math.MaxUint64) // fails x
		}
		return s
	}
	if k := x.Count(2); k > 0 {
		n.HeadingPath = make([]string, k)
		for j := range n.HeadingPath {
			n.HeadingPath[j] = str()
		}
	}
	if k := x.Count(4); k > 0 {
		n.Attrs = make(map[string]string, k)
		for range k {
			key, val := str(), str()
			if key != attrUpdated {
				n.Attrs[key] = val
			} else if t, err := time.Parse(time.RFC3339, val); err == nil {
				n.Updated = t
			}
		}
	}
	if x.Failed() || !d.seen(unsafe.String(&d.extras[off], len(d.extras)-int(off)-x.Len())) {
		return errRange
	}
	return nil
}

// seen passes s to d.read, when set.
func (d *snapReader) seen(s string) bool { return d.read == nil || s == "" || d.read(s) }

// decodeEdges decodes the edge and motivation records and lays out the
// adjacency lists.
func (d *snapReader) decodeEdges(s *Store) error {
	n := uint32(s.nodes.len())
	mots, err := d.motivations()
	if err != nil {
		return err
	}
	m := len(d.edges) / edgeSize
	s.edges = makeBlocks[edgeRec](m)
	outDeg, inDeg := make([]int32, n), make([]int32, n)
	used := 0
	for e := range m {
		rec := d.edges[e*edgeSize:]
		from, to, kinds, first, k := le.Uint32(rec), le.Uint32(rec[4:]), le.Uint32(rec[8:]), le.Uint32(rec[12:]), le.Uint32(rec[16:])
		if from >= n || to >= n || kinds == 0 || kinds > math.MaxUint8 || uint64(k) > uint64(len(mots)-used) || int(first) != used {
			return fmt.Errorf("edge %d: %w", e, errRange)
		}
		r := s.edges.at(int32(e))
		r.from, r.to, r.kinds = int32(from), int32(to), EdgeKind(kinds)
		if k > 0 {
			r.mot = mots[used : used+int(k) : used+int(k)]
			used += int(k)
		}
		outDeg[from]++
		inDeg[to]++
	}
	if used != len(mots) {
		return fmt.Errorf("%d motivations belong to no edge", len(mots)-used)
	}
	s.out, s.in = carve(outDeg), carve(inDeg)
	for e := range int32(m) {
		r := s.edges.at(e)
		out, in := s.out.at(r.from), s.in.at(r.to)
		*out, *in = append(*out, e), append(*in, e)
	}
	s.nEdges = m
	return nil
}

func (d *snapReader) motivations() ([]Motivation, error) {
	mots := make([]Motivation, len(d.mots)/motSize)
	for i := range mots {
		rec := d.mots[i*motSize:]
		sig, ok1 := binrec.Ref(d.blob, rec)
		detail, ok2 := binrec.Ref(d.blob, rec[8:])
		if !ok1 || !ok2 {
			return nil, fmt.Errorf("motivation %d: %w", i, errRange)
		}
		mots[i] = Motivation{Signal: Signal(sig), Detail: detail, Score: math.Float64frombits(le.Uint64(rec[16:]))}
	}
	return mots, nil
}

// carve returns empty lists with the given capacities, cut from one array,
// each capped at its own length so that a later append copies it out
// instead of overwriting its neighbour.
func carve(deg []int32) blocks[[]int32] {
	total := 0
	for _, k := range deg {
		total += int(k)
	}
	all := make([]int32, total)
	lists := makeBlocks[[]int32](len(deg))
	at := 0
	for i, k := range deg {
		*lists.at(int32(i)) = all[at : at : at+int(k)]
		at += int(k)
	}
	return lists
}

// indexIDs builds the ID index from the records, refusing duplicate IDs.
func (d *snapReader) indexIDs(s *Store) error {
	s.index = make(map[NodeID]int32, s.nodes.len())
	for i := range s.nodes.len() {
		id, ok := binrec.Ref(d.blob, d.nodes[i*nodeSize:])
		if !ok || id == "" {
			return fmt.Errorf("node %d: %w", i, errRange)
		}
		if s.index[NodeID(id)] = int32(i); len(s.index) != i+1 {
			return fmt.Errorf("duplicate node %s", id)
		}
	}
	return nil
}

// indexNames builds the symbol name index from the name groups: one map
// entry per name, the lists cut from one array (capped, like carve's).
func (d *snapReader) indexNames(s *Store) error {
	groups := len(d.names) / groupSize
	s.byName = make(map[string][]int32, groups)
	all := make([]int32, len(d.grouped)/4)
	n, at := uint32(s.nodes.len()), 0
	for g := range groups {
		rec := d.names[g*groupSize:]
		name, ok := binrec.Ref(d.blob, rec)
		k := int(le.Uint32(rec[8:]))
		if !ok || name == "" || k == 0 || k > len(all)-at || int(le.Uint32(rec[12:])) != at {
			return fmt.Errorf("name group %d: %w", g, errRange)
		}
		list := all[at : at+k : at+k]
		for j := range list {
			if list[j] = int32(le.Uint32(d.grouped[(at+j)*4:])); uint32(list[j]) >= n {
				return fmt.Errorf("name group %q: %w", name, errRange)
			}
		}
		if _, dup := s.byName[name]; dup {
			return fmt.Errorf("name %q grouped twice", name)
		}
		s.byName[name] = list
		at += k
	}
	if at != len(all) {
		return fmt.Errorf("%d grouped nodes belong to no name", len(all)-at)
	}
	return nil
}
