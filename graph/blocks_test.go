package graph

import "testing"

// TestBlocks holds the list to a slice across block boundaries, from empty
// and from a list made with elements, and checks that a pointer taken
// before the list grew still reads and writes the element.
func TestBlocks(t *testing.T) {
	for _, start := range []int{0, 1, blockSize - 1, blockSize, 2*blockSize + 5} {
		l := makeBlocks[int](start)
		want := make([]int, start)
		first := (*int)(nil)
		if start > 0 {
			first = l.at(0)
		}
		for v := range 3*blockSize + 7 {
			if i := l.add(v); int(i) != len(want) {
				t.Fatalf("start %d: add %d returned index %d, want %d", start, v, i, len(want))
			}
			want = append(want, v)
		}
		if l.len() != len(want) {
			t.Fatalf("start %d: len %d, want %d", start, l.len(), len(want))
		}
		for i, v := range want {
			if got := *l.at(int32(i)); got != v {
				t.Fatalf("start %d: element %d is %d, want %d", start, i, got, v)
			}
		}
		if first != nil {
			*first = -1
			if *l.at(0) != -1 {
				t.Fatalf("start %d: a pointer taken before the list grew no longer points into it", start)
			}
		}
	}
}
