package indexer

import "github.com/gortex/gortex/graph"

// LoadQuick is Load for a query, whose staleness check (CheckQuick) stats the
// directories of the index and its documents, not every file: a file
// added, removed or renamed changes its directory's time, and so does a
// file saved by writing a new one in its place (what git and most editors
// do); a document is statted whatever its editor does, because any answer
// may cite it once it names the asked symbol. A source file rewritten in
// place is not seen; a query checks the files its answer cites
// (workspace.Workspace.Changed). On GOROOT/src (10,428 files in 1,328
// directories) the check of every file was two thirds of gortex why's CPU
// once the graph was read where it lies, and it grew with the tree.
func LoadQuick(root string) (*Index, error) { return load(root, CheckQuick, graph.Open) }
