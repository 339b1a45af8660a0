//go:build unix

package fixturetest

import (
	"syscall"
	"time"
)

// CPUTime is the CPU time the process has used, user and system: a
// benchmark's cpu-ms/op, which a busy machine inflates less than its
// wall time.
func CPUTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
