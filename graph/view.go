package graph

import (
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/gortex/gortex/internal/binrec"
)

// Open returns the store of the snapshot in f, read where it lies: the
// file is memory-mapped and a node is decoded when first asked for, its
// edges found through the snapshot's lookup tables (tables.go). Opening
// reads the header alone, so a query costs what its answer touches, not
// what the graph weighs. The first change to the store decodes it whole
// (Decode). Without mmap, or from a file that is not a regular one, Open
// is Load.
//
// Open checks the header and the file's size; it does not sum the whole
// file, which would cost what decoding it did. Every read is bounds-checked
// instead: a record pointing outside the snapshot reads as absent and
// makes Err report the snapshot corrupt. OpenChecked also checks each
// page it reads against its checksum; Decode, Load and Check check them
// all. f may be closed once Open returns.
func Open(f *os.File) (*Store, error) { return open(f, false) }

// OpenChecked is Open that checks every page of the snapshot a read
// meets against the page's checksum, once: a page that fails reads as a
// corrupt record (Err). An update reads a few MB of a large snapshot, and
// this trusts them for what they weigh, not what the snapshot does.
func OpenChecked(f *os.File) (*Store, error) { return open(f, true) }

func open(f *os.File, checked bool) (*Store, error) {
	h, err := readHeader(f)
	if err != nil {
		return nil, err
	}
	rest := h.bodyLen() + h.blobLen + h.pagesLen()
	sized, err := checkSize(f, headerSize, rest)
	if err != nil {
		return nil, err
	}
	if sized && rest < math.MaxInt32 {
		if data, unmap, err := binrec.MapFile(f, headerSize+int(rest)); err == nil {
			v := newView(h, data, unmap)
			if checked {
				var ok bool
				if v.pages, ok = binrec.NewPages(v.covered, v.trailer); !ok {
					unmap()
					return nil, fmt.Errorf("%w: page sums", ErrCorrupt)
				}
			}
			s := &Store{v: v, r: v}
			runtime.AddCleanup(s, func(v *view) { v.release() }, v) // keepMapped
			return s, nil
		}
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrCorrupt, err)
	}
	return Load(f)
}

// keepMapped: an opened store's mapping is released when the store is
// collected (the cleanup in Open), and the collector does not see the
// reads of the mapping a method still makes after its last use of the
// store, or that goroutines it started make. So every method of Store
// that reads the mapping keeps its store alive until it returns
// (runtime.KeepAlive), and so does every iterator until it ends: a Check,
// whose caller dropped the store, once read a mapping the cleanup had
// released (FuzzOpen, SIGSEGV).

// view is an opened snapshot: its sections as slices of the mapping. The
// strings it hands out are copies, so the mapping can go when the store
// does (release) while the nodes read from it live on.
type view struct {
	h                                  header
	covered                            []byte // what the page sums cover: header, body, blob
	hdr                                []byte // the header's bytes
	body                               []byte // every section but the blob and page sums
	nodes, edges, mots, names, grouped []byte
	outStart, outList, inStart, inList []byte
	ids, nameTab, kinds, kindList      []byte
	extras                             []byte
	blobBytes, trailer                 []byte        // trailer: the page sums
	blob                               string        // unsafe over the mapping: compared, never handed out
	pages                              *binrec.Pages // the page sums checked as read (OpenChecked); nil: not

	cache   nodeCache             // nodes decoded so far
	bad     atomic.Pointer[error] // the first inconsistency a read met
	once    sync.Once
	unmap   func()
	decoded atomic.Bool
}

// newView makes the view of a snapshot's bytes, header included.
func newView(h header, data []byte, unmap func()) *view {
	v := &view{h: h, unmap: unmap, cache: newNodeCache(h.nodes)}
	n, m := uint64(h.nodes), uint64(h.edges)
	next := func(k uint64) []byte {
		b := data[:k:k]
		data = data[k:]
		return b
	}
	bodyLen := h.bodyLen()
	covered := uint64(headerSize) + bodyLen + h.blobLen
	v.covered = data[:covered:covered]
	v.hdr = next(uint64(headerSize))
	v.body = data[:bodyLen:bodyLen]
	v.nodes, v.edges, v.mots = next(n*nodeSize), next(m*edgeSize), next(uint64(h.mots)*motSize)
	v.names, v.grouped = next(uint64(h.groups)*groupSize), next(uint64(h.grouped)*4)
	v.outStart, v.outList = next(4*(n+1)), next(4*m)
	v.inStart, v.inList = next(4*(n+1)), next(4*m)
	v.ids, v.nameTab = next(4*uint64(h.idSlots)), next(4*uint64(h.nameSlots))
	v.kinds, v.kindList = next(16*uint64(h.kindGroups)), next(4*n)
	v.extras = next(h.extrasLen)
	v.blobBytes, v.trailer = next(h.blobLen), next(h.pagesLen())
	v.blob = unsafe.String(unsafe.SliceData(v.blobBytes), len(v.blobBytes))
	return v
}

