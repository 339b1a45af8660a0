package mcp

import (
	"strings"
	"testing"
)

// TestLongQueryRefused sends a why id and a search query far over
// query.MaxQueryLen: each is refused with a short error that names the
// cap and does not echo the text.
func TestLongQueryRefused(t *testing.T) {
	_, c := newServer(t)
	long := strings.Repeat("Invoice.", 50_000/8)
	for _, tt := range []struct {
		tool string
		args map[string]any
	}{
		{"why", map[string]any{"id": long}},
		{"search", map[string]any{"query": long}},
	} {
		t.Run(tt.tool, func(t *testing.T) {
			res := call(t, c, tt.tool, tt.args)
			out := text(res)
			if !res.IsError || !strings.Contains(out, "at most 4096") || len(out) > 1024 {
				t.Errorf("%s with a %d-byte argument: isError %v, %d bytes: %.200s", tt.tool, len(long), res.IsError, len(out), out)
			}
		})
	}
}
