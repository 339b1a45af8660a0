package graph

import (
	"bufio"
	"encoding/binary"
	"io"
	"maps"
	"math"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/gortex/gortex/internal/binrec"
)

var le = binary.LittleEndian

// snapWriter encodes a store in one pass over its nodes and edges: the
// fixed-size records and the extras go to body, and the strings they
// reference are collected in order (not copied) to be written as the blob.
type snapWriter struct {
	s       *Store
	remap   []int32 // store slot → snapshot index, -1 for removed slots
	h       header
	nodes   []byte
	edges   []byte
	mots    []byte
	names   []byte
	grouped []byte
	tables  []byte // adjacency, hash tables and kind lists (tables.go)
	extras  []byte
	pieces  []string // the blob, in order
	// groupNames are the names of the name groups, in their order.
	groupNames []string
	blobLen    uint64
	seen       map[string]uint64 // blob offset of strings written with shared
	// last holds, per node field, the string the previous node had there:
	// consecutive nodes mostly share kind, language, package and receiver,
	// and comparing is cheaper than looking up seen.
	last [4]struct {
		s   string
		off uint64
	}
}

func newSnapWriter(s *Store) *snapWriter {
	w := &snapWriter{s: s, remap: make([]int32, s.nodes.len()), seen: make(map[string]uint64, 1024)}
	for i := range int32(s.nodes.len()) {
		w.remap[i] = -1
		if s.nodes.at(i).ID != "" {
			w.remap[i] = int32(w.h.nodes)
			w.h.nodes++
		}
	}
	for e := range int32(s.edges.len()) {
		if r := s.edges.at(e); r.kinds != 0 {
			w.h.edges++
			w.h.mots += uint32(len(r.mot))
		}
	}
	w.nodes = make([]byte, 0, int(w.h.nodes)*nodeSize)
	w.edges = make([]byte, 0, int(w.h.edges)*edgeSize)
	w.mots = make([]byte, 0, int(w.h.mots)*motSize)
	w.extras = []byte{0} // offset 0 means "no extras"
	w.pieces = make([]string, 0, 5*int(w.h.nodes))
	for i := range int32(s.nodes.len()) {
		if n := s.nodes.at(i); n.ID != "" {
			w.node(n)
		}
	}
	for e := range int32(s.edges.len()) {
		if r := s.edges.at(e); r.kinds != 0 {
			w.edge(r)
		}
	}
	w.nameGroups()
	w.tables = w.lookupTables()
	w.h.extrasLen, w.h.blobLen = uint64(len(w.extras)), w.blobLen
	return w
}

// nameGroups writes the name index, each name's nodes in their list order
// and the names in order of their first node, so that saving is
// deterministic.
func (w *snapWriter) nameGroups() {
	type group struct {
		first int32
		name  string
		list  []int32
	}
	groups := make([]group, 0, len(w.s.byName))
	for name, list := range w.s.byName {
		g := group{first: -1, name: name, list: list}
		for _, i := range list {
			if r := w.remap[i]; r >= 0 && (g.first < 0 || r < g.first) {
				g.first = r
			}
		}
		if g.first >= 0 {
			groups = append(groups, g)
		}
	}
	slices.SortFunc(groups, func(a, b group) int { return int(a.first - b.first) })
	grouped := 0
	for _, g := range groups {
		grouped += len(g.list)
	}
	// Made at their length (at most, for grouped), not grown by append.
	w.grouped = make([]byte, 0, 4*grouped)
	w.groupNames = make([]string, 0, len(groups))
	w.names = make([]byte, 0, groupSize*len(groups))
	for _, g := range groups {
		k := 0
		for _, i := range g.list {
			if r := w.remap[i]; r >= 0 {
				w.grouped = le.AppendUint32(w.grouped, uint32(r))
				k++
			}
		}
		w.groupNames = append(w.groupNames, g.name)
		w.shared(&w.names, g.name)
		w.names = le.AppendUint32(w.names, uint32(k))
		w.names = le.AppendUint32(w.names, w.h.grouped)
		w.h.groups++
		w.h.grouped += uint32(k)
	}
}

