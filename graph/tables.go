package graph

// The lookup tables of a snapshot (format 5) let a query read it where it
// lies, without decoding it whole (view.go): per node the positions of its
// edges, a hash table from ID to node and one from symbol name to name
// group, and the nodes of each kind. They follow the grouped node indexes:
//
//	outStart  n+1 u32: node i's out-edges are outList[outStart[i]:outStart[i+1]]
//	outList   m u32: edge indexes, by source, each node's in edge order
//	inStart   n+1 u32, inList m u32: the same by target
//	ids       idSlots u32: node index + 1 (0: empty), open addressing with
//	          linear probing from idHash(ID) mod idSlots (a power of two)
//	nameTab   nameSlots u32: name group index + 1, probed the same way
//	kinds     one 16-byte record per node kind: the kind as a string
//	          reference, the count of its nodes u32, where they start in
//	          kindList u32
//	kindList  n u32: the node indexes of each kind in node order, the kinds
//	          in order of their first node

// tableSlots is the size of a hash table for k keys: a power of two at
// least twice k, so that probes stay short (at most half the slots used).
func tableSlots(k int) int {
	n := 2
	for n < 2*k {
		n *= 2
	}
	return n
}

// idHash is FNV-1a over s: a hash every gortex computes alike, unlike
// the runtime's seeded one, since the tables are written to disk.
func idHash(s string) uint32 {
	h := uint32(2166136261)
	for i := 0; i < len(s); i++ {
		h ^= uint32(s[i])
		h *= 16777619
	}
	return h
}

// maxKinds is room for the kind records in the tables' first allocation:
// there are 14 node kinds.
const maxKinds = 16

// tablesLen is the length of the lookup tables the header describes.
func (h header) tablesLen() uint64 {
	n, m := uint64(h.nodes), uint64(h.edges)
	return 4*(2*(n+1)+2*m+uint64(h.idSlots)+uint64(h.nameSlots)+n) + 16*uint64(h.kindGroups)
}

// lookupTables builds the tables for the records written so far.
func (w *snapWriter) lookupTables() []byte {
	n, m := int(w.h.nodes), int(w.h.edges)
	w.h.idSlots = uint32(tableSlots(n))
	w.h.nameSlots = uint32(tableSlots(len(w.groupNames)))
	// Made at the tables' length (the kinds aside): grown by append, they
	// were copied over and over, the most of what Save allocated.
	b := make([]byte, 0, w.h.tablesLen()+16*maxKinds)
	from, to := make([]uint32, m), make([]uint32, m)
	for e := range m {
		from[e], to[e] = le.Uint32(w.edges[e*edgeSize:]), le.Uint32(w.edges[e*edgeSize+4:])
	}
	b = appendAdjacency(b, n, from)
	b = appendAdjacency(b, n, to)
	ids := make([]string, 0, n)
	for i := range int32(w.s.nodes.len()) {
		if w.remap[i] >= 0 {
			ids = append(ids, string(w.s.nodes.at(i).ID))
		}
	}
	b = appendHashTable(b, ids, int(w.h.idSlots))
	b = appendHashTable(b, w.groupNames, int(w.h.nameSlots))
	return w.kindTables(b)
}

// appendAdjacency appends the start offsets and the list of edges grouped
// by end (from or to), each group in edge order.
func appendAdjacency(b []byte, n int, end []uint32) []byte {
	start := make([]uint32, n+1)
	for _, i := range end {
		start[i+1]++
	}
	for i := range n {
		start[i+1] += start[i]
	}
	list := make([]uint32, len(end))
	at := append([]uint32(nil), start[:n]...)
	for e, i := range end {
		list[at[i]] = uint32(e)
		at[i]++
	}
	for _, v := range start {
		b = le.AppendUint32(b, v)
	}
	for _, v := range list {
		b = le.AppendUint32(b, v)
	}
	return b
}

// appendHashTable appends a table of slots entries placing keys[i] as i+1.
func appendHashTable(b []byte, keys []string, slots int) []byte {
	table := make([]uint32, slots)
	mask := uint32(slots - 1)
	for i, k := range keys {
		p := idHash(k) & mask
		for table[p] != 0 {
			p = (p + 1) & mask
		}
		table[p] = uint32(i + 1)
	}
	for _, v := range table {
		b = le.AppendUint32(b, v)
	}
	return b
}

// kindTables appends the kind records and the nodes of each kind.
func (w *snapWriter) kindTables(b []byte) []byte {
	var order []NodeKind
	byKind := map[NodeKind][]uint32{}
	for i := range int32(w.s.nodes.len()) {
		if r := w.remap[i]; r >= 0 {
			k := w.s.nodes.at(i).Kind
			if _, ok := byKind[k]; !ok {
				order = append(order, k)
			}
			byKind[k] = append(byKind[k], uint32(r))
		}
	}
	list := make([]byte, 0, 4*w.h.nodes)
	start := uint32(0)
	for _, k := range order {
		w.shared(&b, string(k))
		b = le.AppendUint32(b, uint32(len(byKind[k])))
		b = le.AppendUint32(b, start)
		start += uint32(len(byKind[k]))
		for _, i := range byKind[k] {
			list = le.AppendUint32(list, i)
		}
	}
	w.h.kindGroups = uint32(len(order))
	return append(b, list...)
}
