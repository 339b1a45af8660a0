//go:build !linux

package cputime

import "time"

// threadClock stands for a thread's CPU-time clock where the system has
// none that another thread may read: budgets fall back to wall time.
type threadClock struct{}

func currentThreadClock() (threadClock, bool) { return threadClock{}, false }

func (threadClock) used() time.Duration { return 0 }
