package main

import (
	"cmp"
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"time"

	"github.com/schollz/progressbar/v3"
)

// progress shows how far long work has come, on stderr. On a terminal it
// draws a bar with counts, rate and time left while a stage's total is
// known, a spinner with the time spent while it is not, and leaves no line
// behind. In a CI log it writes a line now and then (lineEvery) with the
// same facts. Anywhere else (a pipe, a file) it shows nothing: newProgress
// returns nil, and a nil *progress draws nothing.
type progress struct {
	w           io.Writer
	lines       bool      // a CI log: lines, not a bar
	stageStart  time.Time // when the stage began, for its rate (lines)
	wrote       bool      // a line was written (lines)
	mu          sync.Mutex
	start       time.Time // the first update
	stage       string
	bar         *progressbar.ProgressBar
	spin        chan struct{} // closed to stop the spinner of a stage of unknown size
	wg          sync.WaitGroup
	timer       *time.Timer // draws what was reported during the delay
	total, last int         // the last report during the delay
	closed      bool
	units       map[string]string // what a stage's bar counts; files when not set
}

// late draws, once the delay has passed, the stage reported during it.
func (p *progress) late() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.bar != nil || p.closed || p.stage == "" {
		return
	}
	p.switchTo(p.stage, p.total)
	if p.total >= 0 {
		p.bar.Set(p.last)
	}
}

// newProgress returns a progress on e's stderr when show is true (the
// user asked for no silence and output that is no JSON) and stderr is a
// terminal or a CI log (see env.progress), else nil.
func newProgress(e env, show bool) *progress {
	if !show || e.progress == progressNone {
		return nil
	}
	return &progress{w: e.rawStderr, lines: e.progress == progressLines}
}

// progressDelay is how long work runs before a bar appears: a run shorter
// than that shows none. lineEvery is how often a CI log gets a line after
// the first, which comes after lineDelay.
var (
	progressDelay = 750 * time.Millisecond
	lineDelay     = 2 * time.Second
	lineEvery     = 10 * time.Second
)

// update reports that stage has done of total items; total < 0 means the
// stage's size is unknown, and a spinner turns until the next stage.
func (p *progress) update(stage string, done, total int) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return
	}
	if p.lines {
		p.note(stage, done, total)
		return
	}
	if p.start.IsZero() {
		p.start = time.Now()
		p.timer = time.AfterFunc(progressDelay, p.late)
	}
	if time.Since(p.start) < progressDelay {
		p.stage, p.total, p.last = stage, total, done // drawn once the delay has passed
		return
	}
	if stage != p.stage || p.bar == nil {
		p.switchTo(stage, total)
	}
	if total < 0 {
		if done > 0 { // a stage of unknown size that counts: say how far
			p.bar.Describe(fmt.Sprintf("%s (%d)", stage, done))
		}
		return
	}
	if p.bar.GetMax() != total {
		p.bar.ChangeMax(total)
	}
	p.bar.Set(done)
}

// switchTo clears the bar of the stage before and draws stage's.
func (p *progress) switchTo(stage string, total int) {
	p.stopSpin()
	if p.bar != nil {
		p.bar.Clear()
	}
	p.stage, p.bar = stage, p.newBar(stage, total)
	if total >= 0 {
		return
	}
	quit, bar := make(chan struct{}), p.bar
	p.spin = quit
	p.wg.Go(func() {
		t := time.NewTicker(150 * time.Millisecond)
		defer t.Stop()
		for {
			bar.Add(1)
			select {
			case <-quit:
				return
			case <-t.C:
			}
		}
	})
}

func (p *progress) stopSpin() {
	if p.spin != nil {
		close(p.spin)
		p.spin = nil
		p.wg.Wait()
	}
}

