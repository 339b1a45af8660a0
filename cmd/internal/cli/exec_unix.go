//go:build unix

package cli

import (
	"fmt"
	"os"
	"syscall"
)

// Exec replaces the running process with the program at path, run with
// argv (argv[0] its name) and the same environment: its stdin, stdout,
// signals and exit code are the client's own, as if the client had started
// it. It returns only when the replacement failed.
func Exec(path string, argv []string) error {
	if err := syscall.Exec(path, argv, os.Environ()); err != nil {
		return fmt.Errorf("exec %s: %w", path, err)
	}
	return nil
}

// CanExec says whether Exec replaces the running process here.
const CanExec = true
