package mcp

import (
	"encoding/json"
	"math"
	"unicode/utf8"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
)

// sizeBound is at least the length of res as JSON (json.Marshal, as the
// budget measures it and the server sends it), for a result as result
// makes it: one text and the structured content as raw JSON. It is the
// length of res without the two, plus the longest each can become once
// escaped; math.MaxInt for a result of another shape. Marshalling the
// result to measure it (escaping the text, compacting the structured
// content) was a tenth of a warm why on contour, for answers most of
// which fit their budget by far.
func sizeBound(res *mcpgo.CallToolResult) int {
	if len(res.Content) != 1 || len(res.RawStructuredContent) == 0 {
		return math.MaxInt
	}
	tc, ok := res.Content[0].(mcpgo.TextContent)
	if !ok {
		return math.MaxInt
	}
	bare := *res
	tc.Text = ""
	bare.Content = []mcpgo.Content{tc}
	bare.RawStructuredContent = json.RawMessage("0")
	b, err := json.Marshal(bare)
	if err != nil {
		return math.MaxInt
	}
	return len(b) - len(`""`) - len("0") + quotedBound(res.Content[0].(mcpgo.TextContent).Text) + rawBound(res.RawStructuredContent)
}

// quotedBound is at least the length of s as a JSON string, quotes
// included, as encoding/json writes it: '"' and '\\' take two bytes; a
// control, '<', '>' and '&' six (\u003c); a byte of a multi-byte rune is
// counted as six, the most it can take (an invalid byte becomes \ufffd,
// U+2028 and U+2029 take six for their three bytes).
func quotedBound(s string) int {
	n := 2
	for i := range len(s) {
		switch c := s[i]; {
		case c >= utf8.RuneSelf, c < 0x20, c == '<', c == '>', c == '&':
			n += 6
		case c == '"', c == '\\':
			n += 2
		default:
			n++
		}
	}
	return n
}

// rawBound is at least the length of raw JSON as encoding/json writes a
// json.RawMessage: compacted (which only removes) with '<', '>' and '&'
// escaped (six bytes each) and U+2028 and U+2029 too (six for their
// three bytes: two for any byte of a multi-byte rune).
func rawBound(raw []byte) int {
	n := 0
	for _, c := range raw {
		switch {
		case c == '<', c == '>', c == '&':
			n += 6
		case c >= utf8.RuneSelf:
			n += 2
		default:
			n++
		}
	}
	return n
}
