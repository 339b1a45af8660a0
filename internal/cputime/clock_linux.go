package cputime

/*
#include <pthread.h>
#include <time.h>

// gx_thread_clock is the CPU-time clock of the calling thread.
static clockid_t gx_thread_clock(void) {
	clockid_t c;
	if (pthread_getcpuclockid(pthread_self(), &c) != 0) return -1;
	return c;
}

// gx_clock_ns reads clock c in nanoseconds, -1 when it cannot.
static long long gx_clock_ns(clockid_t c) {
	struct timespec ts;
	if (clock_gettime(c, &ts) != 0) return -1;
	return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}
*/
import "C"

import "time"

// threadClock is the CPU-time clock of one OS thread: it advances only
// while that thread runs, whatever else the machine does.
type threadClock struct{ id C.clockid_t }

// currentThreadClock returns the clock of the calling thread; the caller
// must have locked its goroutine to the thread (runtime.LockOSThread). ok
// is false when the system has no such clock.
func currentThreadClock() (threadClock, bool) {
	id := C.gx_thread_clock()
	return threadClock{id}, id != -1 && C.gx_clock_ns(id) >= 0
}

// used is the CPU time the thread has run, read from any thread.
func (c threadClock) used() time.Duration { return time.Duration(C.gx_clock_ns(c.id)) }
