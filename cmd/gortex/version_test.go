package main

import (
	"runtime"
	"strings"
	"testing"
)

func TestVersion(t *testing.T) {
	tests := []struct {
		name             string
		stamped, commit  string
		args             []string
		want, wantCommit string
	}{
		{"unstamped", "dev", "", []string{"version"}, "gortex dev\n", "commit  unknown"},
		{"flag", "dev", "", []string{"--version"}, "gortex dev\n", "commit  unknown"},
		{"stamped by make install", "v0.4.0-3-gabc1234-dirty", "abc1234ff", []string{"version"}, "gortex v0.4.0-3-gabc1234-dirty\n", "commit  abc1234ff (modified)"},
		{"clean tag", "v0.4.0", "abc1234ff", []string{"version"}, "gortex v0.4.0\n", "commit  abc1234ff\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			oldV, oldC := version, commit
			version, commit = tt.stamped, tt.commit
			defer func() { version, commit = oldV, oldC }()
			code, out, stderr := run(t, tt.args...)
			if code != exitOK || stderr != "" {
				t.Fatalf("exit %d, stderr %q", code, stderr)
			}
			if !strings.HasPrefix(out, tt.want) || !strings.Contains(out, tt.wantCommit) || !strings.Contains(out, runtime.Version()) {
				t.Errorf("got\n%s\nwant %q, %q and the Go version", out, tt.want, tt.wantCommit)
			}
		})
	}
}