func (v *view) release() { v.once.Do(func() { v.unmap() }) }

// fail records the first inconsistency found.
func (v *view) fail(what string, i int) {
	err := fmt.Errorf("%w: %s %d: %w", ErrCorrupt, what, i, errRange)
	v.bad.CompareAndSwap(nil, &err)
}

// ok reports whether the pages under b hold their sums, when the view
// checks them (OpenChecked); a page that fails is a corrupt read (Err).
func (v *view) ok(b []byte) bool {
	return v.pages == nil || v.noted(v.pages.Check(b))
}

// okStr is ok for a string of the blob.
func (v *view) okStr(s string) bool {
	return v.pages == nil || v.noted(v.pages.CheckString(s))
}

func (v *view) noted(bad int, ok bool) bool {
	if !ok {
		err := fmt.Errorf("%w: page %d: checksum mismatch", ErrCorrupt, bad)
		v.bad.CompareAndSwap(nil, &err)
	}
	return ok
}

// u32 reads the i-th u32 of b; ok is false past its end.
func u32(b []byte, i uint64) (uint32, bool) {
	if i >= uint64(len(b))/4 {
		return 0, false
	}
	return le.Uint32(b[i*4:]), true
}

// idAt is node i's ID, unsafe (compare only).
func (v *view) idAt(i uint32) (string, bool) {
	if i >= v.h.nodes {
		return "", false
	}
	rec := v.nodes[uint64(i)*nodeSize:]
	id, ok := binrec.Ref(v.blob, rec)
	return id, ok && v.ok(rec[:8]) && v.okStr(id)
}

// probe looks key up in a hash table whose entries are index+1, matching
// entries with eq.
func (v *view) probe(table []byte, key string, eq func(uint32) bool) (uint32, bool) {
	slots := uint32(len(table) / 4)
	if slots == 0 {
		return 0, false
	}
	mask := slots - 1
	p := idHash(key) & mask
	for range slots {
		e := le.Uint32(table[p*4:])
		if e == 0 || !v.ok(table[p*4:p*4+4]) {
			return 0, false
		}
		if eq(e - 1) {
			return e - 1, true
		}
		p = (p + 1) & mask
	}
	return 0, false
}

func (v *view) find(id NodeID) (uint32, bool) {
	return v.probe(v.ids, string(id), func(i uint32) bool {
		got, ok := v.idAt(i)
		if !ok {
			v.fail("ID table entry", int(i))
		}
		return ok && got == string(id)
	})
}

// node returns node i, decoding it on first use; nil when its record is
// corrupt (Err says so).
func (v *view) node(i uint32) *Node {
	if i >= v.h.nodes {
		v.fail("node index", int(i))
		return nil
	}
	slot := v.cache.slot(i)
	if n := slot.Load(); n != nil {
		return n
	}
	n := new(Node)
	d := &snapReader{extras: v.extras, blob: v.blob}
	if v.pages != nil {
		d.read = v.okStr
	}
	if err := d.node(v.nodes[uint64(i)*nodeSize:uint64(i+1)*nodeSize], n); err != nil {
		v.fail("node", int(i))
		return nil
	}
	cloneStrings(n)
	if !slot.CompareAndSwap(nil, n) {
		return slot.Load()
	}
	return n
}

// nodeCache holds the nodes a view decoded, in pages allocated when a node
// of theirs is first read: a query touches a few thousand nodes, and a
// pointer for every node of the snapshot (750k on three copies of
// GOROOT/src, 6 MB) cost each query more than its answer did.
type nodeCache struct {
	pages []atomic.Pointer[nodePage]
}

// nodePageBits sets a page's size: 512 nodes, 4 KiB of pointers.
const nodePageBits = 9

type nodePage [1 << nodePageBits]atomic.Pointer[Node]

func newNodeCache(nodes uint32) nodeCache {
	return nodeCache{pages: make([]atomic.Pointer[nodePage], (uint64(nodes)+1<<nodePageBits-1)>>nodePageBits)}
}

