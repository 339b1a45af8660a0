package docs

import (
	"sort"
	"sync"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/workspace"
)

// Library is the browsable view of one workspace. Its tables are built
// from the workspace on first use, once; it never changes the workspace
// and is safe for concurrent use.
type Library struct {
	w *workspace.Workspace

	docsOnce sync.Once
	docs     map[string][]*graph.Node // document path → sections in line order
	paths    []string                 // sorted

	namesOnce sync.Once
	names     []codeName // every symbol name, split into words
}

// New returns the library of w.
func New(w *workspace.Workspace) *Library { return &Library{w: w} }

// Workspace is the workspace the library reads.
func (l *Library) Workspace() *workspace.Workspace { return l.w }

// sections returns the sections of the document at path in line order,
// and whether it is a document.
func (l *Library) sections(path string) ([]*graph.Node, bool) {
	l.buildDocs()
	secs, ok := l.docs[path]
	return secs, ok
}

// Paths returns the path of every document, sorted.
func (l *Library) Paths() []string {
	l.buildDocs()
	return l.paths
}

func (l *Library) buildDocs() {
	l.docsOnce.Do(func() {
		l.docs = map[string][]*graph.Node{}
		for n := range l.w.Store().Nodes() {
			if n.Kind == graph.KindDoc {
				l.docs[n.Path] = append(l.docs[n.Path], n)
			}
		}
		for p, secs := range l.docs {
			sort.Slice(secs, func(i, j int) bool { return secs[i].Line < secs[j].Line })
			l.paths = append(l.paths, p)
		}
		sort.Strings(l.paths)
	})
}
