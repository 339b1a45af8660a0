package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"time"
)

// Program is the executable that serves MCP: gortex hands gortex mcp and
// gortex serve over to it, as git runs its git-* programs.
const Program = "gortex-mcp"

// ErrNoProgram is the error of Find when Program is nowhere.
var ErrNoProgram = errors.New(Program + " is missing")

// Find returns the path of Program: the one beside the running executable
// (the two are built and installed together, so this is the one of the
// same build), else the first on $PATH. Its error says how to install it.
func Find() (string, error) {
	name := Program
	if runtime.GOOS == "windows" {
		name += ".exe"
	}
	exe, err := os.Executable()
	if err == nil {
		if p, err := filepath.EvalSymlinks(exe); err == nil {
			exe = p
		}
		beside := filepath.Join(filepath.Dir(exe), name)
		if fi, err := os.Stat(beside); err == nil && fi.Mode().IsRegular() && fi.Mode()&0o111 != 0 {
			return beside, nil
		}
	}
	if p, err := exec.LookPath(Program); err == nil {
		return p, nil
	}
	where := "on $PATH"
	if exe != "" {
		where = "beside " + exe + " or on $PATH"
	}
	return "", fmt.Errorf("%w: it serves MCP for gortex and is installed with it, but there is none %s; "+
		"install both with make install in a checkout, or go install github.com/gortex/gortex/cmd/gortex-mcp@VERSION (the version gortex version prints)", ErrNoProgram, where)
}

// Run runs the program at path with argv (argv[0] its name) as a child
// wired to stdin, stdout and stderr, and returns its exit code: how gortex
// hands over when it may not replace itself (a test's Main, Windows). When
// ctx ends the child gets an interrupt, as a terminal's Ctrl-C would send
// it, and is killed if it has not ended ten seconds later.
func Run(ctx context.Context, path string, argv []string, stdin io.Reader, stdout, stderr io.Writer) (int, error) {
	cmd := exec.CommandContext(ctx, path, argv[1:]...)
	cmd.Args = argv
	cmd.Stdin, cmd.Stdout, cmd.Stderr = stdin, stdout, stderr
	cmd.Cancel = func() error { return cmd.Process.Signal(os.Interrupt) }
	cmd.WaitDelay = 10 * time.Second
	err := cmd.Run()
	// An interrupted child that ended by itself has its own exit code,
	// though Run reports the cancelled context.
	if st := cmd.ProcessState; st != nil && st.ExitCode() >= 0 {
		return st.ExitCode(), nil
	}
	return 0, fmt.Errorf("run %s: %w", path, err)
}
