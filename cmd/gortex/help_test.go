package main

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gortex/gortex/cmd/internal/cli"
)

// helpCommands are the commands whose help is golden-tested, as typed
// before --help.
var helpCommands = [][]string{
	{"init"},
	{"index"},
	{"why"},
	{"audit"},
	{"search"},
	{"docs"},
	{"mcp"},
	{"publish"},
	{"serve"},
	{"token"},
	{"lsp"},
	{"ui"},
	{"check"},
	{"covers"},
	{"specs"},
	{"memory"},
	{"memory", "add"},
	{"memory", "list"},
	{"memory", "show"},
	{"memory", "edit"},
	{"memory", "supersede"},
	{"memory", "forget"},
	{"memory", "check"},
	{"remember"},
	{"reflect"},
	{"memory", "review"},
	{"doctor"},
	{"tutorial"},
	{"completion"},
	{"version"},
}

// TestEveryCommandHasHelp: gortex help lists every command with one line,
// and each has a golden help text.
func TestEveryCommandHasHelp(t *testing.T) {
	_, out, _ := run(t, "help")
	for _, c := range commands {
		a, ok := about[c.name]
		if !ok || a[1] == "" {
			t.Errorf("command %s has no line in about", c.name)
		}
		if !strings.Contains(out, "\n  gortex "+c.name) {
			t.Errorf("gortex help does not list %s", c.name)
		}
		if !slices.ContainsFunc(helpCommands, func(cmd []string) bool { return cmd[0] == c.name }) {
			t.Errorf("command %s has no golden help (add it to helpCommands)", c.name)
		}
	}
}

// TestHelpGolden compares every command's --help, and gortex help, with
// testdata/help/*.golden (go test ./cmd/gortex -update rewrites them).
// Help goes to stdout with exit status 0, and "gortex help COMMAND" and
// "gortex COMMAND -h" print what "gortex COMMAND --help" does.
func TestHelpGolden(t *testing.T) {
	// Flag defaults read from the environment must not reach the files.
	t.Setenv("USER", "")
	t.Setenv(cli.TokenEnv, "")
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
			for line := range strings.Lines(out) {
				if f, ok := strings.CutPrefix(line, "  -"); ok && !strings.HasPrefix(f, "-") && len(strings.Trim(strings.Fields(f)[0], "v")) > 1 {
					t.Errorf("%s --help prints a flag with one dash: %q", name, line)
				}
			}
			if _, short, _ := run(t, append(cmd, "-h")...); short != out {
				t.Errorf("%s -h differs from %s --help", name, name)
			}
			if _, viaHelp, _ := run(t, append([]string{"help"}, cmd...)...); viaHelp != out {
				t.Errorf("gortex help %s differs from gortex %s --help", strings.Join(cmd, " "), strings.Join(cmd, " "))
			}
		})
	}
}

// TestUsageFiles: every file of usage/ is the help of a command of
// helpCommands (or the fields part the memory writers share), and no
// command's help keeps a {{KEY}} its code did not fill.
func TestUsageFiles(t *testing.T) {
	names := map[string]bool{"memory-fields": true}
	for _, cmd := range helpCommands {
		names[strings.Join(cmd, "-")] = true
		if _, out, _ := run(t, append(cmd, "--help")...); strings.Contains(out, "{{") {
			t.Errorf("%s --help keeps a placeholder: %q", strings.Join(cmd, " "), out)
		}
	}
	files, err := usageFiles.ReadDir("usage")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if name := strings.TrimSuffix(f.Name(), ".txt"); !names[name] {
			t.Errorf("usage/%s is no command's help", f.Name())
		}
	}
}
