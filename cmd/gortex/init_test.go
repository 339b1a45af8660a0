package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestWithBlock(t *testing.T) {
	block := managedBlock(placeholderExample)
	old := blockBegin + "\nan older block\n" + blockEnd + "\n"
	tests := []struct {
		name, text, want, err string
	}{
		{"empty", "", block, ""},
		{"appended after a blank line", "# Notes\n\nKeep this.\n", "# Notes\n\nKeep this.\n\n" + block, ""},
		{"no final newline", "Keep this.", "Keep this.\n\n" + block, ""},
		{"replaced in place, text around kept", "before\n\n" + old + "\nafter\n", "before\n\n" + block + "\nafter\n", ""},
		{"a begin marker with another note", "x\n<!-- gortex:begin -->\nold\n" + blockEnd + "\n", "x\n" + block, ""},
		{"unchanged", "x\n\n" + block, "x\n\n" + block, ""},
		{"no end marker", "x\n" + blockBegin + "\nhalf\n", "", "without " + blockEnd},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := withBlock(tt.text, block)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Errorf("error %v, want %q", err, tt.err)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Errorf("withBlock = %q, %v\nwant %q", got, err, tt.want)
			}
		})
	}
}

// TestInit: init writes the block into AGENTS.md and CLAUDE.md and the
// registrations asked for; run again it leaves every file byte-identical;
// the user's text and other MCP servers are kept.
func TestInit(t *testing.T) {
	dir := fixtureCopy(t)
	user := "# Agents\n\nRun make test before you push.\n"
	otherServer := `{"mcpServers": {"docs": {"command": "docs-server"}}, "note": "team file"}`
	for name, text := range map[string]string{"AGENTS.md": user, ".mcp.json": otherServer} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, out, stderr := run(t, "init", "--dir", dir, "--mcp", "claude,cursor", "--mcp", "codex", "--config")
	if code != exitOK {
		t.Fatalf("init: exit %d\n%s%s", code, out, stderr)
	}
	for _, want := range []string{"updated  AGENTS.md", "created  CLAUDE.md", "updated  .mcp.json", "created  .cursor/mcp.json", "created  .codex/config.toml", "created  .gortex/config.toml"} {
		if !strings.Contains(out, want) {
			t.Errorf("init output lacks %q:\n%s", want, out)
		}
	}
	files := []string{"AGENTS.md", "CLAUDE.md", ".mcp.json", ".cursor/mcp.json", ".codex/config.toml", ".gortex/config.toml"}
	first := map[string]string{}
	for _, f := range files {
		b, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		first[f] = string(b)
	}
	if a := first["AGENTS.md"]; !strings.HasPrefix(a, user) || !strings.Contains(a, "gortex why SYMBOL") || !strings.Contains(a, "store_memory") || !strings.HasSuffix(a, blockEnd+"\n") {
		t.Errorf("AGENTS.md:\n%s", a)
	}
	var reg struct {
		MCPServers map[string]struct {
			Command string   `json:"command"`
			Args    []string `json:"args"`
		} `json:"mcpServers"`
		Note string `json:"note"`
	}
	if err := json.Unmarshal([]byte(first[".mcp.json"]), &reg); err != nil || reg.MCPServers["docs"].Command != "docs-server" ||
		reg.MCPServers["gortex"].Command != "gortex" || strings.Join(reg.MCPServers["gortex"].Args, " ") != "mcp" || reg.Note != "team file" {
		t.Errorf(".mcp.json: %v\n%s", err, first[".mcp.json"])
	}
	if !strings.Contains(first[".cursor/mcp.json"], `"${workspaceFolder}"`) || !strings.Contains(first[".codex/config.toml"], "[mcp_servers.gortex]") {
		t.Errorf("cursor or codex registration:\n%s\n%s", first[".cursor/mcp.json"], first[".codex/config.toml"])
	}
	for _, l := range strings.Split(strings.TrimRight(first[".gortex/config.toml"], "\n"), "\n") {
		if l != "" && !strings.HasPrefix(l, "#") {
			t.Errorf("config line not commented out: %q", l)
		}
	}

	code, out, _ = run(t, "init", "--mcp", "all", "--config", "--dir", dir)
	if code != exitOK || strings.Count(out, "unchanged") != len(files) {
		t.Errorf("second init: exit %d\n%s", code, out)
	}
	for _, f := range files {
		if b, _ := os.ReadFile(filepath.Join(dir, f)); string(b) != first[f] {
			t.Errorf("the second init changed %s:\n%s", f, b)
		}
	}
}

