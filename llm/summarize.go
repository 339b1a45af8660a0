package llm

import (
	"context"
	"errors"
	"time"

	"github.com/gortex/gortex/query"
)

// Summarize sends p to llm's backend and puts the reply into a: Summary,
// Cited, Artifacts, Suggestions and Backend. It returns the reply for
// -vvv. On an *LLMError a is unchanged, and the graph's answer stands. On
// a malformed reply (ErrMalformed) the raw text becomes a.Summary, with no
// citations: the caller shows it with a warning.
func Summarize(ctx context.Context, llm *LLM, a *query.Answer, p Prompt) (Reply, error) {
	start := time.Now()
	r, err := llm.Backend.Complete(ctx, p)
	r.Elapsed = time.Since(start)
	if err != nil {
		var le *LLMError
		if !errors.As(err, &le) {
			err = transportError(llm.Name, err)
		}
		return r, err
	}
	a.Backend = llm.Name
	s, perr := ParseReply(r.Text, p.Included)
	if perr != nil {
		a.Summary = r.Text
		return r, perr
	}
	a.Summary, a.Cited, a.Artifacts, a.Suggestions = s.Answer, s.Cited, s.Artifacts, s.Suggestions
	return r, nil
}
