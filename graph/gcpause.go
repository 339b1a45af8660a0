package graph

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

// pauseGC turns the garbage collector off until resume is called. Loading
// a snapshot allocates the whole store at once: collecting halfway only
// marks the half-built store again (on GOROOT/src, about 60 ms of CPU of a
// 500 ms update). Keep pauses short: nothing is freed while one lasts.
func pauseGC() (resume func()) {
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