func TestInitRefuses(t *testing.T) {
	tests := []struct {
		name, file, text string
		args             []string
		code             int
		want             string
	}{
		{"a begin marker without an end", "CLAUDE.md", "mine\n" + blockBegin + "\n", nil, exitError, "fix the file by hand"},
		{"a registration that is no JSON", ".mcp.json", "{not json", []string{"--mcp", "claude"}, exitError, "not JSON"},
		{"an unknown agent", "", "", []string{"--mcp", "cursr"}, exitUsage, `did you mean cursor?`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := fixtureCopy(t)
			if tt.file != "" {
				if err := os.WriteFile(filepath.Join(dir, tt.file), []byte(tt.text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			code, out, stderr := run(t, append([]string{"init", "--dir", dir}, tt.args...)...)
			if code != tt.code || !strings.Contains(stderr, tt.want) {
				t.Errorf("exit %d, want %d; stderr %q, want %q\n%s", code, tt.code, stderr, tt.want, out)
			}
			if tt.file != "" {
				if b, _ := os.ReadFile(filepath.Join(dir, tt.file)); string(b) != tt.text {
					t.Errorf("%s was changed:\n%s", tt.file, b)
				}
			}
		})
	}
}

// TestInitIncludesAgents: a CLAUDE.md that only includes AGENTS.md (as
// Claude Code reads "@AGENTS.md") gets no block of its own, and one an
// earlier init wrote there is removed: agents read the block once.
func TestInitIncludesAgents(t *testing.T) {
	dir := fixtureCopy(t)
	tests := []struct {
		name, claude, want string
	}{
		{"only the import", "@AGENTS.md\n", "@AGENTS.md\n"},
		{"the import and an earlier block", "@AGENTS.md\n\n" + managedBlock(placeholderExample), "@AGENTS.md\n"},
		{"the import among others", "@AGENTS.md\n@docs/style.md\n", "@AGENTS.md\n@docs/style.md\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			os.Remove(filepath.Join(dir, "AGENTS.md"))
			if err := os.WriteFile(filepath.Join(dir, "CLAUDE.md"), []byte(tt.claude), 0o644); err != nil {
				t.Fatal(err)
			}
			for range 2 {
				if code, out, stderr := run(t, "init", "--dir", dir); code != exitOK {
					t.Fatalf("init: exit %d\n%s%s", code, out, stderr)
				}
			}
			claude, _ := os.ReadFile(filepath.Join(dir, "CLAUDE.md"))
			agents, _ := os.ReadFile(filepath.Join(dir, "AGENTS.md"))
			if string(claude) != tt.want {
				t.Errorf("CLAUDE.md = %q, want %q", claude, tt.want)
			}
			if n := strings.Count(string(agents), beginMark); n != 1 {
				t.Errorf("AGENTS.md holds %d blocks:\n%s", n, agents)
			}
		})
	}
	// A CLAUDE.md with text of its own gets the block.
	if err := os.WriteFile(filepath.Join(dir, "CLAUDE.md"), []byte("@AGENTS.md\n\nAlways run make test.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	run(t, "init", "--dir", dir)
	if claude, _ := os.ReadFile(filepath.Join(dir, "CLAUDE.md")); !strings.Contains(string(claude), beginMark) {
		t.Errorf("CLAUDE.md with text of its own got no block:\n%s", claude)
	}
}

// TestExamplesAnswer: the examples init writes into AGENTS.md, and the
// tutorial prints, are the repository's own and answer: the symbol's why
// exits 0 with a design document first, the file's and the question's
// exit 0; no name of them is a placeholder.
func TestExamplesAnswer(t *testing.T) {
	dir := fixtureCopy(t)
	if code, out, stderr := run(t, "init", "--dir", dir); code != exitOK {
		t.Fatalf("init: exit %d\n%s%s", code, out, stderr)
	}
	agents, _ := os.ReadFile(filepath.Join(dir, "AGENTS.md"))
	_, tutorial, _ := run(t, "tutorial", "--dir", dir)
	for name, text := range map[string]string{"AGENTS.md": string(agents), "tutorial": tutorial} {
		t.Run(name, func(t *testing.T) {
			var queries []string
			for line := range strings.Lines(text) {
				if _, q, ok := strings.Cut(line, "gortex why "); ok {
					q, _, _ = strings.Cut(q, "  ")
					if words := shellWords(strings.TrimSpace(q)); len(words) == 1 {
						queries = append(queries, words[0])
					}
				}
			}
			if len(queries) < 3 {
				t.Fatalf("%s shows %d why examples:\n%s", name, len(queries), text)
			}
			for i, q := range queries[:3] {
				if q == placeholderExample.Symbol || q == placeholderExample.File || q == placeholderExample.Question {
					t.Errorf("%s shows the placeholder %q", name, q)
				}
				code, out, stderr := run(t, "why", "--dir", dir, "--json", q)
				if code != exitOK {
					t.Errorf("gortex why %q: exit %d: %s", q, code, stderr)
					continue
				}
				var a struct {
					Rationale []struct {
						AssetKind string `json:"asset_kind"`
					} `json:"rationale"`
				}
				if err := json.Unmarshal([]byte(out), &a); err != nil || len(a.Rationale) == 0 {
					t.Errorf("gortex why %q: %v, %d entries", q, err, len(a.Rationale))
					continue
				}
				if k := a.Rationale[0].AssetKind; i == 0 && !slices.Contains(designKinds, k) {
					t.Errorf("gortex why %q: the first entry is a %s, not a design document", q, k)
				}
			}
		})
	}
}

// TestTitleWords: a title, else a file or folder name, makes the
// example question when it leaves two words or more.
func TestTitleWords(t *testing.T) {
	tests := []struct{ title, want string }{
		{"ADR 0004: Keep money in integer cents", "why keep money in integer cents"},
		{"Summary", ""},
		{fileTitle("2023-11-03-inverted-index.md"), "why inverted index"},
		{fileTitle("1833-metrics-for-local-queue"), "why metrics for local queue"},
		{fileTitle("0007_use_a_ledger.rst"), "why use a ledger"},
		{fileTitle("README.md"), ""},
		{fileTitle("rfc.md"), ""},
		{fileTitle("."), ""},
	}
	for _, tt := range tests {
		if got := titleWords(tt.title); got != tt.want {
			t.Errorf("titleWords(%q) = %q, want %q", tt.title, got, tt.want)
		}
	}
}

func TestTitleNumber(t *testing.T) {
	tests := []struct{ in, want string }{
		{"ADR 0004: Keep money in integer cents", "Keep money in integer cents"},
		{"RFC: Capacity Buffer Support", "Capacity Buffer Support"},
		{"RFC 12 - Streaming", "Streaming"},
		{"0007. Use a ledger", "Use a ledger"},
		{"Design of the cart", "Design of the cart"},
		{"Specs for refunds", "Specs for refunds"},
	}
	for _, tt := range tests {
		if got := titleNumber().ReplaceAllString(tt.in, ""); got != tt.want {
			t.Errorf("%q without its number = %q, want %q", tt.in, got, tt.want)
		}
	}
}
