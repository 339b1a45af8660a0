package graph

import (
	"bufio"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"runtime"
	"slices"
	"strings"
	"unsafe"

	"github.com/gortex/gortex/internal/binrec"
)

// Deltas. An update that changes one file of a large graph changes a few
// hundred of its nodes and edges; writing the whole snapshot again took
// 70 ms of CPU on GOROOT/src (250k nodes), a third of an update. A delta
// instead records how a store differs from the snapshot it was loaded
// from, as the nodes and the node pairs (edges) that differ: applying it
// removes the dirty nodes the store no longer has and puts back the others
// as they are now, then does the same for the dirty edges. It describes a
// change exactly when every node and edge the change made differ is named.
// Deltas add up: to write the next one, name the dirty nodes and edges of
// the delta the store was loaded with too.
//
// A delta has the snapshot's layout (see FormatVersion) with magic
// "GORTEXGD", the dirty node and edge counts after the version, then the
// dirty node IDs as string references and the dirty edges as pairs of
// them, before the records of the dirty nodes and edges the store has.
// Those edge records name their ends by ID: from and to as string
// references, then kinds u32 and motivation count u32.
const (
	deltaMagic      = "GORTEXGD"
	deltaHeaderSize = headerSize + 8
	deltaEdgeSize   = 8 + 8 + 4 + 4
)

// Dirty names what differs between a store and the snapshot it was loaded
// from: nodes added, removed or changed, and the node pairs whose edge was.
type Dirty struct {
	Nodes []NodeID
	Edges [][2]NodeID
}

// Len is the number of dirty nodes and edges.
func (d Dirty) Len() int { return len(d.Nodes) + len(d.Edges) }

// SaveDelta writes the delta that turns the snapshot s was loaded from into
// s, given what differs (see Dirty).
func (s *Store) SaveDelta(w io.Writer, dirty Dirty) error {
	defer runtime.KeepAlive(s) // see keepMapped
	dw := &snapWriter{s: s, seen: make(map[string]uint64, 1024), extras: []byte{0}}
	if l, ok := s.r.(*layered); ok && len(l.buried) > 0 {
		dirty.Edges = append(slices.Clip(dirty.Edges), l.buried...)
	}
	nodes, edges := sortedDirty(dirty)
	var ids, pairs, recs []byte
	h := header{}
	for _, id := range nodes {
		dw.shared(&ids, string(id))
		if n, ok := s.Node(id); ok {
			dw.node(n)
			h.nodes++
		}
	}
	for _, p := range edges {
		dw.shared(&pairs, string(p[0]))
		dw.shared(&pairs, string(p[1]))
		e, ok := s.EdgeBetween(p[0], p[1])
		if !ok {
			continue
		}
		dw.shared(&recs, string(e.From))
		dw.shared(&recs, string(e.To))
		recs = le.AppendUint32(le.AppendUint32(recs, uint32(e.Kinds)), uint32(len(e.Motivations)))
		for _, m := range e.Motivations {
			dw.shared(&dw.mots, string(m.Signal))
			dw.shared(&dw.mots, m.Detail)
			dw.mots = le.AppendUint64(dw.mots, math.Float64bits(m.Score))
		}
		h.edges++
	}
	if dw.blobLen > maxBlob || len(dw.extras) > maxBlob {
		return fmt.Errorf("write delta: %d bytes of strings is more than a delta holds", dw.blobLen)
	}
	h.mots, h.extrasLen, h.blobLen = uint32(len(dw.mots)/motSize), uint64(len(dw.extras)), dw.blobLen
	head := append([]byte(deltaMagic), le.AppendUint32(nil, FormatVersion)...)
	head = le.AppendUint32(le.AppendUint32(head, uint32(len(nodes))), uint32(len(edges)))
	head = append(head, h.bytes()[len(magic)+4:]...)
	crc := crc32.New(binrec.Castagnoli)
	bw := bufio.NewWriterSize(io.MultiWriter(w, crc), 1<<20)
	for _, part := range [][]byte{head, ids, pairs, dw.nodes, recs, dw.mots, dw.extras} {
		bw.Write(part)
	}
	for _, p := range dw.pieces {
		bw.WriteString(p)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("write delta: %w", err)
	}
	if _, err := w.Write(le.AppendUint32(nil, crc.Sum32())); err != nil {
		return fmt.Errorf("write delta: %w", err)
	}
	return nil
}

