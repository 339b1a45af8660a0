package lsp

import (
	"context"

	"github.com/gortex/gortex/workspace"
)

// Views gives the server the repository's state; the server never decides
// whether it is fresh. A long-running workspace.Session is one: it checks
// for changed files and memories, refreshes incrementally and hands out
// immutable views.
type Views interface {
	// Last returns the newest view without waiting; nil before the first.
	Last() *workspace.View
	// View returns a view no older than the call; it may take as long as
	// an index build.
	View(ctx context.Context) (*workspace.View, error)
}

// Opener returns the Views of the repository around dir, the workspace
// folder an editor opened. ctx is the serve's: it ends when the
// connection does, and whatever the Views run in the background (a file
// watcher) may live as long.
type Opener func(ctx context.Context, dir string) (Views, error)
