package graph

import (
	"bufio"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"slices"
	"unsafe"
)

// Deltas. An update that changes a few files of a large graph changes a
// few thousand of its nodes and edges; writing the whole snapshot again
// took 70 ms of CPU on GOROOT/src (250k nodes), most of an update's budget.
// A delta instead records how a store differs from the snapshot it was
// loaded from, as a set of dirty nodes: applying it removes every dirty
// node from the snapshot's store, then adds back the dirty nodes that still
// exist and every edge that touches one of them. It describes a change
// exactly when every node and edge the change made differ is, or touches,
// a dirty node.
//
// A delta has the snapshot's layout (see FormatVersion) with magic
// "GORTEXGD", a dirty-node count after the version, the dirty IDs as
// string references after the header, and edges that name their ends by
// ID: from and to as string references, then kinds u32 and motivation
// count u32.
const (
	deltaMagic      = "GORTEXGD"
	deltaHeaderSize = headerSize + 4
	deltaEdgeSize   = 8 + 8 + 4 + 4
)

// SaveDelta writes the delta that turns the snapshot s was loaded from into
// s, given every node the caller changed or that touches an edge it
// changed (dirty may name nodes s no longer has). The delta is cumulative:
// pass the dirty nodes of the delta s was loaded with too.
func (s *Store) SaveDelta(w io.Writer, dirty []NodeID) error {
	dw := &snapWriter{s: s, seen: make(map[string]uint64, 1024), extras: []byte{0}}
	dirty = slices.Clone(dirty)
	slices.Sort(dirty)
	dirty = slices.Compact(dirty)
	var ids []byte
	var present []int32
	for _, id := range dirty {
		dw.shared(&ids, string(id))
		if i, ok := s.index[id]; ok {
			present = append(present, i)
		}
	}
	edges := map[int32]bool{}
	for _, i := range present {
		dw.node(&s.nodes[i])
		for _, e := range s.out[i] {
			edges[e] = true
		}
		for _, e := range s.in[i] {
			edges[e] = true
		}
	}
	order := make([]int32, 0, len(edges))
	for e := range edges {
		order = append(order, e)
	}
	slices.Sort(order)
	var recs []byte
	for _, e := range order {
		r := &s.edges[e]
		dw.shared(&recs, string(s.nodes[r.from].ID))
		dw.shared(&recs, string(s.nodes[r.to].ID))
		recs = le.AppendUint32(le.AppendUint32(recs, uint32(r.kinds)), uint32(len(r.mot)))
		for _, m := range r.mot {
			dw.shared(&dw.mots, string(m.Signal))
			dw.shared(&dw.mots, m.Detail)
			dw.mots = le.AppendUint64(dw.mots, math.Float64bits(m.Score))
		}
	}
	if dw.blobLen > maxBlob || len(dw.extras) > maxBlob {
		return fmt.Errorf("write delta: %d bytes of strings is more than a delta holds", dw.blobLen)
	}
	h := header{nodes: uint32(len(present)), edges: uint32(len(order)), mots: uint32(len(dw.mots) / motSize),
		extrasLen: uint64(len(dw.extras)), blobLen: dw.blobLen}
	head := append([]byte(deltaMagic), h.bytes()[len(magic):len(magic)+4]...)
	head = le.AppendUint32(head, uint32(len(dirty)))
	head = append(head, h.bytes()[len(magic)+4:]...)
	crc := crc32.New(castagnoli)
	bw := bufio.NewWriterSize(io.MultiWriter(w, crc), 1<<20)
	for _, part := range [][]byte{head, ids, dw.nodes, recs, dw.mots, dw.extras} {
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

// delta is a decoded delta, checked before it touches the store.
type delta struct {
	dirty []NodeID
	nodes []Node
	edges []deltaEdge
}

type deltaEdge struct {
	from, to NodeID
	kinds    EdgeKind
	mot      []Motivation
}

// ApplyDelta applies a delta written by SaveDelta to the store loaded from
// its snapshot and returns its dirty nodes. It returns ErrVersion or
// ErrCorrupt like Load; the store is unusable after an ErrCorrupt.
func (s *Store) ApplyDelta(r io.Reader) ([]NodeID, error) {
	d, err := readDelta(r)
	if err != nil {
		return nil, err
	}
	for _, id := range d.dirty {
		s.RemoveNode(id)
	}
	for _, n := range d.nodes {
		s.AddNode(n)
	}
	for _, e := range d.edges {
		if k := e.kinds &^ EdgeMotivates; k != 0 || len(e.mot) == 0 {
			if err := s.AddEdge(e.from, e.to, e.kinds); err != nil {
				return nil, fmt.Errorf("%w: delta: %v", ErrCorrupt, err)
			}
		}
		for _, m := range e.mot {
			if err := s.AddMotivation(e.from, e.to, m); err != nil {
				return nil, fmt.Errorf("%w: delta: %v", ErrCorrupt, err)
			}
		}
	}
	return d.dirty, nil
}

func readDelta(r io.Reader) (*delta, error) {
	var b [deltaHeaderSize]byte
	if _, err := io.ReadFull(r, b[:]); err != nil {
		return nil, fmt.Errorf("%w: delta header: %v", ErrCorrupt, err)
	}
	if string(b[:len(deltaMagic)]) != deltaMagic {
		return nil, fmt.Errorf("%w: not a gortex graph delta", ErrCorrupt)
	}
	if v := le.Uint32(b[8:]); v != FormatVersion {
		return nil, fmt.Errorf("%w: delta has %d, this gortex reads %d", ErrVersion, v, FormatVersion)
	}
	ndirty := uint64(le.Uint32(b[12:]))
	h := header{nodes: le.Uint32(b[16:]), edges: le.Uint32(b[20:]), mots: le.Uint32(b[24:]),
		extrasLen: le.Uint64(b[28:]), blobLen: le.Uint64(b[36:])}
	if h.extrasLen > maxBlob || h.blobLen > maxBlob {
		return nil, fmt.Errorf("%w: delta header claims %d bytes of strings", ErrCorrupt, h.blobLen)
	}
	bodyLen := ndirty*8 + uint64(h.nodes)*nodeSize + uint64(h.edges)*deltaEdgeSize + uint64(h.mots)*motSize + h.extrasLen
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
		return nil, fmt.Errorf("%w: delta trailer: %v", ErrCorrupt, err)
	}
	crc := crc32.Update(crc32.Update(crc32.Checksum(b[:], castagnoli), castagnoli, body), castagnoli, blob)
	if crc != le.Uint32(trailer[:]) {
		return nil, fmt.Errorf("%w: delta checksum mismatch", ErrCorrupt)
	}
	d, err := decodeDelta(h, int(ndirty), body, blob)
	if err != nil {
		return nil, fmt.Errorf("%w: delta: %v", ErrCorrupt, err)
	}
	return d, nil
}

func decodeDelta(h header, ndirty int, body, blob []byte) (*delta, error) {
	rd := &snapReader{blob: unsafe.String(unsafe.SliceData(blob), len(blob))}
	ids, body := body[:ndirty*8], body[ndirty*8:]
	rd.nodes, body = body[:int(h.nodes)*nodeSize], body[int(h.nodes)*nodeSize:]
	recs, body := body[:int(h.edges)*deltaEdgeSize], body[int(h.edges)*deltaEdgeSize:]
	rd.mots, rd.extras = body[:int(h.mots)*motSize], body[int(h.mots)*motSize:]
	d := &delta{dirty: make([]NodeID, ndirty), nodes: make([]Node, h.nodes), edges: make([]deltaEdge, h.edges)}
	for i := range d.dirty {
		id, ok := rd.str(ids[i*8:])
		if !ok || id == "" {
			return nil, fmt.Errorf("dirty node %d: %w", i, errRange)
		}
		d.dirty[i] = NodeID(id)
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
		from, ok1 := rd.str(rec)
		to, ok2 := rd.str(rec[8:])
		kinds, k := le.Uint32(rec[16:]), le.Uint32(rec[20:])
		if !ok1 || !ok2 || kinds == 0 || kinds > math.MaxUint8 || uint64(k) > uint64(len(mots)-used) {
			return nil, fmt.Errorf("edge %d: %w", i, errRange)
		}
		d.edges[i] = deltaEdge{from: NodeID(from), to: NodeID(to), kinds: EdgeKind(kinds), mot: mots[used : used+int(k) : used+int(k)]}
		used += int(k)
	}
	if used != len(mots) {
		return nil, fmt.Errorf("%d motivations belong to no edge", len(mots)-used)
	}
	return d, nil
}
