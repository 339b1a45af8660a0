package memory

import (
	"context"
	"errors"
	"fmt"

	"github.com/gortex/gortex/graph"
)

// ErrScope is returned by OpenStores for a scope it does not know.
var ErrScope = errors.New("unknown scope")

// OpenStores opens the stores scope names — "workspace", "global" or
// "both" — workspace first. root is the repository of the workspace store.
func OpenStores(root string, scope Scope) ([]*Store, error) {
	var out []*Store
	if scope == ScopeWorkspace || scope == ScopeBoth {
		out = append(out, OpenWorkspace(root))
	}
	if scope == ScopeGlobal || scope == ScopeBoth {
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

// Find looks ref up (see Store.Get) in each store in turn and
// returns the first store that holds it, with the memory.
func Find(ctx context.Context, stores []*Store, ref string) (*Store, *Memory, error) {
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

// Loaded is what Load read.
type Loaded struct {
	Memories []*Memory  // stale anchors marked, renamed or moved ones followed in memory
	Moved    []Retarget // anchors followed to a renamed or moved symbol; their files are unchanged
	Problems []Problem  // files skipped as unreadable
}

// Load reads the memories of stores that belong to root and reconciles
// their anchors against gs, which was loaded from root's index (see
// Reconcile). It writes nothing: a query leaves every memory file as it
// was. Recording the moves is for Sync (gortex index, gortex memory check).
// Unreadable files are skipped and reported in Problems.
func Load(ctx context.Context, root string, gs *graph.Store, stores []*Store) (Loaded, error) {
	var ld Loaded
	for _, st := range stores {
		mems, probs, err := st.List(ctx, Filter{Repo: root})
		if err != nil {
			return ld, err
		}
		ld.Problems = append(ld.Problems, probs...)
		rep, err := Reconcile(ctx, root, gs, mems)
		if err != nil {
			return ld, err
		}
		ld.Moved = append(ld.Moved, rep.Retargeted...)
		ld.Memories = append(ld.Memories, mems...)
	}
	return ld, nil
}

// Sync records in their files the anchors of stores' memories that
// followed a rename or move of their symbol, as Check does for one store,
// and returns the moves written and the files it could not write.
func Sync(ctx context.Context, root string, gs *graph.Store, stores []*Store) ([]Retarget, []Problem, error) {
	var moved []Retarget
	var probs []Problem
	for _, st := range stores {
		rep, err := st.Check(ctx, root, gs)
		if err != nil {
			return moved, probs, err
		}
		moved = append(moved, rep.Retargeted...)
		probs = append(probs, rep.Problems...)
	}
	return moved, probs, nil
}
