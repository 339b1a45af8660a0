package pgtest

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
)

// TestSweep holds sweep to removing the clusters of processes that are
// gone, and only those.
func TestSweep(t *testing.T) {
	tmp := t.TempDir()
	gone := exec.Command("true")
	if err := gone.Run(); err != nil {
		t.Skip("no true command:", err)
	}
	cases := []struct {
		name, owner string // owner "": no owner file
		swept       bool
	}{
		{"killed", strconv.Itoa(gone.Process.Pid), true},
		{"running", strconv.Itoa(os.Getpid()), false},
		{"starting", "", false},
		{"garbage", "not a pid", false},
	}
	for _, c := range cases {
		dir := filepath.Join(tmp, clusterPrefix+c.name)
		if err := os.MkdirAll(filepath.Join(dir, "data"), 0o755); err != nil {
			t.Fatal(err)
		}
		if c.owner != "" {
			if err := os.WriteFile(filepath.Join(dir, ownerFile), []byte(c.owner), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	other := filepath.Join(tmp, "someone-else")
	if err := os.Mkdir(other, 0o755); err != nil {
		t.Fatal(err)
	}
	swept := sweep(tmp, "")
	for _, c := range cases {
		dir := filepath.Join(tmp, clusterPrefix+c.name)
		_, err := os.Stat(dir)
		if gone := os.IsNotExist(err); gone != c.swept || slices.Contains(swept, dir) != c.swept {
			t.Errorf("%s: removed %v, reported %v; want %v", c.name, gone, slices.Contains(swept, dir), c.swept)
		}
	}
	if _, err := os.Stat(other); err != nil {
		t.Errorf("a directory not a cluster's was touched: %v", err)
	}
}
