package syntax

import (
	"testing"
	"time"
)

// TestLangQueriesCompile compiles every language's tags query and logs how
// long it took: a query is compiled once per process, on the first file of
// its language, so a slow one delays that file (see queries/swift.scm).
func TestLangQueriesCompile(t *testing.T) {
	for _, l := range languages {
		start := time.Now()
		tq, err := l.compile()
		if err != nil {
			t.Errorf("%s: %v", l.Name, err)
			continue
		}
		t.Logf("%-10s %3d patterns in %v", l.Name, tq.q.PatternCount(), time.Since(start).Round(time.Millisecond))
		tq.q.Close()
	}
}