// sortedDirty returns the dirty nodes and edges sorted and without repeats,
// so that a delta's bytes do not depend on the order they were found in.
func sortedDirty(d Dirty) ([]NodeID, [][2]NodeID) {
	nodes := slices.Clone(d.Nodes)
	slices.Sort(nodes)
	edges := slices.Clone(d.Edges)
	slices.SortFunc(edges, func(a, b [2]NodeID) int {
		if c := strings.Compare(string(a[0]), string(b[0])); c != 0 {
			return c
		}
		return strings.Compare(string(a[1]), string(b[1]))
	})
	return slices.Compact(nodes), slices.Compact(edges)
}

// delta is a decoded delta, checked before it touches the store.
type delta struct {
	dirty Dirty
	nodes []Node
	edges []deltaEdge
}

type deltaEdge struct {
	from, to NodeID
	kinds    EdgeKind
	mot      []Motivation
}

// ApplyDelta applies a delta written by SaveDelta to the store loaded from
// its snapshot and returns what it names as dirty. It returns ErrVersion or
// ErrCorrupt like Load; the store is unusable after an ErrCorrupt.
func (s *Store) ApplyDelta(r io.Reader) (Dirty, error) {
	defer runtime.KeepAlive(s) // see keepMapped
	if s.r != nil && s.r == reader(s.v) {
		return s.openDelta(r)
	}
	s.own()
	d, err := readDelta(r)
	if err != nil {
		return Dirty{}, err
	}
	if err := s.apply(d); err != nil {
		return Dirty{}, err
	}
	return d.dirty, nil
}

// apply makes the store what d says. It fails, with ErrCorrupt, only on a
// record the store refuses: a node without an ID, an edge to a node that
// is neither in the snapshot nor in d.
func (s *Store) apply(d *delta) error {
	present := make(map[NodeID]bool, len(d.nodes))
	for _, n := range d.nodes {
		present[n.ID] = true
	}
	for _, id := range d.dirty.Nodes {
		if !present[id] {
			s.RemoveNode(id)
		}
	}
	for _, n := range d.nodes {
		if err := s.AddNode(n); err != nil {
			return fmt.Errorf("%w: delta: %w", ErrCorrupt, err)
		}
	}
	for _, p := range d.dirty.Edges {
		s.RemoveEdge(p[0], p[1], ^EdgeKind(0))
	}
	for _, e := range d.edges {
		if err := s.AddEdge(e.from, e.to, e.kinds); err != nil {
			return fmt.Errorf("%w: delta: %w", ErrCorrupt, err)
		}
		for _, m := range e.mot {
			if err := s.AddMotivation(e.from, e.to, m); err != nil {
				return fmt.Errorf("%w: delta: %w", ErrCorrupt, err)
			}
		}
	}
	return nil
}

