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

// indexUnder runs gortex index with args in a child whose stderr is a
// pseudo-terminal (tty) or a pipe, and returns its stdout and stderr.
func indexUnder(t *testing.T, tty bool, args ...string) (stdout, stderr string) {
	t.Helper()
	return runUnder(t, tty, append([]string{"index"}, args...)...)
}

// runUnder runs gortex with args as indexUnder does.
func runUnder(t *testing.T, tty bool, args ...string) (stdout, stderr string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), asCLI+"=1", progressDelayEnv+"=1")
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
// stage, counts, rate, and the line cleared at the end) and nowhere else:
// not into a pipe or a CI log, not with --quiet, and never on stdout.
func TestIndexProgress(t *testing.T) {
	t.Run("terminal", func(t *testing.T) {
		stdout, tty := indexUnder(t, true, "--full", fixtureCopy(t))
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
		_, stderr := indexUnder(t, false, "--full", fixtureCopy(t))
		if strings.Contains(stderr, "parse") || strings.Contains(stderr, "\r") {
			t.Errorf("progress written into a pipe: %q", stderr)
		}
	})
	t.Run("quiet", func(t *testing.T) {
		stdout, tty := indexUnder(t, true, "--quiet", "--full", fixtureCopy(t))
		if strings.TrimSpace(tty) != "" || stdout != "" {
			t.Errorf("--quiet printed %q on the terminal and %q on stdout", tty, stdout)
		}
	})
}

// TestAuditProgress: gortex audit on a terminal shows the index it builds
// first and the symbols it judges, and nothing with --json or into a pipe.
func TestAuditProgress(t *testing.T) {
	t.Run("terminal", func(t *testing.T) {
		stdout, tty := runUnder(t, true, "audit", "--dir", fixtureCopy(t))
		for _, want := range []string{"parse", "audit", "symbols/"} {
			if !strings.Contains(tty, want) {
				t.Errorf("the terminal shows no %q: %q", want, tty)
			}
		}
		if strings.Contains(stdout, "\r") || strings.Contains(stdout, "symbols/") {
			t.Errorf("progress reached stdout: %q", stdout)
		}
	})
	for _, tt := range []struct {
		name string
		tty  bool
		args []string
	}{{"json", true, []string{"--json"}}, {"pipe", false, nil}} {
		t.Run(tt.name, func(t *testing.T) {
			_, stderr := runUnder(t, tt.tty, append([]string{"audit", "--dir", fixtureCopy(t)}, tt.args...)...)
			if strings.Contains(stderr, "symbols/") || strings.Contains(stderr, "files/") { // a terminal ends lines with \r\n: no bar's sign
				t.Errorf("progress shown: %q", stderr)
			}
		})
	}
}
