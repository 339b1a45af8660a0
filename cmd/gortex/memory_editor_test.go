package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gortex/gortex/memory"
)

// editorScript writes a shell script that stands in for the user's
// editor: on its n-th run (counted in a file beside it) it runs the n-th
// of steps, each a shell command on the file in "$1" (a sed expression
// applied with "sed:", "fail" for an editor that exits 1, "" to quit
// without saving). It also appends each file it was shown to shown.log.
func editorScript(t *testing.T, steps ...string) (script, dir string) {
	t.Helper()
	dir = t.TempDir()
	var b strings.Builder
	b.WriteString("#!/bin/sh\nset -e\nd=" + shellQuote(dir) + "\n")
	b.WriteString("n=$(cat \"$d/count\" 2>/dev/null || echo 0); n=$((n+1)); echo $n > \"$d/count\"\n")
	b.WriteString("cat \"$1\" >> \"$d/shown.log\"; echo '=====' >> \"$d/shown.log\"\n")
	b.WriteString("case $n in\n")
	for i, s := range steps {
		cmd := ":"
		switch {
		case s == "fail":
			cmd = "exit 1"
		case strings.HasPrefix(s, "sed:"):
			cmd = "sed " + shellQuote(strings.TrimPrefix(s, "sed:")) + " \"$1\" > \"$1.new\" && mv \"$1.new\" \"$1\""
		}
		b.WriteString(strings.Repeat(" ", 2) + string(rune('1'+i)) + ") " + cmd + " ;;\n")
	}
	b.WriteString("esac\n")
	script = filepath.Join(dir, "editor.sh")
	if err := os.WriteFile(script, []byte(b.String()), 0o755); err != nil {
		t.Fatal(err)
	}
	return script, dir
}

func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// TestMemoryEditInEditor runs gortex memory edit ID without field flags
// against a scripted $EDITOR.
func TestMemoryEditInEditor(t *testing.T) {
	tests := []struct {
		name       string
		steps      []string
		visual     bool // the script is $VISUAL, and $EDITOR a failing command
		code       int
		stderr     string // in stderr
		importance int    // afterwards
		title      string // afterwards; "" for unchanged
		symbol     string // the written form of the first symbol anchor afterwards; "" for unchanged
		opened     int    // times the editor was opened
		errorShown string // in the file shown the second time
	}{
		{name: "quit without saving", steps: []string{""}, code: exitOK, stderr: "no change", importance: 3, opened: 1},
		{name: "a valid change", steps: []string{"sed:s/^importance: 3/importance: 4/; s/^title: .*/title: Totals round once/"},
			code: exitOK, importance: 4, title: "Totals round once", opened: 1},
		{name: "VISUAL before EDITOR", steps: []string{"sed:s/^importance: 3/importance: 5/"}, visual: true, code: exitOK, importance: 5, opened: 1},
		{name: "invalid, then fixed", steps: []string{"sed:s/^importance: 3/importance: 9/", "sed:s/^importance: 9/importance: 2/"},
			code: exitOK, importance: 2, opened: 2, errorShown: "# gortex:   invalid memory: importance 9 is out of range 1–5"},
		{name: "invalid, then quit", steps: []string{"sed:s/^importance: 3/importance: 9/", ""},
			code: exitError, stderr: "edit cancelled", importance: 3, opened: 2, errorShown: "importance 9"},
		{name: "an anchor that does not resolve, then fixed", steps: []string{"sed:s/written: cart.Cart.Checkout/written: cart.Nope/", "sed:s/written: cart.Nope/written: billing.Invoice.Finalize/"},
			code: exitOK, importance: 3, symbol: "billing.Invoice.Finalize", opened: 2, errorShown: `anchor "cart.Nope"`},
		{name: "the id may not change", steps: []string{"sed:s/^id: 2/id: 1/", ""}, code: exitError, importance: 3, opened: 2, errorShown: "cannot change"},
		{name: "the editor fails", steps: []string{"fail"}, code: exitError, stderr: "the editor", importance: 3, opened: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := memoryFixture(t)
			id := remember(t, dir, "--symbol", "cart.Cart.Checkout", "--title", "Totals are rounded once", "--body", "Rounding happens once, at the end.")
			file := filepath.Join(dir, ".gortex", "memories", id+".md")
			before, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			script, sdir := editorScript(t, tt.steps...)
			if tt.visual {
				t.Setenv("VISUAL", script)
				t.Setenv("EDITOR", "false")
			} else {
				t.Setenv("VISUAL", "")
				t.Setenv("EDITOR", script)
			}
			code, out, stderr := run(t, "memory", "edit", id, "--dir", dir)
			if code != tt.code || !strings.Contains(stderr, tt.stderr) {
				t.Fatalf("exit %d, want %d; stderr %q, want %q; stdout %s", code, tt.code, stderr, tt.stderr, out)
			}
			count, _ := os.ReadFile(filepath.Join(sdir, "count"))
			if got := strings.TrimSpace(string(count)); got != string(rune('0'+tt.opened)) {
				t.Errorf("the editor opened %s times, want %d", got, tt.opened)
			}
			shown, _ := os.ReadFile(filepath.Join(sdir, "shown.log"))
			rounds := strings.Split(string(shown), "=====\n")
			if !strings.HasPrefix(rounds[0], "# gortex: Edit memory "+id) || !strings.Contains(rounds[0], "\n---\nid: "+id+"\n") {
				t.Errorf("first file shown:\n%s", rounds[0])
			}
			if tt.errorShown != "" && (len(rounds) < 2 || !strings.Contains(rounds[1], tt.errorShown)) {
				t.Errorf("second file shown lacks %q:\n%s", tt.errorShown, shown)
			}
			after, _ := os.ReadFile(file)
			if tt.code != exitOK || tt.stderr == "no change" {
				if string(after) != string(before) {
					t.Errorf("the memory file changed:\n%s", after)
				}
				return
			}
			m, err := memory.Parse(after)
			if err != nil {
				t.Fatal(err)
			}
			if m.Importance != tt.importance || (tt.title != "" && m.Title != tt.title) || (tt.symbol != "" && m.Symbols[0].Written != tt.symbol) {
				t.Errorf("memory after the edit: importance %d title %q anchors %+v", m.Importance, m.Title, m.Symbols)
			}
			if tt.symbol != "" && (m.Symbols[0].ID != "billing/invoice.go::Invoice.Finalize" || m.Symbols[0].Fingerprint == "") {
				t.Errorf("the new anchor is not resolved: %+v", m.Symbols[0])
			}
		})
	}
}

