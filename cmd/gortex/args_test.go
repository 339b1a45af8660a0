package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"slices"
	"strings"
	"testing"
)

// TestParseFlags checks the one argument parser on a flag set of its own:
// flags anywhere, "--", help and unknown flags.
func TestParseFlags(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		pos    []string
		json   bool
		limit  int
		code   int
		done   bool
		stdout string // in stdout
		stderr string // in stderr
	}{
		{name: "flags before", args: []string{"--json", "--limit", "3", "Q"}, pos: []string{"Q"}, json: true, limit: 3},
		{name: "flags after", args: []string{"Q", "--json", "--limit=4"}, pos: []string{"Q"}, json: true, limit: 4},
		{name: "flags between", args: []string{"A", "--json", "B"}, pos: []string{"A", "B"}, json: true},
		{name: "double dash ends flags", args: []string{"--", "--json"}, pos: []string{"--json"}},
		{name: "double dash after a positional", args: []string{"A", "--limit", "2", "--", "-x", "--json"}, pos: []string{"A", "-x", "--json"}, limit: 2},
		{name: "single dash is positional", args: []string{"-", "--json"}, pos: []string{"-"}, json: true},
		{name: "help", args: []string{"Q", "--help"}, done: true, stdout: "Usage: gortex test"},
		{name: "short help", args: []string{"-h"}, done: true, stdout: "Usage: gortex test"},
		{name: "unknown flag, typo", args: []string{"Q", "--jsno"}, done: true, code: exitUsage, stderr: "unknown flag --jsno; did you mean --json?"},
		{name: "unknown flag, abbreviation", args: []string{"--lim", "3"}, done: true, code: exitUsage, stderr: "unknown flag --lim; did you mean --limit?"},
		{name: "unknown flag, nothing close", args: []string{"--frobnicate"}, done: true, code: exitUsage, stderr: "unknown flag --frobnicate\n"},
		{name: "bad value", args: []string{"--limit", "x"}, done: true, code: exitUsage, stderr: `invalid value "x" for flag -limit`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			var asJSON bool
			var limit int
			fs := flag.NewFlagSet("test", flag.ContinueOnError)
			fs.BoolVar(&asJSON, "json", false, "")
			fs.IntVar(&limit, "limit", 0, "")
			fs.Usage = func() { out.WriteString("Usage: gortex test\n") }
			pos, code, done := parseFlags(fs, env{stdout: &out, stderr: &errOut}, tt.args)
			if done != tt.done || code != tt.code {
				t.Fatalf("done %v code %d, want %v %d; stderr %q", done, code, tt.done, tt.code, errOut.String())
			}
			if !done && (!slices.Equal(pos, tt.pos) || asJSON != tt.json || limit != tt.limit) {
				t.Errorf("pos %q json %v limit %d, want %q %v %d", pos, asJSON, limit, tt.pos, tt.json, tt.limit)
			}
			if !strings.Contains(out.String(), tt.stdout) || !strings.Contains(errOut.String(), tt.stderr) {
				t.Errorf("stdout %q stderr %q, want %q and %q", out.String(), errOut.String(), tt.stdout, tt.stderr)
			}
		})
	}
}

// TestFlagsAfterArguments runs the real commands with their flags after
// the positional arguments.
func TestFlagsAfterArguments(t *testing.T) {
	dir := fixture(t)
	tests := []struct {
		name string
		args []string
		code int
		json bool   // stdout is one JSON value
		want string // in stdout, or in stdout and stderr when the code is not 0
	}{
		{"why", []string{"why", "billing.Invoice.Finalize", "--dir", dir, "--json"}, exitOK, true, `"qualified": "example.com/shop/billing.Invoice.Finalize"`},
		{"why with -- before a query", []string{"why", "--dir", dir, "--", "--json"}, exitUsage, false, "--json"},
		{"why unknown flag", []string{"why", "billing.Invoice", "--dir", dir, "--jsno"}, exitUsage, false, "did you mean --json?"},
		{"index", []string{"index", dir, "--quiet"}, exitOK, false, ""},
		{"mcp positional, then flags", []string{"mcp", "stray", "--dir", dir}, exitUsage, false, `unexpected argument "stray"`},
		{"mcp unknown flag", []string{"mcp", "--dir", dir, "--htp", ":0"}, exitUsage, false, "did you mean --http?"},
		{"memory list", []string{"memory", "list", "--dir", dir, "--json"}, exitOK, true, "["},
		{"memory show", []string{"memory", "show", "zzzzzz", "--dir", dir}, exitUnknown, false, "memory not found"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, stderr := run(t, tt.args...)
			got := out
			if code != exitOK {
				got = out + stderr
			}
			if code != tt.code || !strings.Contains(got, tt.want) {
				t.Fatalf("exit %d, want %d; want %q in\n%s%s", code, tt.code, tt.want, out, stderr)
			}
			if tt.json && !json.Valid([]byte(out)) {
				t.Errorf("stdout is no JSON: %s", out)
			}
			if tt.name == "index" && out != "" {
				t.Errorf("--quiet after DIR was ignored: %s", out)
			}
		})
	}
}

// TestUnexpectedArgument: every command that takes no argument refuses one
// with exit 64, naming it and saying where it belongs.
func TestUnexpectedArgument(t *testing.T) {
	dir := fixtureCopy(t)
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"doctor", "x"}, "gortex doctor: unexpected argument \"x\" (the repository is --dir)\n"},
		{[]string{"init", "x"}, "gortex init: unexpected argument \"x\" (the repository is --dir)\n"},
		{[]string{"lsp", "x"}, "gortex lsp: unexpected argument \"x\" (the repository is --dir)\n"},
		{[]string{"mcp", "x"}, "gortex mcp: unexpected argument \"x\" (the repository is --dir)\n"},
		{[]string{"ui", "x"}, "gortex ui: unexpected argument \"x\" (the repository is --dir)\n"},
		{[]string{"publish", "x"}, "gortex publish: unexpected argument \"x\" (the repository is --dir)\n"},
		{[]string{"serve", "x"}, "gortex serve: unexpected argument \"x\"\n"},
		{[]string{"remember", "x"}, "gortex remember: unexpected argument \"x\" (quote the body and pass it with --body)\n"},
		{[]string{"memory", "add", "x"}, "gortex memory add: unexpected argument \"x\" (quote the body and pass it with --body)\n"},
		{[]string{"memory", "review", "x"}, "gortex memory review: unexpected argument \"x\" (give the ID with --accept, --reject or --edit)\n"},
		{[]string{"reflect", "x"}, "gortex reflect: unexpected argument \"x\" (give the transcript with --transcript)\n"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			args := append([]string{}, tt.args...)
			if tt.args[0] != "publish" && tt.args[0] != "serve" {
				args = append(args, "--dir", dir)
			}
			code, out, stderr := run(t, args...)
			if code != exitUsage || out != "" || stderr != tt.want {
				t.Errorf("exit %d stdout %q stderr %q, want %q", code, out, stderr, tt.want)
			}
		})
	}
}
