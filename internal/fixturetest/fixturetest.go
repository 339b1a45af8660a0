// Package fixturetest gives tests their own copy of a fixture repository
// of the module (testdata/NAME at the module's root), so that indexing,
// remembering and editing never write into the checkout. It is imported
// by tests only.
package fixturetest

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// dir is the module's testdata directory, found from this file's place
// (internal/fixturetest), so that a test of any package finds it.
func dir(t testing.TB) string {
	t.Helper()
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		t.Fatal("fixturetest: no source path")
	}
	return filepath.Join(filepath.Dir(file), "..", "..", "testdata")
}

// Copy copies the fixture repository testdata/name into a new directory
// named name under t.TempDir() and returns that directory.
func Copy(t testing.TB, name string) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), name)
	if err := os.CopyFS(dst, os.DirFS(filepath.Join(dir(t), name))); err != nil {
		t.Fatal(err)
	}
	return dst
}

// Repo is Copy(t, "repo"): the fixture most tests use.
func Repo(t testing.TB) string {
	t.Helper()
	return Copy(t, "repo")
}

// Over copies testdata/src (a path under it, slash-separated) into dst,
// adding to what dst holds (a file it already has is an error): a fixture
// laid over another.
func Over(t testing.TB, src, dst string) {
	t.Helper()
	if err := os.CopyFS(dst, os.DirFS(filepath.Join(dir(t), filepath.FromSlash(src)))); err != nil {
		t.Fatal(err)
	}
}
