package lsp

import (
	"context"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

// TestMarkdownOfRepositoryText: text from the repository (a memory's
// title, a section) cannot become a link, an image, HTML or a terminal
// escape in a hover.
func TestMarkdownOfRepositoryText(t *testing.T) {
	tests := []struct {
		name, in string
		never    []string // what the output must not hold
	}{
		{name: "link", in: "[click](command:workbench.action.terminal.new)", never: []string{"[click](", "](command"}},
		{name: "image", in: "![x](https://example.com/p.png)", never: []string{"![x]("}},
		{name: "html", in: "<img src=x onerror=alert(1)>", never: []string{"<img"}},
		{name: "entity", in: "&#x202e;gnp.exe", never: []string{"&#x202e;"}},
		{name: "escape sequence", in: "title\x1b]0;pwned\x07", never: []string{"\x1b", "\x07"}},
		{name: "bidi override", in: "a\u202eb", never: []string{"\u202e"}},
		{name: "code span", in: "`x`", never: []string{"`x`"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := mdText(tt.in)
			for _, n := range tt.never {
				if strings.Contains(unescaped(got), n) {
					t.Errorf("mdText(%q) = %q holds %q", tt.in, got, n)
				}
			}
		})
	}
}

// unescaped is s without its backslash escapes and what they escape: the
// markup a Markdown renderer still sees in it.
func unescaped(s string) string {
	var b strings.Builder
	skip := false
	for _, r := range s {
		switch {
		case skip:
			skip = false
		case r == '\\':
			skip = true
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// TestOutsideTheRoot: a URI outside the served repository gets nothing,
// and gortex.open opens only the repository's files.
func TestOutsideTheRoot(t *testing.T) {
	se := start(t, fixture(t))
	outside := protocol.DocumentURI(fileURI("/etc/passwd"))
	h, err := se.server.Hover(context.Background(), &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: outside}, Position: protocol.Position{Line: 0, Character: 1}}})
	if err != nil || h != nil {
		t.Errorf("hover outside the root: %+v, %v", h, err)
	}
	for _, u := range []string{fileURI("/etc/passwd"), fileURI(se.root + "/../x.md"), "https://example.com/x"} {
		_, err := se.server.ExecuteCommand(context.Background(), &protocol.ExecuteCommandParams{Command: openCommand, Arguments: []any{u, 1}})
		if err == nil {
			t.Errorf("gortex.open %s: no error", u)
		}
	}
}
