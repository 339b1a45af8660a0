package mcp

import (
	"context"
	"sync"
)

// flights runs a check on behalf of many callers. A caller must see the
// outcome of a check that started after it arrived (a file it just wrote
// must be seen), so a caller arriving while a check runs does not join it:
// it waits for the next one, which every caller arriving meanwhile shares.
// At most one check runs and one waits, however many calls come in.
type flights struct {
	mu      sync.Mutex
	running *flight
	queued  *flight
}

type flight struct {
	done chan struct{}
	err  error
}

// do returns the error of a run of check that started after do was called.
// check runs on its own goroutine with ctx stripped of its cancellation
// (one caller giving up must not fail the others); do returns early with
// ctx's error when ctx ends first.
func (f *flights) do(ctx context.Context, check func(context.Context) error) error {
	f.mu.Lock()
	fl := f.queued
	switch {
	case f.running == nil:
		fl = &flight{done: make(chan struct{})}
		f.running = fl
		go f.run(context.WithoutCancel(ctx), fl, check)
	case fl == nil:
		fl = &flight{done: make(chan struct{})}
		f.queued = fl
	}
	f.mu.Unlock()
	select {
	case <-fl.done:
		return fl.err
	case <-ctx.Done():
		return ctx.Err()
	}
}

// run runs fl, then the flight queued meanwhile, until none is queued.
func (f *flights) run(ctx context.Context, fl *flight, check func(context.Context) error) {
	for fl != nil {
		fl.err = check(ctx)
		close(fl.done)
		f.mu.Lock()
		fl = f.queued
		f.running, f.queued = fl, nil
		f.mu.Unlock()
	}
}
