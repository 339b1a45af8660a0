package graph

import (
	"bufio"
	"encoding/gob"
	"errors"
	"fmt"
	"io"
)

// FormatVersion is the snapshot format; Load refuses any other with
// ErrVersion. Bump it whenever Node, Motivation or the snapshot change shape.
const FormatVersion = 2

type snapshot struct {
	Version int
	Nodes   []Node
	Edges   []snapEdge
}

type snapEdge struct {
	From, To int32
	Kinds    EdgeKind
	Mot      []Motivation
}

// Save writes the store as a versioned snapshot. Removed nodes and edges are
// left out, so a saved store is also a compacted one.
func (s *Store) Save(w io.Writer) error {
	snap := snapshot{Version: FormatVersion}
	remap := make([]int32, len(s.nodes))
	for i := range s.nodes {
		remap[i] = -1
		if s.nodes[i].ID != "" {
			remap[i] = int32(len(snap.Nodes))
			snap.Nodes = append(snap.Nodes, s.nodes[i])
		}
	}
	for _, r := range s.edges {
		if r.kinds != 0 {
			snap.Edges = append(snap.Edges, snapEdge{remap[r.from], remap[r.to], r.kinds, r.mot})
		}
	}
	bw := bufio.NewWriterSize(w, 1<<20)
	if err := gob.NewEncoder(bw).Encode(&snap); err != nil {
		return fmt.Errorf("encode snapshot: %w", err)
	}
	return bw.Flush()
}

// Load reads a snapshot written by Save. It returns ErrVersion for a
// snapshot of another format version and ErrCorrupt for one it cannot decode.
func Load(r io.Reader) (*Store, error) {
	var snap snapshot
	if err := gob.NewDecoder(bufio.NewReaderSize(r, 1<<20)).Decode(&snap); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrCorrupt, err)
	}
	if snap.Version != FormatVersion {
		return nil, fmt.Errorf("%w: snapshot has %d, this gortex reads %d", ErrVersion, snap.Version, FormatVersion)
	}
	s := New()
	s.nodes = snap.Nodes
	s.out = make([][]int32, len(s.nodes))
	s.in = make([][]int32, len(s.nodes))
	for i := range s.nodes {
		id := s.nodes[i].ID
		if id == "" {
			return nil, fmt.Errorf("%w: node %d has no id", ErrCorrupt, i)
		}
		if _, dup := s.index[id]; dup {
			return nil, fmt.Errorf("%w: duplicate node %s", ErrCorrupt, id)
		}
		s.index[id] = int32(i)
		s.indexName(int32(i))
	}
	s.edges = make([]edgeRec, len(snap.Edges))
	n := int32(len(s.nodes))
	for j, e := range snap.Edges {
		if e.From < 0 || e.From >= n || e.To < 0 || e.To >= n || e.Kinds == 0 {
			return nil, fmt.Errorf("%w: edge %d is out of range", ErrCorrupt, j)
		}
		s.edges[j] = edgeRec{e.From, e.To, e.Kinds, e.Mot}
		s.out[e.From] = append(s.out[e.From], int32(j))
		s.in[e.To] = append(s.in[e.To], int32(j))
	}
	s.nEdges = len(s.edges)
	return s, nil
}

// IsStale reports whether err from Load means the snapshot should be rebuilt
// rather than reported as a failure.
func IsStale(err error) bool {
	return errors.Is(err, ErrVersion) || errors.Is(err, ErrCorrupt)
}
