//go:build linux

package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// openPTY opens a pseudo-terminal: the master end the test reads, the
// slave end the child writes to as its terminal.
func openPTY(t *testing.T) (master, slave *os.File) {
	t.Helper()
	m, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	if err := unix.IoctlSetPointerInt(int(m.Fd()), unix.TIOCSPTLCK, 0); err != nil {
		m.Close()
		t.Skipf("unlock the pseudo-terminal: %v", err)
	}
	n, err := unix.IoctlGetInt(int(m.Fd()), unix.TIOCGPTN)
	if err != nil {
		m.Close()
		t.Skipf("pseudo-terminal number: %v", err)
	}
	s, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		m.Close()
		t.Skipf("open the pseudo-terminal: %v", err)
	}
	unix.IoctlSetWinsize(int(s.Fd()), unix.TIOCSWINSZ, &unix.Winsize{Row: 24, Col: 120})
	return m, s
}

// stderrOf is what a child's stderr is.
type stderrOf int

const (
	onTerminal stderrOf = iota // a pseudo-terminal
	onPipe                     // a pipe, outside CI
	onCILog                    // a pipe with CI=true, as a CI job's log
)

// indexUnder runs gortex index with args in a child whose stderr is a
// pseudo-terminal, a pipe or a CI log, and returns its stdout and stderr.
func indexUnder(t *testing.T, on stderrOf, args ...string) (stdout, stderr string) {
	t.Helper()
	return runUnder(t, on, append([]string{"index"}, args...)...)
}

// runUnder runs gortex with args as indexUnder does.
func runUnder(t *testing.T, on stderrOf, args ...string) (stdout, stderr string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	ci := "CI="
	if on == onCILog {
		ci = "CI=true"
	}
	cmd.Env = append(os.Environ(), asCLI+"=1", progressDelayEnv+"=1", ci)
	tty := on == onTerminal
	var out, errPipe bytes.Buffer
	cmd.Stdout = &out
	var master *os.File
	if tty {
		m, s := openPTY(t)
		defer m.Close()
		master = m
		cmd.Stderr = s
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		s.Close()
	} else {
		cmd.Stderr = &errPipe
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
	}
	read := make(chan string, 1)
	if tty {
		go func() {
			var b bytes.Buffer
			io.Copy(&b, master) // ends with EIO once the child has closed the slave
			read <- b.String()
		}()
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("gortex %v: %v\nstdout: %s", args, err, out.String())
	}
	if !tty {
		return out.String(), errPipe.String()
	}
	select {
	case s := <-read:
		return out.String(), s
	case <-time.After(10 * time.Second):
		t.Fatal("the pseudo-terminal did not close")
	}
	return "", ""
}

// TestIndexProgress: gortex index draws its progress on a terminal (the
// stage, counts, rate, and the line cleared at the end), writes lines of
// it into a CI log, and shows nothing into a pipe, with --quiet, or on
// stdout.
func TestIndexProgress(t *testing.T) {
	t.Run("terminal", func(t *testing.T) {
		stdout, tty := indexUnder(t, onTerminal, "--full", fixtureCopy(t))
		for _, want := range []string{"parse", "files/", "/"} {
			if !strings.Contains(tty, want) {
				t.Errorf("the terminal shows no %q: %q", want, tty)
			}
		}
		if !strings.Contains(tty, "\r") {
			t.Errorf("the bar does not redraw its line: %q", tty)
		}
		if strings.Contains(stdout, "parse") || strings.Contains(stdout, "\r") {
			t.Errorf("progress reached stdout: %q", stdout)
		}
		if !strings.Contains(stdout, "symbols") {
			t.Errorf("no summary on stdout: %q", stdout)
		}
	})
	t.Run("pipe", func(t *testing.T) {
		_, stderr := indexUnder(t, onPipe, "--full", fixtureCopy(t))
		if strings.Contains(stderr, "parse") || strings.Contains(stderr, "\r") {
			t.Errorf("progress written into a pipe: %q", stderr)
		}
	})
	t.Run("ci log", func(t *testing.T) {
		stdout, stderr := indexUnder(t, onCILog, "--full", fixtureCopy(t))
		if !strings.Contains(stderr, "gortex: walk") || strings.Contains(stderr, "\r") || strings.Contains(stderr, "\x1b") {
			t.Errorf("a CI log gets no plain line of progress: %q", stderr)
		}
		for line := range strings.Lines(stderr) {
			if !strings.HasPrefix(line, "gortex: ") || !strings.HasSuffix(line, "\n") {
				t.Errorf("a progress line is no line of its own: %q", line)
			}
		}
		if strings.Contains(stdout, "gortex: walk") || !strings.Contains(stdout, "symbols") {
			t.Errorf("progress reached stdout, or the summary did not: %q", stdout)
		}
	})
	t.Run("quiet", func(t *testing.T) {
		stdout, tty := indexUnder(t, onTerminal, "--quiet", "--full", fixtureCopy(t))
		if strings.TrimSpace(tty) != "" || stdout != "" {
			t.Errorf("--quiet printed %q on the terminal and %q on stdout", tty, stdout)
		}
		if _, log := indexUnder(t, onCILog, "--quiet", "--full", fixtureCopy(t)); log != "" {
			t.Errorf("--quiet wrote %q into a CI log", log)
		}
	})
}

