package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestComplete runs gortex __complete as the shell scripts do: the words
// after "gortex", the last one the word under the cursor.
func TestComplete(t *testing.T) {
	dir := fixture(t)
	mem := memoryFixture(t)
	id := remember(t, mem, "--body", "Completion lists memory ids from the file names.")
	tests := []struct {
		name string
		args []string
		want []string // candidates (before any tab), in this order, at least
		not  []string // candidates that must not be offered
		none bool     // nothing at all: the shell completes files
	}{
		{"commands", []string{""}, []string{"index", "why", "search", "docs", "memory", "completion", "version", "help"}, []string{completeCommand}, false},
		{"commands by prefix", []string{"me"}, []string{"memory"}, []string{"mcp", "why"}, false},
		{"top-level flags", []string{"--v"}, []string{"--version"}, nil, false},
		{"help topics", []string{"help", "d"}, []string{"docs"}, nil, false},
		{"memory commands", []string{"memory", "s"}, []string{"show", "supersede"}, []string{"add"}, false},
		{"flags of why", []string{"why", "--j"}, []string{"--json"}, []string{"--toon"}, false},
		{"flags of a memory command", []string{"memory", "edit", "--imp"}, []string{"--importance"}, nil, false},
		{"values of --scope", []string{"why", "--scope", ""}, []string{"workspace", "global", "both"}, nil, false},
		{"values of search --scope", []string{"search", "--scope", "d"}, []string{"docs"}, []string{"workspace"}, false},
		{"values of --kind", []string{"remember", "--kind", "inv"}, []string{"invariant"}, nil, false},
		{"a flag without listed values", []string{"why", "--limit", ""}, nil, nil, true},
		{"symbol names", []string{"why", "--dir", dir, "Invoice.Fin"}, []string{"Invoice.Finalize"}, nil, false},
		{"symbol names after the query's flags", []string{"why", "--json", "--dir", dir, "billing.Iss"}, []string{"billing.IssueRefund"}, nil, false},
		{"no second query", []string{"why", "--dir", dir, "Invoice", "Inv"}, nil, nil, true},
		{"a path is left to the shell", []string{"why", "--dir", dir, "./bil"}, nil, nil, true},
		{"shells", []string{"completion", ""}, []string{"bash", "zsh", "fish"}, nil, false},
		{"memory ids", []string{"memory", "show", "--dir", mem, ""}, []string{id}, nil, false},
		{"nothing for remember", []string{"remember", "--dir", dir, ""}, nil, nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, stderr := run(t, append([]string{completeCommand}, tt.args...)...)
			if code != exitOK || stderr != "" {
				t.Fatalf("exit %d, stderr %q", code, stderr)
			}
			var got []string
			for _, l := range strings.Split(strings.TrimRight(out, "\n"), "\n") {
				if l != "" {
					name, _, _ := strings.Cut(l, "\t")
					got = append(got, name)
				}
			}
			if tt.none && len(got) > 0 {
				t.Errorf("got %q, want nothing", got)
			}
			last := -1
			for _, w := range tt.want {
				i := slices.Index(got, w)
				if i < 0 || i < last {
					t.Errorf("got %q, want %q among them in that order", got, tt.want)
					break
				}
				last = i
			}
			for _, n := range tt.not {
				if slices.Contains(got, n) {
					t.Errorf("got %q, must not offer %q", got, n)
				}
			}
		})
	}
}

// TestCompletionWritesNothing: completing never builds an index.
func TestCompletionWritesNothing(t *testing.T) {
	dir := fixtureCopy(t)
	run(t, completeCommand, "why", "--dir", dir, "Inv")
	if _, err := os.Stat(filepath.Join(dir, ".gortex")); !os.IsNotExist(err) {
		t.Errorf("completion wrote %s: %v", filepath.Join(dir, ".gortex"), err)
	}
}

// TestCompletionScripts compares each shell's script with
// testdata/completion/SHELL.golden (-update rewrites them); each calls
// gortex __complete.
func TestCompletionScripts(t *testing.T) {
	for _, sh := range shells {
		t.Run(sh, func(t *testing.T) {
			code, out, stderr := run(t, "completion", sh)
			if code != exitOK || stderr != "" || !strings.Contains(out, "gortex "+completeCommand) {
				t.Fatalf("exit %d stderr %q:\n%s", code, stderr, out)
			}
			golden(t, filepath.Join("testdata", "completion", sh+".golden"), out)
		})
	}
	if code, _, stderr := run(t, "completion", "bsh"); code != exitUsage || !strings.Contains(stderr, "did you mean bash?") {
		t.Errorf("unknown shell: exit %d, %s", code, stderr)
	}
}
