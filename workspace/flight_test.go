package workspace

import (
	"context"
	"sync/atomic"
	"testing"
	"time"
)

// TestFlightsEndWithTheServe: while a serve lasts, a check runs on when
// its caller gives up, stops when the serve ends, and the serve's wait
// returns only once it has.
func TestFlightsEndWithTheServe(t *testing.T) {
	var f flights
	serve, stop := context.WithCancel(context.Background())
	f.within(serve)
	started := make(chan struct{})
	var ended atomic.Bool
	caller, giveUp := context.WithCancel(context.Background())
	errc := make(chan error, 1)
	go func() {
		errc <- f.do(caller, func(ctx context.Context) error {
			close(started)
			<-ctx.Done()
			time.Sleep(20 * time.Millisecond) // what a build cut short still does
			ended.Store(true)
			return ctx.Err()
		})
	}()
	<-started
	giveUp()
	if err := <-errc; err != context.Canceled {
		t.Fatalf("do = %v for a caller that gave up, want context.Canceled", err)
	}
	if ended.Load() {
		t.Fatal("the check stopped when its caller gave up")
	}
	stop()
	f.wait()
	if !ended.Load() {
		t.Fatal("wait returned while the check still ran")
	}
	// After the serve, checks run under their callers' contexts again.
	if err := f.do(context.Background(), func(ctx context.Context) error { return ctx.Err() }); err != nil {
		t.Errorf("a check after the serve saw %v", err)
	}
}
