package indexer

import (
	"context"
	"log/slog"
	"time"

	"github.com/gortex/gortex/graph"
)

// Linker adds motivates edges to a built graph; rationale.Linker is one.
// It must first remove the edges it made before, since it runs again after
// every incremental update.
type Linker interface {
	Link(ctx context.Context, s *graph.Store) (map[graph.Signal]int, error)
}

// ContentIndexer keeps a full-text index of reasoning nodes in dir.
// textindex.Indexer is one. With create set, dir does not exist yet.
type ContentIndexer interface {
	UpdateContent(ctx context.Context, dir string, create bool, remove []graph.NodeID, add []*graph.Node) error
}

// HistoryIndexer keeps the searchable commit history in dir, taking over
// live (the live index's, when there is one); textindex.HistoryIndexer is
// one. HistoryStale reports whether live is not what UpdateHistory would
// write now: it misses commits, is of another format, or is there where
// there is no history to read; an update that finds it current takes it
// over as it lies (its frozen files hard-linked), without UpdateHistory.
type HistoryIndexer interface {
	UpdateHistory(ctx context.Context, live, dir string) (int, error)
	HistoryStale(ctx context.Context, live string) bool
}

// Modeler writes a model learned from a graph into an index directory;
// semantic.Modeler is one.
type Modeler interface {
	// WriteModel writes the model of s into dir. With same set, what the
	// model reads of the graph is what the live index directory's model
	// was learned from, and that model is taken over.
	WriteModel(ctx context.Context, s *graph.Store, dir, live string, same bool) error
	// Reads returns what the model reads of n ("" for nothing): an update
	// that leaves it the same for every node it touches keeps the model.
	Reads(n *graph.Node) string
}

// Options configure Build and Update. The zero value builds a graph with no
// motivates edges and no content index.
type Options struct {
	Linker      Linker
	Content     ContentIndexer
	History     HistoryIndexer                      // nil: no history index
	Logger      *slog.Logger                        // nil discards
	Progress    func(stage string, done, total int) // nil reports nothing
	MaxFileSize int64                               // 0 means the walker's default
	Workers     int                                 // 0 means GOMAXPROCS
	// PauseGC turns the garbage collector off while an Update loads the
	// index and parses a few changed files (graph.PauseGC): for
	// short-lived processes such as the CLI. The switch is process-wide,
	// so a long-running process (the MCP server) leaves it false.
	PauseGC bool
	Model   Modeler // nil: no model
}

// Stats describes one Build or Update.
type Stats struct {
	FilesByLang   map[string]int // indexed files by language ("" for other files)
	Symbols       int
	Sections      int
	Links         int
	LinksBySignal map[graph.Signal]int
	Skipped       map[string]int // by reason
	Broken        []Skip         // files that could not be read or parsed
	Changed       int            // files (re)parsed in this run
	Removed       int            // files gone since the last index
	Incremental   bool
	UpToDate      bool   // nothing changed; nothing was written
	Commits       int    // commits added to the history index
	Rebuilt       string // why an existing index was discarded, if it was
	Duration      time.Duration
}
