package llm

import (
	"context"
	"errors"
	"strings"
	"time"
)

// probeTimeout bounds Probe: a backend that answers at all answers a
// one-word prompt in seconds.
const probeTimeout = 30 * time.Second

// Probe checks that the chosen backend answers, with a one-line prompt
// that carries nothing of the repository: what gortex doctor asks. Agent
// mode has nothing to call and always passes.
func Probe(ctx context.Context, l *LLM) (Reply, error) {
	if l.Backend == nil {
		return Reply{}, nil
	}
	ctx, cancel := context.WithTimeout(ctx, probeTimeout)
	defer cancel()
	r, err := l.Backend.Complete(ctx, Prompt{System: "You check that a connection works.", User: "Reply with the single word OK."})
	if err == nil && strings.TrimSpace(r.Text) == "" {
		err = errors.New("the reply is empty")
	}
	return r, err
}