// TestSupersedeInherits: a replacement takes the old memory's kind,
// importance, confidence, basis, tags and anchors unless a flag sets them.
func TestSupersedeInherits(t *testing.T) {
	tests := []struct {
		name    string
		flags   []string
		kind    string
		imp     int
		tags    []string
		symbols []string
		files   []string
	}{
		{"everything inherited", nil, "invariant", 4, []string{"money"}, []string{"billing.Invoice.Finalize"}, []string{"billing/invoice.go"}},
		{"kind and importance overridden", []string{"--kind", "decision", "--importance", "2"}, "decision", 2, []string{"money"}, []string{"billing.Invoice.Finalize"}, []string{"billing/invoice.go"}},
		{"symbol anchors replaced, file anchors kept", []string{"--symbol", "ledger.Record"}, "invariant", 4, []string{"money"}, []string{"ledger.Record"}, []string{"billing/invoice.go"}},
		{"file anchors replaced, symbol anchors kept", []string{"--file", "cart/cart.go", "--tag", "cart"}, "invariant", 4, []string{"cart"}, []string{"billing.Invoice.Finalize"}, []string{"cart/cart.go"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := memoryFixture(t)
			old := remember(t, dir, "--symbol", "billing.Invoice.Finalize", "--file", "billing/invoice.go", "--kind", "invariant",
				"--importance", "4", "--confidence", "0.8", "--basis", "incident", "--tag", "money",
				"--body", "Finalize books each line once; a second call would book twice.")
			args := append([]string{"memory", "supersede", old, "--dir", dir, "--json", "--body", "Finalize is idempotent: a second call books nothing."}, tt.flags...)
			code, out, stderr := run(t, args...)
			if code != exitOK {
				t.Fatalf("supersede: exit %d\n%s%s", code, out, stderr)
			}
			var res memory.Result
			if err := json.Unmarshal([]byte(out), &res); err != nil {
				t.Fatal(err, out)
			}
			_, out, _ = run(t, "memory", "show", string(res.ID), "--dir", dir, "--json")
			var m memory.Memory
			if err := json.Unmarshal([]byte(out), &m); err != nil {
				t.Fatal(err, out)
			}
			var symbols []string
			for _, a := range m.Symbols {
				symbols = append(symbols, a.Written)
				if a.ID == "" {
					t.Errorf("anchor %q has no ID", a.Written)
				}
			}
			if string(m.Kind) != tt.kind || m.Importance != tt.imp || m.Confidence != 0.8 || m.Basis != memory.BasisIncident ||
				strings.Join(m.Tags, ",") != strings.Join(tt.tags, ",") || strings.Join(symbols, ",") != strings.Join(tt.symbols, ",") ||
				strings.Join(m.Files, ",") != strings.Join(tt.files, ",") || m.Supersedes != memory.ID(old) {
				t.Errorf("replacement %+v", m)
			}
		})
	}
}
