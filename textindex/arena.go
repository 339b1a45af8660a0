package textindex

import "sync"

// arena is the memory of one search's postings and sums, kept for the
// next search (arenas): a why searches once per answer, and making these
// slices anew each time was most of what it allocated, and so most of
// what made the collector run. Nothing a search returns points into it.
type arena struct {
	i32 []int32   // postings' document indexes, counts, ranks
	f64 []float64 // postings' sqrt(freq)·norm, sums, scores
	// A docTable's slices.
	dense []int32
	nums  []uint64
}

var arenas = sync.Pool{New: func() any { return new(arena) }}

// getArena returns an arena whose slices are empty.
func getArena() *arena {
	a := arenas.Get().(*arena)
	a.i32, a.f64, a.nums = a.i32[:0], a.f64[:0], a.nums[:0]
	return a
}

// put gives a back for another search.
func (a *arena) put() { arenas.Put(a) }

// ints returns an empty slice with room for n, carved from a; it is not
// zeroed past its length.
func (a *arena) ints(n int) []int32 { return carve(&a.i32, n) }

// floats is ints for float64s.
func (a *arena) floats(n int) []float64 { return carve(&a.f64, n) }

// carve returns an empty slice with room for n from the end of *buf,
// which it makes anew, larger, when it has no room left.
func carve[T any](buf *[]T, n int) []T {
	if len(*buf)+n > cap(*buf) {
		*buf = make([]T, 0, max(2*cap(*buf), n, 1<<12))
	}
	at := len(*buf)
	*buf = (*buf)[:at+n]
	return (*buf)[at : at : at+n]
}

// zeroInts returns n zeroed int32s carved from a.
func (a *arena) zeroInts(n int) []int32 {
	s := a.ints(n)[:n]
	clear(s)
	return s
}

// zeroFloats returns n zeroed float64s carved from a.
func (a *arena) zeroFloats(n int) []float64 {
	s := a.floats(n)[:n]
	clear(s)
	return s
}