// writeTo writes header, sections and checksum.
func (w *snapWriter) writeTo(out io.Writer) error {
	var pages binrec.PageSums
	bw := bufio.NewWriterSize(io.MultiWriter(out, &pages), 1<<20)
	bw.Write(w.h.bytes())
	bw.Write(w.nodes)
	bw.Write(w.edges)
	bw.Write(w.mots)
	bw.Write(w.names)
	bw.Write(w.grouped)
	bw.Write(w.tables)
	bw.Write(w.extras)
	for _, p := range w.pieces {
		bw.WriteString(p)
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	_, err := out.Write(pages.Table())
	return err
}

func (w *snapWriter) node(n *Node) {
	id := string(n.ID)
	idOff := w.fresh(&w.nodes, id)
	w.sharedLast(0, string(n.Kind))
	// A symbol's Name ends its ID and its Path starts it; a section's Path
	// follows "doc:".
	if n.Name != "" && strings.HasSuffix(id, n.Name) {
		w.nodes = ref(w.nodes, idOff+uint64(len(id)-len(n.Name)), len(n.Name))
	} else {
		w.fresh(&w.nodes, n.Name)
	}
	w.fresh(&w.nodes, n.Qualified)
	if i := strings.Index(id, n.Path); n.Path != "" && i >= 0 {
		w.nodes = ref(w.nodes, idOff+uint64(i), len(n.Path))
	} else {
		w.shared(&w.nodes, n.Path)
	}
	w.sharedLast(1, n.Lang)
	w.sharedLast(2, n.Package)
	w.sharedLast(3, n.Receiver)
	w.fresh(&w.nodes, n.Signature)
	w.fresh(&w.nodes, n.Text)
	w.nodes = le.AppendUint32(w.nodes, uint32(clampLine(n.Line)))
	w.nodes = le.AppendUint32(w.nodes, uint32(clampLine(n.EndLine)))
	w.nodes = le.AppendUint32(w.nodes, w.extra(n))
	w.nodes = le.AppendUint32(w.nodes, 0)
}

func clampLine(l int) int { return min(max(l, 0), math.MaxUint32) }

// extra writes the HeadingPath and Attrs of n and returns their offset in
// the extras section, 0 when n has neither.
func (w *snapWriter) extra(n *Node) uint32 {
	attrs := n.Attrs
	if !n.Updated.IsZero() {
		attrs = maps.Clone(attrs)
		if attrs == nil {
			attrs = map[string]string{}
		}
		attrs[attrUpdated] = n.Updated.UTC().Format(time.RFC3339)
	}
	if len(n.HeadingPath) == 0 && len(attrs) == 0 {
		return 0
	}
	off := uint32(len(w.extras))
	w.extras = binary.AppendUvarint(w.extras, uint64(len(n.HeadingPath)))
	for _, h := range n.HeadingPath {
		w.shared(&w.extras, h)
	}
	w.extras = binary.AppendUvarint(w.extras, uint64(len(attrs)))
	keys := make([]string, 0, len(attrs))
	for k := range attrs {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		w.shared(&w.extras, k)
		w.shared(&w.extras, attrs[k])
	}
	return off
}

func (w *snapWriter) edge(r *edgeRec) {
	w.edges = le.AppendUint32(w.edges, uint32(w.remap[r.from]))
	w.edges = le.AppendUint32(w.edges, uint32(w.remap[r.to]))
	w.edges = le.AppendUint32(w.edges, uint32(r.kinds))
	w.edges = le.AppendUint32(w.edges, uint32(len(w.mots)/motSize))
	w.edges = le.AppendUint32(w.edges, uint32(len(r.mot)))
	for _, m := range r.mot {
		w.shared(&w.mots, string(m.Signal))
		w.shared(&w.mots, m.Detail)
		w.mots = le.AppendUint64(w.mots, math.Float64bits(m.Score))
	}
}

// ref appends a string reference: where the string starts in the blob and
// its length. In the extras section both are uvarints; in records, u32s.
func ref(dst []byte, off uint64, n int) []byte {
	dst = le.AppendUint32(dst, uint32(off))
	return le.AppendUint32(dst, uint32(n))
}

func extraRef(dst []byte, off uint64, n int) []byte {
	dst = binary.AppendUvarint(dst, off)
	return binary.AppendUvarint(dst, uint64(n))
}

// appendRef writes a reference in the encoding of the section dst is.
func (w *snapWriter) appendRef(dst *[]byte, off uint64, n int) {
	if dst == &w.extras {
		*dst = extraRef(*dst, off, n)
	} else {
		*dst = ref(*dst, off, n)
	}
}

// fresh appends s to the blob, references it in dst and returns its offset.
func (w *snapWriter) fresh(dst *[]byte, s string) uint64 {
	off := w.blobLen
	w.appendRef(dst, off, len(s))
	if s != "" {
		w.pieces = append(w.pieces, s)
		w.blobLen += uint64(len(s))
	}
	return off
}

// shared references s, adding it to the blob only the first time: for the
// strings many nodes share (kinds, languages, packages, receivers). It
// returns the string's offset.
func (w *snapWriter) shared(dst *[]byte, s string) uint64 {
	if s == "" {
		w.appendRef(dst, 0, 0)
		return 0
	}
	if off, ok := w.seen[s]; ok {
		w.appendRef(dst, off, len(s))
		return off
	}
	off := w.fresh(dst, s)
	w.seen[s] = off
	return off
}

// sharedLast is shared for node field i, first trying the previous node's.
func (w *snapWriter) sharedLast(i int, s string) {
	l := &w.last[i]
	if s != "" && s == l.s {
		w.nodes = ref(w.nodes, l.off, len(s))
		return
	}
	off := w.shared(&w.nodes, s)
	if s != "" {
		l.s, l.off = s, off
	}
}
