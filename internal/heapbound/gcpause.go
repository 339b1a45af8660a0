package heapbound

import (
	"runtime/debug"
	"sync"
)

// gcPause counts the pauses in progress, so that overlapping ones (two
// goroutines loading snapshots) restore the collector only when the last
// ends, to the setting the first found.
var gcPause struct {
	sync.Mutex
	n, prev int
}

// PauseGC turns the garbage collector off until resume is called, for work
// that allocates a large store at once and then little: collecting halfway
// through only marks the half-built store again (loading GOROOT/src's
// snapshot, about 60 ms of CPU). Pauses may nest and overlap; the last to
// end restores the collector. Keep them short: nothing is freed while one
// lasts.
func PauseGC() (resume func()) {
	gcPause.Lock()
	if gcPause.n == 0 {
		gcPause.prev = debug.SetGCPercent(-1)
	}
	gcPause.n++
	gcPause.Unlock()
	var once sync.Once
	return func() {
		once.Do(func() {
			gcPause.Lock()
			if gcPause.n--; gcPause.n == 0 {
				debug.SetGCPercent(gcPause.prev)
			}
			gcPause.Unlock()
		})
	}
}
