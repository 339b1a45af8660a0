package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os/exec"
	"slices"
	"strings"
	"syscall"
	"time"
)

// measured is what one child process cost.
type measured struct {
	wall time.Duration
	cpu  time.Duration // user + system
	rss  int64         // peak resident set size, bytes
}

// child is one run of a measured process: its cost, output and exit code.
type child struct {
	measured
	stdout, stderr string
	code           int
}

// runChild runs name with args to the end and measures it: wall time from
// start to exit (process start included), CPU time and peak RSS from the
// child's rusage. A non-zero exit is not an error; failing to start is.
func runChild(ctx context.Context, name string, args ...string) (child, error) {
	var out, errb bytes.Buffer
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Stdout, cmd.Stderr = &out, &errb
	start := time.Now()
	err := cmd.Run()
	c := child{measured: measured{wall: time.Since(start)}, stdout: out.String(), stderr: errb.String()}
	if ps := cmd.ProcessState; ps != nil {
		c.cpu = ps.UserTime() + ps.SystemTime()
		if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
			c.rss = ru.Maxrss * 1024 // KiB on Linux
		}
		c.code = ps.ExitCode()
	}
	if _, exited := err.(*exec.ExitError); err != nil && !exited {
		return c, fmt.Errorf("%s: %w", name, err)
	}
	return c, nil
}

// mustSucceed runs name and fails unless it exits 0.
func mustSucceed(ctx context.Context, name string, args ...string) (child, error) {
	c, err := runChild(ctx, name, args...)
	if err == nil && c.code != 0 {
		err = fmt.Errorf("%s %s: exit %d: %s", name, strings.Join(args, " "), c.code, lastLine(c.stderr))
	}
	return c, err
}

// lastLine is the last non-blank line of s, the usual place of an error.
func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}

// median returns the median of ms by wall time, with the CPU and RSS of
// the medians of their own (so each column is a median of its runs).
func median(ms []measured) measured {
	if len(ms) == 0 {
		return measured{}
	}
	walls, cpus, rss := make([]time.Duration, len(ms)), make([]time.Duration, len(ms)), make([]int64, len(ms))
	for i, m := range ms {
		walls[i], cpus[i], rss[i] = m.wall, m.cpu, m.rss
	}
	return measured{wall: medianOf(walls), cpu: medianOf(cpus), rss: medianOf(rss)}
}

// medianOf returns the middle value (the mean of the two middle ones for
// an even count).
func medianOf[T ~int64](xs []T) T {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	if n := len(s); n%2 == 0 {
		return (s[n/2-1] + s[n/2]) / 2
	}
	return s[len(s)/2]
}

// progressf writes one progress line to log.
func progressf(log io.Writer, format string, args ...any) {
	fmt.Fprintf(log, "gortex-bench: "+format+"\n", args...)
}