// slot is node i's place, its page allocated on first use; i must be below
// the node count.
func (c *nodeCache) slot(i uint32) *atomic.Pointer[Node] {
	pp := &c.pages[i>>nodePageBits]
	p := pp.Load()
	if p == nil {
		p = new(nodePage)
		if !pp.CompareAndSwap(nil, p) {
			p = pp.Load()
		}
	}
	return &p[i&(1<<nodePageBits-1)]
}

// cloneStrings copies n's strings out of the mapping.
func cloneStrings(n *Node) {
	n.ID, n.Kind = NodeID(strings.Clone(string(n.ID))), NodeKind(strings.Clone(string(n.Kind)))
	for _, p := range []*string{&n.Name, &n.Qualified, &n.Path, &n.Lang, &n.Package, &n.Receiver, &n.Signature, &n.Text} {
		*p = strings.Clone(*p)
	}
	for j := range n.HeadingPath {
		n.HeadingPath[j] = strings.Clone(n.HeadingPath[j])
	}
	if n.Attrs != nil {
		attrs := make(map[string]string, len(n.Attrs))
		for k, val := range n.Attrs {
			attrs[strings.Clone(k)] = strings.Clone(val)
		}
		n.Attrs = attrs
	}
}

func (v *view) byID(id NodeID) (*Node, bool) {
	i, ok := v.find(id)
	if !ok {
		return nil, false
	}
	n := v.node(i)
	return n, n != nil
}

// group returns the nodes of name group g, nil when corrupt.
func (v *view) group(g uint32) (name string, list []byte, ok bool) {
	if g >= v.h.groups {
		return "", nil, false
	}
	rec := v.names[uint64(g)*groupSize:]
	name, ok = binrec.Ref(v.blob, rec)
	k, at := uint64(le.Uint32(rec[8:])), uint64(le.Uint32(rec[12:]))
	if !ok || at+k > uint64(v.h.grouped) {
		return "", nil, false
	}
	list = v.grouped[at*4 : (at+k)*4]
	return name, list, v.ok(rec[:groupSize]) && v.okStr(name) && v.ok(list)
}

func (v *view) byName(name string) []*Node {
	g, ok := v.probe(v.nameTab, name, func(g uint32) bool {
		got, _, ok := v.group(g)
		if !ok {
			v.fail("name group", int(g))
		}
		return ok && got == name
	})
	if !ok {
		return []*Node{}
	}
	_, list, _ := v.group(g)
	out := make([]*Node, 0, len(list)/4)
	for j := 0; j < len(list); j += 4 {
		if n := v.node(le.Uint32(list[j:])); n != nil {
			out = append(out, n)
		}
	}
	return out
}

func (v *view) namesSeq(yield func(string, int) bool) {
	for g := range v.h.groups {
		name, list, ok := v.group(g)
		if !ok {
			v.fail("name group", int(g))
			continue
		}
		if !yield(strings.Clone(name), len(list)/4) {
			return
		}
	}
}

func (v *view) nodesSeq(yield func(*Node) bool) {
	for i := range v.h.nodes {
		if n := v.node(i); n != nil && !yield(n) {
			return
		}
	}
}

// nodesOf yields the nodes of kind k in node order.
func (v *view) nodesOf(k NodeKind, yield func(*Node) bool) {
	for g := range uint64(v.h.kindGroups) {
		rec := v.kinds[g*16:]
		kind, ok := binrec.Ref(v.blob, rec)
		count, at := uint64(le.Uint32(rec[8:])), uint64(le.Uint32(rec[12:]))
		if !ok || at+count > uint64(v.h.nodes) || !v.ok(rec[:16]) || !v.okStr(kind) || !v.ok(v.kindList[at*4:(at+count)*4]) {
			v.fail("kind record", int(g))
			continue
		}
		if kind != string(k) {
			continue
		}
		for j := at; j < at+count; j++ {
			i, _ := u32(v.kindList, j)
			if n := v.node(i); n != nil && !yield(n) {
				return
			}
		}
		return
	}
}

// edgeRec reads edge e; ok is false (and Err set) for a corrupt record.
func (v *view) edgeAt(e uint32) (from, to uint32, kinds EdgeKind, ok bool) {
	if e >= v.h.edges {
		v.fail("edge index", int(e))
		return 0, 0, 0, false
	}
	rec := v.edges[uint64(e)*edgeSize:]
	from, to, k := le.Uint32(rec), le.Uint32(rec[4:]), le.Uint32(rec[8:])
	if from >= v.h.nodes || to >= v.h.nodes || k == 0 || k > math.MaxUint8 || !v.ok(rec[:edgeSize]) {
		v.fail("edge", int(e))
		return 0, 0, 0, false
	}
	return from, to, EdgeKind(k), true
}