func (p *progress) newBar(stage string, total int) *progressbar.ProgressBar {
	opts := []progressbar.Option{
		progressbar.OptionSetWriter(p.w),
		progressbar.OptionSetDescription(stage),
		progressbar.OptionThrottle(100 * time.Millisecond),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionUseANSICodes(true),
		progressbar.OptionSetElapsedTime(true),
	}
	if total < 0 {
		return progressbar.NewOptions(-1, append(opts, progressbar.OptionSpinnerType(14))...)
	}
	return progressbar.NewOptions(total, append(opts,
		progressbar.OptionSetWidth(30),
		progressbar.OptionShowCount(),
		progressbar.OptionShowIts(),
		progressbar.OptionSetItsString(cmp.Or(p.units[stage], "files")),
		progressbar.OptionSetPredictTime(true),
	)...)
}

// counting sets what stage's bar counts (files unless set); p is returned.
func (p *progress) counting(stage, unit string) *progress {
	if p != nil {
		if p.units == nil {
			p.units = map[string]string{}
		}
		p.units[stage] = unit
	}
	return p
}

// indexing reports an index build's stages to p: the parse with its
// counts, the steps around it (the walk, linking and writing, the first
// history pass) as spinners; nil for a nil p. A full build reads the
// history beside the parse: its counts are shown once the parse is done,
// not in turn with the parse's.
func (p *progress) indexing() func(stage string, done, total int) {
	if p == nil {
		return nil
	}
	var parsing atomic.Bool
	return func(stage string, done, total int) {
		if stage == "parse" {
			parsing.Store(done < total)
		} else if stage == "history" && parsing.Load() {
			return
		}
		p.update(stage, done, total)
		if stage == "parse" && done == total {
			p.update("link and write", 0, -1)
		}
	}
}

// done clears the bar's line.
func (p *progress) done() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.closed = true
	if p.timer != nil {
		p.timer.Stop()
	}
	p.stopSpin()
	if p.bar != nil {
		p.bar.Clear()
		p.bar = nil
	}
}

// note keeps what a CI log's next line says, and arms the timer of the
// first line at the first report.
func (p *progress) note(stage string, done, total int) {
	now := time.Now()
	first := p.start.IsZero()
	if first {
		p.start = now
	}
	next := stage != p.stage
	if next {
		p.stageStart = now
	}
	p.stage, p.total, p.last = stage, total, done
	switch {
	case first && lineDelay > 0:
		p.timer = time.AfterFunc(lineDelay, p.writeLine)
	case first || next && p.wrote: // a stage begins once lines are written: say so at once
		if p.timer != nil {
			p.timer.Stop()
		}
		p.emit()
	}
}

// writeLine writes the line of the stage in progress, and arms the next.
func (p *progress) writeLine() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.closed {
		p.emit()
	}
}

// emit is writeLine with p locked.
func (p *progress) emit() {
	p.wrote = true
	fmt.Fprintln(p.w, progressLine(p.stage, p.last, p.total, cmp.Or(p.units[p.stage], "files"), time.Since(p.stageStart)))
	p.timer = time.AfterFunc(lineEvery, p.writeLine)
}

// progressLine says how far a stage has come after spent: its count, of
// its total when known, with the rate and the time left.
func progressLine(stage string, done, total int, unit string, spent time.Duration) string {
	secs := spent.Round(time.Second)
	switch {
	case total < 0 && done > 0:
		return fmt.Sprintf("gortex: %s (%d), %s", stage, done, secs)
	case total < 0:
		return fmt.Sprintf("gortex: %s, %s", stage, secs)
	}
	line := fmt.Sprintf("gortex: %s: %d/%d %s (%d%%), %s", stage, done, total, unit, done*100/max(total, 1), secs)
	if rate := float64(done) / spent.Seconds(); done > 0 && spent >= time.Second {
		left := time.Duration(float64(total-done) / rate * float64(time.Second)).Round(time.Second)
		line += fmt.Sprintf(", %.0f %s/s, %s left", rate, unit, left)
	}
	return line
}
