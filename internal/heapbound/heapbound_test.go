package heapbound

import (
	"math"
	"runtime"
	"runtime/debug"
	"testing"
)

func TestLimitFor(t *testing.T) {
	tests := []struct {
		name string
		live uint64
		prev int64
		want int64
	}{
		{name: "nothing live", live: 0, prev: math.MaxInt64, want: Slack},
		{name: "a quarter more plus slack", live: 200 << 20, prev: math.MaxInt64, want: 250<<20 + Slack},
		{name: "a lower limit wins", live: 200 << 20, prev: 256 << 20, want: 256 << 20},
		{name: "huge live", live: math.MaxUint64 / 2, prev: math.MaxInt64, want: math.MaxInt64},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := limitFor(tt.live, tt.prev); got != tt.want {
				t.Errorf("limitFor(%d, %d) = %d, want %d", tt.live, tt.prev, got, tt.want)
			}
		})
	}
}

// TestStartRestores checks that overlapping bounds restore the limit the
// first found, only when the last ends, and that the bound follows the
// live heap.
func TestStartRestores(t *testing.T) {
	before := debug.SetMemoryLimit(-1)
	defer debug.SetMemoryLimit(before)
	debug.SetMemoryLimit(1 << 40)
	end1 := Start()
	end2 := Start()
	keep := make([]byte, 64<<20)
	runtime.GC()
	Update()
	lim := debug.SetMemoryLimit(-1)
	if live := liveHeap(); lim < int64(live) || lim >= 1<<40 {
		t.Errorf("limit %d with %d live", lim, live)
	}
	end1()
	end1() // a second call does nothing
	if got := debug.SetMemoryLimit(-1); got != lim {
		t.Errorf("limit %d once one of two bounds ended, want %d", got, lim)
	}
	end2()
	if got := debug.SetMemoryLimit(-1); got != 1<<40 {
		t.Errorf("limit %d after both ended, want %d", got, int64(1<<40))
	}
	Update() // outside a bound: no change
	if got := debug.SetMemoryLimit(-1); got != 1<<40 {
		t.Errorf("Update outside a bound set %d", got)
	}
	runtime.KeepAlive(keep)
}