// motivations decodes edge e's motivations, copying their strings.
func (v *view) motivations(e uint32) []Motivation {
	rec := v.edges[uint64(e)*edgeSize:]
	first, k := uint64(le.Uint32(rec[12:])), uint64(le.Uint32(rec[16:]))
	if !v.ok(rec[:edgeSize]) {
		return nil
	}
	if k == 0 {
		return nil
	}
	if first+k > uint64(v.h.mots) {
		v.fail("edge motivations", int(e))
		return nil
	}
	out := make([]Motivation, 0, k)
	for j := first; j < first+k; j++ {
		rec := v.mots[j*motSize:]
		sig, ok1 := binrec.Ref(v.blob, rec)
		detail, ok2 := binrec.Ref(v.blob, rec[8:])
		if !ok1 || !ok2 || !v.ok(rec[:motSize]) || !v.okStr(sig) || !v.okStr(detail) {
			v.fail("motivation", int(j))
			continue
		}
		out = append(out, Motivation{Signal: Signal(strings.Clone(sig)), Detail: strings.Clone(detail),
			Score: math.Float64frombits(le.Uint64(rec[16:]))})
	}
	return out
}

// edge returns edge e as callers see it. Its ends are read as IDs alone:
// decoding the nodes to name them copied every source's text, most of a
// why on a package that thousands of sections name (contour: 6 MB for an
// answer of ten entries).
func (v *view) edge(e uint32) (Edge, bool) {
	from, to, kinds, ok := v.edgeAt(e)
	if !ok {
		return Edge{}, false
	}
	fid, tid := v.nodeID(from), v.nodeID(to)
	if fid == "" || tid == "" {
		return Edge{}, false
	}
	return Edge{From: fid, To: tid, Kinds: kinds, Motivations: v.motivations(e)}, true
}

// nodeID is node i's ID, a copy; "" (and Err set) when its record does not
// name one. A node decoded already gives its own.
func (v *view) nodeID(i uint32) NodeID {
	if n := v.cache.slot(i).Load(); n != nil {
		return n.ID
	}
	id, ok := v.idAt(i)
	if !ok || id == "" {
		v.fail("node", int(i))
		return ""
	}
	return NodeID(strings.Clone(id))
}

// adjacency yields the edge indexes of node i from one start/list pair.
func (v *view) adjacency(start, list []byte, i uint32, yield func(uint32) bool) {
	lo, ok1 := u32(start, uint64(i))
	hi, ok2 := u32(start, uint64(i)+1)
	if !ok1 || !ok2 || lo > hi || uint64(hi) > uint64(len(list))/4 {
		v.fail("adjacency of node", int(i))
		return
	}
	if !v.ok(start[uint64(i)*4:uint64(i)*4+8]) || !v.ok(list[uint64(lo)*4:uint64(hi)*4]) {
		return
	}
	for j := lo; j < hi; j++ {
		if !yield(le.Uint32(list[uint64(j)*4:])) {
			return
		}
	}
}

func (v *view) adjacent(in bool, id NodeID, k EdgeKind) []Edge {
	i, ok := v.find(id)
	if !ok {
		return nil
	}
	start, list := v.outStart, v.outList
	if in {
		start, list = v.inStart, v.inList
	}
	var out []Edge
	v.adjacency(start, list, i, func(e uint32) bool {
		if _, _, kinds, ok := v.edgeAt(e); ok && kinds&k != 0 {
			if ed, ok := v.edge(e); ok {
				out = append(out, ed)
			}
		}
		return true
	})
	return out
}

// edgeIndex finds the snapshot's edge from from to to.
func (v *view) edgeIndex(from, to NodeID) (uint32, bool) {
	fi, ok1 := v.find(from)
	ti, ok2 := v.find(to)
	if !ok1 || !ok2 {
		return 0, false
	}
	var found uint32
	var hit bool
	v.adjacency(v.outStart, v.outList, fi, func(e uint32) bool {
		if _, t, _, ok := v.edgeAt(e); ok && t == ti {
			found, hit = e, true
			return false
		}
		return true
	})
	return found, hit
}

func (v *view) edgeBetween(from, to NodeID) (Edge, bool) {
	if e, ok := v.edgeIndex(from, to); ok {
		return v.edge(e)
	}
	return Edge{}, false
}

func (v *view) edgesSeq(yield func(Edge) bool) {
	for e := range v.h.edges {
		if ed, ok := v.edge(e); ok && !yield(ed) {
			return
		}
	}
}

