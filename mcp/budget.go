package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/gortex/gortex/internal/fit"
	"github.com/gortex/gortex/internal/textutil"
	"github.com/gortex/gortex/query"
)

// estimateTokens is the token estimate of max_tokens, the one every
// budget uses (textutil.EstimateTokens: bytes/4). Budgets are approximate.
func estimateTokens(s string) int { return textutil.EstimateTokens(s) }

// fitTo cuts texts (and drops items through drop, when not nil) so that v,
// rendered as z counts it, fits z with room left for the note it returns,
// which says what was cut ("" when nothing was).
func fitTo(z sizing, v any, texts []*string, drop func(n int)) (string, error) {
	res, err := fit.Texts(z.maxTokens-z.reserve(), texts, func() (string, error) { return z.render(v) }, drop)
	return res.Note(z.String()), err
}

// reserve is the room fitTo leaves for its note, in tokens.
func (z sizing) reserve() int {
	return estimateTokens(fit.Fitted{Cut: 999, Dropped: 999, Of: 999}.Note(z.String()))*z.copies() + 2
}

// minMaxTokens is the smallest budget worth asking for: a why answer's
// symbol, note and one short entry take about 150 tokens as JSON.
const minMaxTokens = 200

// defaultMaxTokens is the budget of an answer when the call gives no
// max_tokens, counted over the whole result as it is sent: the text and
// structuredContent together, since a client receives both (a client that
// declares StructuredOnly receives the one), under the 10,000 tokens of
// tool output a client warns about, with room for the JSON-RPC envelope.
// The text alone was budgeted at 8,000 before: on cluster-api, check of a
// file of 80 symbols sent 65,530 bytes, 16,382 tokens.
const defaultMaxTokens = 9500

// sizing is what a budget counts: the text of the answer in its format
// when the call gave max_tokens (what a model reads, one copy), else the
// whole result as sent (whole).
type sizing struct {
	maxTokens int
	whole     bool // the default budget: the whole result, text and structuredContent
	brief     bool // the client reads structuredContent alone (StructuredOnly)
	f         query.Format
}

// budgetArg checks a max_tokens argument of an answer written in f: 0
// means defaultMaxTokens over the whole result ctx's client receives; else
// at least minMaxTokens, over the text.
func budgetArg(ctx context.Context, n int, f query.Format) (sizing, error) {
	switch {
	case n == 0:
		brief, _ := ctx.Value(briefKey{}).(bool)
		return sizing{maxTokens: defaultMaxTokens, whole: true, brief: brief, f: f}, nil
	case n < minMaxTokens:
		return sizing{}, badArg("max_tokens", "%d is too small to hold an answer; give at least %d, or 0 for the default", n, minMaxTokens)
	}
	return sizing{maxTokens: n, f: f}, nil
}

// briefKey keys whether the client of a call declared StructuredOnly in
// the call's context (register puts it there).
type briefKey struct{}

// render is v as the budget counts it: its text, or the whole result.
func (z sizing) render(v any) (string, error) {
	out, _, err := z.measure(v, 0)
	return out, err
}

// measure is render, and the whole result it measured (nil when the
// budget counts the text alone): the result to send when v is sent as it
// was measured. A whole result whose sizeBound fits room tokens is not
// marshalled to be measured: out is then "", which fits room too.
func (z sizing) measure(v any, room int) (string, *mcpgo.CallToolResult, error) {
	if !z.whole {
		var b strings.Builder
		err := query.Encode(&b, v, z.f, wire)
		return b.String(), nil, err
	}
	res, err := result(v, z.f, z.brief)
	if err != nil {
		return "", nil, err
	}
	if sizeBound(res) <= room*textutil.BytesPerToken { // estimateTokens of it <= room
		return "", res, nil
	}
	b, err := json.Marshal(res)
	return string(b), res, err
}

// copies is how many times a note is sent: twice in the whole result
// (text and structuredContent) unless the client reads structuredContent
// alone.
func (z sizing) copies() int {
	if z.whole && !z.brief {
		return 2
	}
	return 1
}

// String names the budget in a note.
func (z sizing) String() string {
	if z.whole {
		return fmt.Sprintf("max_tokens=%d (the default, of text and structuredContent together)", z.maxTokens)
	}
	return fmt.Sprintf("max_tokens=%d", z.maxTokens)
}

// leftOut is the note of an answer cut to fit budget z: what was dropped
// and how to get it.
func leftOut(n int, what string, z sizing, how string) string {
	return fmt.Sprintf("%d more %s left out to fit %s, at %d bytes a token; %s",
		n, what, z, textutil.BytesPerToken, how)
}

// leftOutOf is the note of an answer whose lists were cut to fit budget
// z: what was dropped of each ("12 touched symbols") and how to get it.
func leftOutOf(what []string, z sizing, how string) string {
	return fmt.Sprintf("left out to fit %s, at %d bytes a token: %s; %s",
		z, textutil.BytesPerToken, strings.Join(what, ", "), how)
}

// joinNote adds s to a note.
func joinNote(note, s string) string { return strings.TrimPrefix(note+"; "+s, "; ") }

// keepFitting drops items from the end of *items until render's result
// fits maxTokens (at least one is kept), and returns how many it dropped
// (fit.Keep).
func keepFitting[T any](maxTokens int, items *[]T, render func() (string, error)) (int, error) {
	return fit.Keep(maxTokens, items, render)
}
