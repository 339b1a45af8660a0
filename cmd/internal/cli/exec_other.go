//go:build !unix

package cli

import "errors"

// Exec is not available where a process cannot replace itself; gortex
// runs the program as a child instead (Run).
func Exec(path string, argv []string) error {
	return errors.ErrUnsupported
}

// CanExec says whether Exec replaces the running process here.
const CanExec = false