func readDelta(r io.Reader) (*delta, error) {
	var b [deltaHeaderSize]byte
	if _, err := io.ReadFull(r, b[:]); err != nil {
		return nil, fmt.Errorf("%w: delta header: %w", ErrCorrupt, err)
	}
	if string(b[:len(deltaMagic)]) != deltaMagic {
		return nil, fmt.Errorf("%w: not a gortex graph delta", ErrCorrupt)
	}
	if v := le.Uint32(b[8:]); v != FormatVersion {
		return nil, fmt.Errorf("%w: delta has %d, this gortex reads %d", ErrVersion, v, FormatVersion)
	}
	nd, ne := uint64(le.Uint32(b[12:])), uint64(le.Uint32(b[16:]))
	h := header{nodes: le.Uint32(b[20:]), edges: le.Uint32(b[24:]), mots: le.Uint32(b[28:]),
		extrasLen: le.Uint64(b[40:]), blobLen: le.Uint64(b[48:])}
	if h.extrasLen > maxBlob || h.blobLen > maxBlob {
		return nil, fmt.Errorf("%w: delta header claims %d bytes of strings", ErrCorrupt, h.blobLen)
	}
	bodyLen := nd*8 + ne*16 + uint64(h.nodes)*nodeSize + uint64(h.edges)*deltaEdgeSize + uint64(h.mots)*motSize + h.extrasLen
	sized, err := checkSize(r, deltaHeaderSize, bodyLen+h.blobLen+4)
	if err != nil {
		return nil, err
	}
	body, err := readSection(r, bodyLen, sized)
	if err != nil {
		return nil, err
	}
	blob, err := readSection(r, h.blobLen, sized)
	if err != nil {
		return nil, err
	}
	var trailer [4]byte
	if _, err := io.ReadFull(r, trailer[:]); err != nil {
		return nil, fmt.Errorf("%w: delta trailer: %w", ErrCorrupt, err)
	}
	crc := crc32.Update(crc32.Update(crc32.Checksum(b[:], binrec.Castagnoli), binrec.Castagnoli, body), binrec.Castagnoli, blob)
	if crc != le.Uint32(trailer[:]) {
		return nil, fmt.Errorf("%w: delta checksum mismatch", ErrCorrupt)
	}
	d, err := decodeDelta(h, int(nd), int(ne), body, blob)
	if err != nil {
		return nil, fmt.Errorf("%w: delta: %w", ErrCorrupt, err)
	}
	return d, nil
}

func decodeDelta(h header, nd, ne int, body, blob []byte) (*delta, error) {
	rd := &snapReader{blob: unsafe.String(unsafe.SliceData(blob), len(blob))}
	ids, body := body[:nd*8], body[nd*8:]
	pairs, body := body[:ne*16], body[ne*16:]
	rd.nodes, body = body[:int(h.nodes)*nodeSize], body[int(h.nodes)*nodeSize:]
	recs, body := body[:int(h.edges)*deltaEdgeSize], body[int(h.edges)*deltaEdgeSize:]
	rd.mots, rd.extras = body[:int(h.mots)*motSize], body[int(h.mots)*motSize:]
	d := &delta{dirty: Dirty{Nodes: make([]NodeID, nd), Edges: make([][2]NodeID, ne)},
		nodes: make([]Node, h.nodes), edges: make([]deltaEdge, h.edges)}
	for i := range d.dirty.Nodes {
		id, ok := binrec.Ref(rd.blob, ids[i*8:])
		if !ok || id == "" {
			return nil, fmt.Errorf("dirty node %d: %w", i, errRange)
		}
		d.dirty.Nodes[i] = NodeID(id)
	}
	for i := range d.dirty.Edges {
		from, ok1 := binrec.Ref(rd.blob, pairs[i*16:])
		to, ok2 := binrec.Ref(rd.blob, pairs[i*16+8:])
		if !ok1 || !ok2 {
			return nil, fmt.Errorf("dirty edge %d: %w", i, errRange)
		}
		d.dirty.Edges[i] = [2]NodeID{NodeID(from), NodeID(to)}
	}
	for i := range d.nodes {
		if err := rd.node(rd.nodes[i*nodeSize:(i+1)*nodeSize], &d.nodes[i]); err != nil {
			return nil, fmt.Errorf("node %d: %w", i, err)
		}
	}
	mots, err := rd.motivations()
	if err != nil {
		return nil, err
	}
	used := 0
	for i := range d.edges {
		rec := recs[i*deltaEdgeSize:]
		from, ok1 := binrec.Ref(rd.blob, rec)
		to, ok2 := binrec.Ref(rd.blob, rec[8:])
		kinds, k := le.Uint32(rec[16:]), le.Uint32(rec[20:])
		if !ok1 || !ok2 || kinds == 0 || kinds > math.MaxUint8 || uint64(k) > uint64(len(mots)-used) {
			return nil, fmt.Errorf("edge %d: %w", i, errRange)
		}
		d.edges[i] = deltaEdge{from: NodeID(from), to: NodeID(to), kinds: EdgeKind(kinds)}
		if k > 0 { // none is nil, as in a store
			d.edges[i].mot = mots[used : used+int(k) : used+int(k)]
		}
		used += int(k)
	}
	if used != len(mots) {
		return nil, fmt.Errorf("%d motivations belong to no edge", len(mots)-used)
	}
	return d, nil
}
