package textindex

import (
	"encoding/binary"
	"slices"
	"testing"

	index "github.com/blevesearch/bleve_index_api"
)

// TestDocTable: every ID gets one index, whichever way it is kept
// (document numbers below and above denseNums, other IDs as strings), and
// the table gives the ID back and orders as the IDs' bytes.
func TestDocTable(t *testing.T) {
	num := func(n uint64) index.IndexInternalID { return binary.BigEndian.AppendUint64(nil, n) }
	ids := []index.IndexInternalID{num(5), num(denseNums + 7), num(0), index.IndexInternalID("doc:a.md#L1"), num(denseNums - 1), num(1 << 40), index.IndexInternalID("b")}
	var tab docTable
	got := make([]int32, len(ids))
	for i, id := range ids {
		got[i] = tab.index(id)
	}
	for i, id := range ids {
		if again := tab.index(id); again != got[i] {
			t.Errorf("ID %x: index %d, then %d", id, got[i], again)
		}
		if back := tab.id(got[i]); !back.Equals(id) {
			t.Errorf("index %d: ID %x, want %x", got[i], back, id)
		}
	}
	if tab.len() != len(ids) {
		t.Fatalf("len %d, want %d", tab.len(), len(ids))
	}
	byTable := slices.Clone(got)
	slices.SortFunc(byTable, tab.compare)
	byBytes := slices.Clone(got)
	slices.SortFunc(byBytes, func(a, b int32) int { return tab.id(a).Compare(tab.id(b)) })
	if !slices.Equal(byTable, byBytes) {
		t.Errorf("compare orders %v, the IDs' bytes %v", byTable, byBytes)
	}
}

// TestBest: the limit best items in order, ties kept in their order.
func TestBest(t *testing.T) {
	scores := []float64{3, 9, 1, 9, 4, 7, 2, 9}
	better := func(a, b int32) int {
		switch {
		case scores[a] > scores[b]:
			return -1
		case scores[a] < scores[b]:
			return 1
		}
		return int(a - b)
	}
	for _, tc := range []struct {
		limit int
		want  []int32
	}{{1, []int32{1}}, {3, []int32{1, 3, 7}}, {5, []int32{1, 3, 7, 5, 4}}, {20, []int32{1, 3, 7, 5, 4, 0, 6, 2}}} {
		if got := best(int32(len(scores)), tc.limit, better); !slices.Equal(got, tc.want) {
			t.Errorf("best(limit %d) = %v, want %v", tc.limit, got, tc.want)
		}
	}
}
