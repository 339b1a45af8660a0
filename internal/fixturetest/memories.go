package fixturetest

import (
	"fmt"
	"time"

	"github.com/gortex/gortex/memory"
)

// Memories are n decision memories of ten sentences each, their words
// drawn in a fixed order from a small vocabulary (each word with a digit,
// so that a few hundred distinct terms come up), alternately of the
// workspace and global scope: what a repository that records its
// decisions holds, for benchmarks of searching them.
func Memories(n int) []*memory.Memory {
	words := []string{"refund", "ledger", "invoice", "retry", "budget", "approval", "cart", "total", "tax", "discount",
		"currency", "rounding", "cents", "idempotent", "payment", "gateway", "timeout", "queue", "worker", "lock",
		"snapshot", "cache", "index", "schema", "migration", "tenant", "quota", "limit", "audit", "trace"}
	at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	mems := make([]*memory.Memory, n)
	for i := range mems {
		word := func(k int) string { return words[(i*7+k*13)%len(words)] + fmt.Sprint((i+k)%11) }
		body := ""
		for s := range 10 {
			body += fmt.Sprintf("The %s keeps the %s of every %s, so a %s never sees a %s twice. ",
				word(s), word(s+1), word(s+2), word(s+3), word(s+4))
		}
		scope := memory.ScopeWorkspace
		if i%2 == 1 {
			scope = memory.ScopeGlobal
		}
		mems[i] = &memory.Memory{ID: memory.ID(fmt.Sprintf("20260101T%06dZ-bench%d", i, i%10)), Kind: memory.KindDecision,
			Title: fmt.Sprintf("Why the %s holds the %s", word(0), word(1)), Body: body, Importance: 3, Confidence: 1,
			Created: at, Updated: at, Scope: scope}
	}
	return mems
}
