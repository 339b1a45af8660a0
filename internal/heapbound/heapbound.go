// Package heapbound keeps the heap of a long, allocation-heavy run (a full
// index) near what it holds live, through the runtime's soft memory limit.
//
// GOGC alone lets the heap grow to twice what is live, and memory the
// collector frees stays resident until the scavenger returns it, slowly:
// indexing three copies of GOROOT/src peaked at 1.4 GB of RSS with 0.6 GB
// live and a heap of 1.0 GB. A soft limit (debug.SetMemoryLimit) makes the
// collector run earlier and the scavenger return freed memory at once as
// the heap nears it. A fixed limit would be wrong for every tree but one:
// below what is live, the collector runs without pause. So the limit
// follows the live heap: each Update sets it to a quarter more than the
// last collection found live, plus Slack.
package heapbound

import (
	"math"
	"runtime/debug"
	"runtime/metrics"
	"sync"
)

// Slack is the room above a quarter more than the live heap: small heaps
// are left to GOGC's pacing (twice live is below the limit up to 4/3 of
// Slack live). Measured on GOROOT/src (2 cores), against half again plus
// 96 MiB: peak RSS 623 -> 521-565 MB for 0.6-1.1 s more CPU (of 16); three
// copies 1,263 -> 1,007 MB for 8 s more (of 52). Raised from 64 MiB once
// the parse gave tree-sitter's freed C memory back after each batch
// (syntax.ReleaseMemory), medians of 3 interleaved runs on GOROOT/src:
// against 96 MiB, 16.5 -> 15.8 s of CPU for peak RSS 470 -> 494 MB (543 MB
// with 64 MiB before the release); 160 MiB took 15.5 s for 538 MB, half
// again plus 96 MiB 16.0 s for 569 MB.
const Slack = 128 << 20

var state struct {
	sync.Mutex
	n    int   // bounds in progress
	prev int64 // the limit the first found
}

// Start begins a bound; the caller must call the returned end when the run
// is over, which restores the limit the first of overlapping bounds found
// (GOMEMLIMIT, or none). It sets the first limit at once.
func Start() (end func()) {
	state.Lock()
	if state.n == 0 {
		state.prev = debug.SetMemoryLimit(-1)
	}
	state.n++
	state.Unlock()
	Update()
	return sync.OnceFunc(func() {
		state.Lock()
		defer state.Unlock()
		if state.n--; state.n == 0 {
			debug.SetMemoryLimit(state.prev)
		}
	})
}

// Update sets the limit from the live heap of the last collection, never
// above the limit found by Start. It is a no-op outside a bound. Call it
// between the steps of a run: a step whose live heap grows by more than a
// quarter and Slack keeps the collector busy until the next Update.
func Update() {
	state.Lock()
	defer state.Unlock()
	if state.n == 0 {
		return
	}
	debug.SetMemoryLimit(limitFor(liveHeap(), state.prev))
}

// limitFor is the limit for a live heap of live bytes under the limit prev.
func limitFor(live uint64, prev int64) int64 {
	lim := live + live/4 + Slack
	if lim > math.MaxInt64/2 || int64(lim) > prev {
		return prev
	}
	return int64(lim)
}

var liveSample = []metrics.Sample{{Name: "/gc/heap/live:bytes"}}

// liveHeap is the heap the last collection marked live; 0 before the first.
func liveHeap() uint64 {
	liveSample[0].Value = metrics.Value{}
	metrics.Read(liveSample)
	if liveSample[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return liveSample[0].Value.Uint64()
}
