package workspace

import (
	"context"
	"sync"
)

// flights runs a check on behalf of many callers. A caller must see the
// outcome of a check that started after it arrived (a file it just wrote
// must be seen), so a caller arriving while a check runs does not join it:
// it waits for the next one, which every caller arriving meanwhile shares.
// At most one check runs and one waits, however many calls come in.
//
// While a serve lasts (within), checks run under its context: a caller
// giving up does not stop one, the end of the serve does, and the serve
// waits for it (wait), so that no index build outlives the server.
type flights struct {
	mu      sync.Mutex
	running *flight
	queued  *flight
	base    context.Context // the serve's, while one lasts
	wg      sync.WaitGroup  // the goroutines running checks
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
		runCtx := f.base
		if runCtx == nil {
			runCtx = context.WithoutCancel(ctx)
		}
		f.wg.Go(func() { f.run(runCtx, fl, check) })
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

// within makes checks that start from now on run under ctx, a serve's.
func (f *flights) within(ctx context.Context) {
	f.mu.Lock()
	f.base = ctx
	f.mu.Unlock()
}

// wait waits for the checks running, once the serve's context is done,
// and lets later checks run under their callers' again.
func (f *flights) wait() {
	f.wg.Wait()
	f.mu.Lock()
	f.base = nil
	f.mu.Unlock()
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
