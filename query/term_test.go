package query

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func TestTermWriter(t *testing.T) {
	var b bytes.Buffer
	w := NewTermWriter(&b)
	c1 := "\u009b"
	for _, part := range []string{ansiBold + "title" + ansiReset, "\x1b]0;x\x07", "a" + c1[:1], c1[1:] + "2Jb", "é"[:1], "é"[1:] + "\n"} {
		if n, err := w.Write([]byte(part)); n != len(part) || err != nil {
			t.Fatalf("Write(%q) = %d, %v", part, n, err)
		}
	}
	if got, want := b.String(), ansiBold+"title"+ansiReset+"ab"+"é\n"; got != want {
		t.Errorf("wrote %q, want %q", got, want)
	}
}

// hostileText holds what a repository may use against a terminal.
const hostileText = "\x1b]0;PWNED\x07\x1b[2J\u009b2J\u202e"

// TestRenderHostileText renders an answer whose every repository string
// holds escape sequences: text output has none but gortex's own styles,
// JSON keeps every one of them, escaped.
func TestRenderHostileText(t *testing.T) {
	a := &Answer{Query: "q" + hostileText, Count: 1, Note: "note" + hostileText,
		Symbol: &SymbolRef{Qualified: "pkg.F" + hostileText, Kind: "function", Path: "f" + hostileText + ".go", Line: 1},
		Rationale: []Entry{{Kind: "content", Signal: "named", Path: "docs/a" + hostileText + ".md", Line: 3, Section: "S" + hostileText,
			AssetKind: "adr", Text: "body" + hostileText, Commit: strings.Repeat("a", 40), Author: "Eve" + hostileText,
			Date: "2024-01-01", Refs: Refs{"#1" + hostileText}, Via: "v" + hostileText, SupersededBy: "x" + hostileText}},
		Candidates: nil}
	for _, color := range []bool{false, true} {
		for _, summary := range []string{"", "An answer" + hostileText + " [1]"} {
			a.Summary, a.Suggestions = summary, []string{"gortex why X" + hostileText}
			var b strings.Builder
			if err := Render(&b, a, FormatText, RenderOptions{Color: color}); err != nil {
				t.Fatal(err)
			}
			out := b.String()
			for _, c := range ownSGR {
				out = strings.ReplaceAll(out, c, "")
			}
			if strings.ContainsAny(out, "\x1b\x07\u009b\u202e") || !strings.Contains(out, "docs/a.md") {
				t.Errorf("color=%v summary=%q: text output keeps escapes:\n%q", color, summary, out)
			}
		}
	}
	var b bytes.Buffer
	if err := Render(&b, a, FormatJSON, RenderOptions{}); err != nil {
		t.Fatal(err)
	}
	if bytes.ContainsAny(b.Bytes(), "\x1b\x07\u009b\u202e") || !bytes.Contains(b.Bytes(), []byte(`\u001b]0;PWNED\u0007\u001b[2J\u009b2J\u202e`)) {
		t.Errorf("JSON does not keep the escapes escaped:\n%s", b.String())
	}
	var back Answer
	if err := json.Unmarshal(b.Bytes(), &back); err != nil || back.Rationale[0].Text != "body"+hostileText {
		t.Errorf("JSON round trip lost the text: %q, %v", back.Rationale[0].Text, err)
	}
}

// TOON cannot carry most control characters: an answer holding them is
// still written, with each shown as its control picture (or U+FFFD), so
// that nothing reaches a terminal raw; the other text is kept.
func TestRenderHostileTOON(t *testing.T) {
	a := &Answer{Query: "q" + hostileText, Count: 1,
		Symbol:    &SymbolRef{Qualified: "pkg.F", Kind: "function", Path: "f.go", Line: 1},
		Rationale: []Entry{{Kind: "content", Signal: "named", Path: "docs/a.md", Line: 3, Text: "body" + hostileText + "\r\x7f", Refs: Refs{"#1\x07"}}}}
	var b strings.Builder
	if err := Render(&b, a, FormatTOON, RenderOptions{}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if unsafeForTerm(out) {
		t.Errorf("TOON keeps what a terminal acts on:\n%q", out)
	}
	for _, want := range []string{"body\u241b]0;PWNED\u2407\u241b[2J\ufffd2J\ufffd", `\r`, "\u2421", "#1\u2407", "docs/a.md"} {
		if !strings.Contains(out, want) {
			t.Errorf("TOON lacks %q:\n%s", want, out)
		}
	}
	if a.Rationale[0].Text != "body"+hostileText+"\r\x7f" {
		t.Errorf("the answer itself was changed: %q", a.Rationale[0].Text)
	}
}

func TestVisible(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain\n\ttext", "plain\n\ttext"},
		{"a\x1bb", "a\u241bb"},
		{"\x00\x07\x08", "\u2400\u2407\u2408"},
		{"cr\r", "cr\r"},
		{"del\x7f", "del\u2421"},
		{"c1\u0085", "c1\ufffd"},
		{"rlo\u202e", "rlo\ufffd"},
		{"Café 日本", "Café 日本"},
	}
	for _, tt := range tests {
		if got := visible(tt.in); got != tt.want {
			t.Errorf("visible(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
