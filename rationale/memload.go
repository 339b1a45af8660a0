package rationale

import (
	"context"
	"errors"
	"fmt"

	"github.com/gortex/gortex/graph"
)

// ErrScope is returned by OpenStores for a scope it does not know.
var ErrScope = errors.New("unknown scope")

// ScopeBoth selects the workspace and the global store together, where a
// reader takes a scope (why, memory list, the MCP tools).
const ScopeBoth = "both"

// OpenStores opens the stores scope names — "workspace", "global" or
// "both" — workspace first. root is the repository of the workspace store.
func OpenStores(root, scope string) ([]*MemoryStore, error) {
	var out []*MemoryStore
	if scope == string(ScopeWorkspace) || scope == ScopeBoth {
		out = append(out, OpenWorkspace(root))
	}
	if scope == string(ScopeGlobal) || scope == ScopeBoth {
		g, err := OpenGlobal()
		if err != nil {
			return nil, err
		}
		out = append(out, g)
	}
	if out == nil {
		return nil, fmt.Errorf("%w %q: one of workspace, global, both", ErrScope, scope)
	}
	return out, nil
}

// FindMemory looks ref up (see MemoryStore.Get) in each store in turn and
// returns the first store that holds it, with the memory.
func FindMemory(ctx context.Context, stores []*MemoryStore, ref string) (*MemoryStore, *Memory, error) {
	var errs []error
	for _, s := range stores {
		m, err := s.Get(ctx, ref)
		if err == nil {
			return s, m, nil
		}
		errs = append(errs, err)
	}
	return nil, nil, errors.Join(errs...)
}

// Loaded is what LoadMemories did.
type Loaded struct {
	Memories   []*Memory  // the memories projected, stale anchors marked
	Retargeted []Retarget // anchors followed to a renamed or moved symbol (files rewritten)
	Problems   []Problem  // files skipped as unreadable, retargets that could not be written
}

// LoadMemories projects the memories of stores that belong to root into s,
// which was loaded from root's index: it follows renamed anchors (rewriting
// the memory files), marks stale ones, and adds the rationale nodes and
// their edges (ProjectMemories). Unreadable files are skipped and reported
// in Problems. The CLI and the MCP server both load memories this way.
func LoadMemories(ctx context.Context, root string, s *graph.Store, stores []*MemoryStore) (Loaded, error) {
	var ld Loaded
	for _, st := range stores {
		mems, probs, err := st.List(ctx, Filter{Repo: root})
		if err != nil {
			return ld, err
		}
		ld.Problems = append(ld.Problems, probs...)
		rep, err := st.Reconcile(ctx, root, s, mems)
		if err != nil {
			return ld, err
		}
		ld.Retargeted = append(ld.Retargeted, rep.Retargeted...)
		ld.Problems = append(ld.Problems, rep.Problems...)
		ld.Memories = append(ld.Memories, mems...)
	}
	ProjectMemories(s, ld.Memories)
	return ld, nil
}