// TestAuditProgress: gortex audit on a terminal shows the index it builds
// first and the symbols it judges, and nothing with --json or into a pipe.
func TestAuditProgress(t *testing.T) {
	t.Run("terminal", func(t *testing.T) {
		stdout, tty := runUnder(t, onTerminal, "audit", "--dir", fixtureCopy(t))
		for _, want := range []string{"parse", "audit", "symbols/"} {
			if !strings.Contains(tty, want) {
				t.Errorf("the terminal shows no %q: %q", want, tty)
			}
		}
		if strings.Contains(stdout, "\r") || strings.Contains(stdout, "symbols/") {
			t.Errorf("progress reached stdout: %q", stdout)
		}
	})
	t.Run("ci log", func(t *testing.T) {
		_, stderr := runUnder(t, onCILog, "audit", "--dir", fixtureCopy(t))
		if !strings.Contains(stderr, "gortex: audit: ") || !strings.Contains(stderr, " symbols (") {
			t.Errorf("a CI log gets no line of the symbols judged: %q", stderr)
		}
	})
	for _, tt := range []struct {
		name string
		on   stderrOf
		args []string
	}{{"json", onTerminal, []string{"--json"}}, {"pipe", onPipe, nil}, {"json in a CI log", onCILog, []string{"--json"}}} {
		t.Run(tt.name, func(t *testing.T) {
			_, stderr := runUnder(t, tt.on, append([]string{"audit", "--dir", fixtureCopy(t)}, tt.args...)...)
			if strings.Contains(stderr, "symbols/") || strings.Contains(stderr, "files/") { // a terminal ends lines with \r\n: no bar's sign
				t.Errorf("progress shown: %q", stderr)
			}
		})
	}
}

// TestProgressLine: a CI log's line says the stage, its count (of its
// total, with the share), the time spent, and from a second on the rate
// and the time left.
func TestProgressLine(t *testing.T) {
	tests := []struct {
		stage       string
		done, total int
		spent       time.Duration
		want        string
	}{
		{"link and write", 0, -1, 12400 * time.Millisecond, "gortex: link and write, 12s"},
		{"history", 3000, -1, 5 * time.Second, "gortex: history (3000), 5s"},
		{"parse", 10, 400, 300 * time.Millisecond, "gortex: parse: 10/400 files (2%), 0s"},
		{"parse", 100, 400, 10 * time.Second, "gortex: parse: 100/400 files (25%), 10s, 10 files/s, 30s left"},
		{"parse", 400, 400, 20 * time.Second, "gortex: parse: 400/400 files (100%), 20s, 20 files/s, 0s left"},
		{"audit", 0, 0, 2 * time.Second, "gortex: audit: 0/0 symbols (0%), 2s"},
	}
	for _, tt := range tests {
		unit := "files"
		if tt.stage == "audit" {
			unit = "symbols"
		}
		if got := progressLine(tt.stage, tt.done, tt.total, unit, tt.spent); got != tt.want {
			t.Errorf("progressLine(%q, %d, %d, %v) = %q, want %q", tt.stage, tt.done, tt.total, tt.spent, got, tt.want)
		}
	}
}
