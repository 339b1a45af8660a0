package names

import (
	"cmp"
	"slices"
)

// sortStrings sorts s in byte order, as slices.Sort does, eight bytes at a
// time: the strings are sorted by a number made of their next eight bytes
// (held beside them, so that comparing reads no string), and each run that
// ties is sorted again from eight bytes further on. Comparing whole
// strings read both of them for every comparison, from their first byte:
// the qualified names of one package share their import path, and each
// comparison missed the cache twice. On GOROOT/src's 632k completion names
// (with their repeats) it took 183-192 ms of CPU where slices.Sort took
// 268-330 ms (BenchmarkSortNames, two runs each, load 20-40).
func sortStrings(s []string) {
	scratch := make([]keyed, len(s))
	sortFrom(s, 0, scratch)
}

// keyed is a string and the number its eight bytes from some depth make.
type keyed struct {
	key uint64
	s   string
}

// smallRun is the length at or below which a run is sorted by comparing
// its strings whole.
const smallRun = 24

// sortFrom sorts s, whose strings share their first depth bytes, using
// scratch (at least as long as s).
func sortFrom(s []string, depth int, scratch []keyed) {
	if len(s) <= smallRun {
		slices.Sort(s)
		return
	}
	ks := scratch[:len(s)]
	longer := false // some string goes on past these eight bytes
	for i, x := range s {
		ks[i] = keyed{key8(x, depth), x}
		longer = longer || len(x) > depth+8
	}
	slices.SortFunc(ks, func(a, b keyed) int { return cmp.Compare(a.key, b.key) })
	for i := range ks {
		s[i] = ks[i].s
	}
	for lo := 0; lo < len(s); {
		hi := lo + 1
		for hi < len(s) && ks[hi].key == ks[lo].key {
			hi++
		}
		if hi-lo > 1 {
			// Equal keys: equal bytes up to depth+8 but for a string that
			// ended in them, which the key pads with zeros. The run's keys
			// are read no more: its part of scratch is free.
			if longer {
				sortFrom(s[lo:hi], depth+8, ks[lo:hi])
			} else {
				slices.Sort(s[lo:hi])
			}
		}
		lo = hi
	}
}

// key8 returns the bytes of x from depth on, the first eight, as a big-endian
// number, zeros past x's end: a string whose key is below another's sorts
// before it.
func key8(x string, depth int) uint64 {
	var k uint64
	for i := depth; i < depth+8; i++ {
		k <<= 8
		if i < len(x) {
			k |= uint64(x[i])
		}
	}
	return k
}
