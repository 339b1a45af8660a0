// Package cputime bounds work by the CPU time of the thread doing it, not
// by wall time: a busy machine stretches a task's wall time, not its CPU
// time, so a budget of CPU time gives the same outcome however loaded the
// machine is.
package cputime

import (
	"context"
	"errors"
	"sync/atomic"
	"time"
)

// ErrOverBudget is the cause of a context WithBudget cancelled.
var ErrOverBudget = errors.New("over the CPU budget")

// WithBudget returns ctx, cancelled with cause ErrOverBudget once the
// calling thread, which the caller has locked its goroutine to
// (runtime.LockOSThread), has run budget of CPU time; stop releases it. A
// thread's CPU time never runs ahead of the wall clock, so its clock is
// first read when budget of wall time has passed, and again when what is
// left of the budget could have run out: work within its budget costs a
// timer. Where the system has no thread clock, the budget is wall time.
func WithBudget(ctx context.Context, budget time.Duration) (context.Context, func()) {
	cctx, cancel := context.WithCancelCause(ctx)
	clock, ok := currentThreadClock()
	start := clock.used()
	var done atomic.Bool
	var t *time.Timer
	check := func() {
		if done.Load() {
			return
		}
		left := time.Duration(0)
		if ok {
			left = budget - (clock.used() - start)
		}
		if left <= 0 {
			cancel(ErrOverBudget)
			return
		}
		t.Reset(max(left, time.Millisecond))
	}
	t = time.AfterFunc(budget, check)
	return cctx, func() {
		done.Store(true)
		t.Stop()
		cancel(nil)
	}
}

// Supported reports whether this system has a thread CPU clock: without
// one, WithBudget counts wall time. The caller must have locked its
// goroutine to its thread.
func Supported() bool {
	_, ok := currentThreadClock()
	return ok
}