// writeTo writes the snapshot as it was read: an unchanged store saves
// as the same bytes.
func (v *view) writeTo(w io.Writer) error {
	for _, b := range [][]byte{v.hdr, v.body, v.blobBytes, v.trailer} {
		if _, err := w.Write(b); err != nil {
			return fmt.Errorf("write snapshot: %w", err)
		}
	}
	return nil
}

// decode decodes the whole snapshot, checksum included, into a store of
// its own, its strings in memory of their own.
func (v *view) decode() (*Store, error) { return v.decodeBlob(slices.Clone(v.blobBytes)) }

// decodeBlob is decode with the strings in blob: a copy of the mapping's,
// or the mapping's own.
func (v *view) decodeBlob(blob []byte) (*Store, error) {
	sum := make(chan error, 1)
	go func() { sum <- v.sum() }()
	s, err := decode(v.h, v.body, blob)
	if err := <-sum; err != nil {
		return nil, err
	}
	return s, err
}

// sum checks the snapshot against its page sums, every page.
func (v *view) sum() error {
	if !binrec.SumPages(v.trailer, v.covered) {
		return fmt.Errorf("%w: checksum mismatch", ErrCorrupt)
	}
	return nil
}

// kindCounts counts the snapshot's nodes of each kind from its kind table.
func (v *view) kindCounts() map[NodeKind]int {
	counts := map[NodeKind]int{}
	for g := range uint64(v.h.kindGroups) {
		rec := v.kinds[g*16:]
		kind, ok := binrec.Ref(v.blob, rec)
		if !ok {
			v.fail("kind record", int(g))
			continue
		}
		if !v.ok(rec[:16]) || !v.okStr(kind) {
			continue
		}
		counts[NodeKind(strings.Clone(kind))] += int(le.Uint32(rec[8:]))
	}
	return counts
}

// Err reports the first inconsistency a read of an opened snapshot met
// (ErrCorrupt): a record pointing outside it, read as absent. A decoded or
// built store has none.
func (s *Store) Err() error {
	defer runtime.KeepAlive(s) // see keepMapped
	if s.decodeErr != nil || s.v == nil {
		return s.decodeErr
	}
	if p := s.v.bad.Load(); p != nil {
		return *p
	}
	return nil
}

// Decode decodes an opened store whole, checking the snapshot's checksum,
// so that it can change; every change does so first. It does nothing to a
// store that is decoded already. On an error the store is left as it was.
func (s *Store) Decode() error {
	defer runtime.KeepAlive(s) // see keepMapped
	v := s.v
	if v == nil {
		return nil
	}
	full, err := s.r.decode()
	if err != nil {
		return err
	}
	*s = *full
	v.release()
	return nil
}

// Decoded returns the store decoded whole, as Decode makes it, leaving s
// as it is (so it may be read while this runs); s itself when decoded.
func (s *Store) Decoded() (*Store, error) {
	defer runtime.KeepAlive(s) // see keepMapped
	if s.r == nil {
		return s, nil
	}
	return s.r.decode()
}

// DecodedInPlace returns the store decoded whole, as Decode makes it,
// but with its strings left in the mapping, which then stays for the
// life of the process: for a process that ends with its store (gortex
// index), it saves copying them (37 MB on GOROOT/src). s is left as it
// is, so it may be read while this runs.
func (s *Store) DecodedInPlace() (*Store, error) {
	defer runtime.KeepAlive(s) // see keepMapped
	v := s.v
	if v == nil {
		return s, nil
	}
	v.once.Do(func() {}) // never unmapped
	full, err := v.decodeBlob(v.blobBytes)
	if err == nil && s.r != reader(v) {
		err = full.apply(s.r.(*layered).delta())
	}
	return full, err
}

// own makes s a decoded store before a change. A snapshot that fails to
// decode leaves an empty store, with Err saying why.
func (s *Store) own() {
	if s.v == nil {
		return
	}
	if err := s.Decode(); err != nil {
		v := s.v
		*s = *New()
		v.release()
		s.decodeErr = err
	}
}

// NodesOf yields the nodes of kind k, in insertion order: from an opened
// snapshot only those, through its kind lists.
func (s *Store) NodesOf(k NodeKind) func(yield func(*Node) bool) {
	if r := s.r; r != nil {
		return func(yield func(*Node) bool) { r.nodesOf(k, yield) }
	}
	return func(yield func(*Node) bool) {
		for n := range s.Nodes() {
			if n.Kind == k && !yield(n) {
				return
			}
		}
	}
}
