package fixturetest

import (
	"errors"
	"os/exec"
	"strings"
	"testing"
)

// Deps lists the packages that pkgs link, their own and the
// dependencies (go list -deps), run in dir; without go on PATH the test
// is skipped. Tests that hold a command or a package away from a
// dependency read it.
func Deps(t testing.TB, dir string, pkgs ...string) []string {
	t.Helper()
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go is not on PATH")
	}
	cmd := exec.Command(gobin, append([]string{"list", "-deps"}, pkgs...)...)
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		var stderr []byte
		if ee := (*exec.ExitError)(nil); errors.As(err, &ee) {
			stderr = ee.Stderr
		}
		t.Fatalf("go list -deps: %v\n%s", err, stderr)
	}
	return strings.Fields(string(out))
}
