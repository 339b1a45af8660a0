package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// helpCommands are the commands whose help is golden-tested, as typed
// before --help.
var helpCommands = [][]string{
	{"index"},
	{"why"},
	{"mcp"},
	{"memory"},
	{"memory", "add"},
	{"memory", "list"},
	{"memory", "show"},
	{"memory", "edit"},
	{"memory", "supersede"},
	{"memory", "forget"},
	{"memory", "check"},
	{"memory", "review"},
	{"remember"},
	{"audit"},
	{"reflect"},
}

// TestHelpGolden compares every command's --help, and gortex help, with
// testdata/help/*.golden (go test ./cmd/gortex -update rewrites them).
// Help goes to stdout with exit status 0, and "gortex help COMMAND" prints
// what "gortex COMMAND --help" does.
func TestHelpGolden(t *testing.T) {
	// Flag defaults read from the environment must not reach the files.
	t.Setenv("USER", "")
	t.Setenv(tokenEnv, "")
	t.Run("gortex", func(t *testing.T) {
		code, out, stderr := run(t, "help")
		if code != exitOK || stderr != "" {
			t.Fatalf("gortex help: exit %d, stderr %q", code, stderr)
		}
		golden(t, filepath.Join("testdata", "help", "gortex.golden"), out)
	})
	for _, cmd := range helpCommands {
		name := strings.Join(cmd, "-")
		t.Run(name, func(t *testing.T) {
			code, out, stderr := run(t, append(cmd, "--help")...)
			if code != exitOK || stderr != "" {
				t.Fatalf("%s --help: exit %d, stderr %q", name, code, stderr)
			}
			golden(t, filepath.Join("testdata", "help", name+".golden"), out)
			if len(cmd) == 1 {
				if _, viaHelp, _ := run(t, "help", cmd[0]); viaHelp != out {
					t.Errorf("gortex help %s differs from gortex %s --help", cmd[0], cmd[0])
				}
			}
		})
	}
}
