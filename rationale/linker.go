package rationale

import (
	"context"
	"log/slog"

	"github.com/gortex/gortex/graph"
)

// Linker creates the motivates edges of document sections. The zero value
// is ready to use.
type Linker struct {
	Logger *slog.Logger // nil discards
}

// Link recomputes every motivates edge that starts at a document section
// and returns how many it made, by signal. It removes the old edges first,
// so it may run after any change to the graph; memories and commits keep
// their own edges.
func (l *Linker) Link(ctx context.Context, s *graph.Store) (map[graph.Signal]int, error) {
	counts := make(map[graph.Signal]int)
	var sections []*graph.Node
	for n := range s.Nodes() {
		if n.Kind == graph.KindDoc {
			sections = append(sections, n)
		}
	}
	for i, sec := range sections {
		if i%256 == 0 {
			if err := ctx.Err(); err != nil {
				return counts, err
			}
		}
		for _, e := range s.Out(sec.ID, graph.EdgeMotivates) {
			s.RemoveEdge(e.From, e.To, graph.EdgeMotivates)
		}
		counts[graph.SignalNamed] += linkNamed(s, sec)
	}
	return counts, nil
}
