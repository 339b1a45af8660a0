package cli

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// Find takes the gortex-mcp on $PATH when none is beside the executable
// (a test binary has none), and without one says how to install it.
func TestFind(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the test writes a shell script")
	}
	dir := t.TempDir()
	prog := filepath.Join(dir, Program)
	if err := os.WriteFile(prog, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir)
	if got, err := Find(); err != nil || got != prog {
		t.Errorf("Find with %s on $PATH: %q, %v", prog, got, err)
	}
	t.Setenv("PATH", t.TempDir())
	_, err := Find()
	if !errors.Is(err, ErrNoProgram) || !strings.Contains(err.Error(), "make install") || !strings.Contains(err.Error(), "go install") {
		t.Errorf("Find with none: %v", err)
	}
}

// Run hands the child the streams and returns its exit code.
func TestRun(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	tests := []struct {
		name, script string
		code         int
		out, errOut  string
	}{
		{"copies stdin", "cat", 0, "in\n", ""},
		{"exit code", "echo no >&2; exit 64", 64, "", "no\n"},
		{"name", `echo "$0"`, 0, "gortex-mcp\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			code, err := Run(context.Background(), sh, []string{"sh", "-c", tt.script, Program}, strings.NewReader("in\n"), &out, &errOut)
			if err != nil || code != tt.code || out.String() != tt.out || errOut.String() != tt.errOut {
				t.Errorf("exit %d (%v), stdout %q, stderr %q; want %d, %q, %q", code, err, out.String(), errOut.String(), tt.code, tt.out, tt.errOut)
			}
		})
	}
}

// A cancelled context interrupts the child, whose own exit code is
// returned.
func TestRunInterrupted(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	ctx, cancel := context.WithCancel(context.Background())
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	done := make(chan int, 1)
	go func() {
		code, _ := Run(ctx, sh, []string{"sh", "-c", `trap 'exit 0' INT; echo up; while :; do sleep 0.05; done`}, strings.NewReader(""), w, w)
		w.Close()
		done <- code
	}()
	line := make([]byte, 3)
	if _, err := io.ReadFull(r, line); err != nil || string(line) != "up\n" {
		t.Fatalf("child said %q (%v)", line, err)
	}
	cancel()
	if code := <-done; code != 0 {
		t.Errorf("interrupted child that exits 0: %d", code)
	}
}
