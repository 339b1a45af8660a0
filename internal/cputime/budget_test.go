package cputime

import (
	"context"
	"errors"
	"runtime"
	"testing"
	"time"
)

// TestCPUBudget: a budget counts the thread's work. Wall
// time the thread spends without the CPU (here asleep; on a busy machine,
// waiting for a core) does not spend it; running does.
func TestCPUBudget(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if _, ok := currentThreadClock(); !ok {
		t.Skip("no thread CPU clock here: the budget is wall time")
	}
	const budget = 50 * time.Millisecond
	ctx, stop := WithBudget(context.Background(), budget)
	defer stop()
	time.Sleep(4 * budget)
	if err := ctx.Err(); err != nil {
		t.Fatalf("cancelled after %v asleep, with no CPU time spent: %v", 4*budget, context.Cause(ctx))
	}
	x, deadline := 0, time.Now().Add(100*budget)
	for ctx.Err() == nil && time.Now().Before(deadline) {
		x++ // work
	}
	if cause := context.Cause(ctx); !errors.Is(cause, ErrOverBudget) {
		t.Fatalf("after %d steps of work the context ended with %v, want %v", x, cause, ErrOverBudget)
	}
}

// TestCPUBudgetStops: a parse that ends within its budget leaves nothing
// behind: its context is cancelled by stop, not by the budget.
func TestCPUBudgetStops(t *testing.T) {
	ctx, stop := WithBudget(context.Background(), time.Millisecond)
	stop()
	time.Sleep(5 * time.Millisecond)
	if cause := context.Cause(ctx); errors.Is(cause, ErrOverBudget) {
		t.Errorf("a stopped budget ended with %v", cause)
	}
}
