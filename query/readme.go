package query

import (
	"path"
	"strings"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/rationale"
)

// readmeNames are the names a folder's README goes by, most common first.
var readmeNames = []string{"README.md", "README.rst", "README.adoc", "README.txt", "README", "readme.md", "Readme.md"}

// readmeScore is the score of a README's link to the symbols of its
// folder: it says what the folder is for, as a section naming the folder
// would (rationale's scorePathSuffix), without naming any symbol.
const readmeScore = 0.7

// readmeHits returns the sections of the README nearest to n: in the
// folder of n's file, else in the nearest folder above it. The
// repository's own README is about the whole project, not this folder, so
// the search stops below the root. Each hit is reached via the README's
// file, one step further per folder climbed; a section found by another
// signal too is the same section twice, and ranking keeps the better.
func readmeHits(s *graph.Store, n *graph.Node) []hit {
	if n.Path == "" {
		return nil
	}
	depth := 0
	for dir := path.Dir(n.Path); dir != "." && dir != "/" && dir != ""; dir, depth = path.Dir(dir), depth+1 {
		file, ok := readmeIn(s, dir)
		if !ok {
			continue
		}
		var hits []hit
		for _, e := range s.Out(file.ID, graph.EdgeContains) {
			sec, ok := s.Node(e.To)
			if !ok || sec.Kind != graph.KindDoc || strings.TrimSpace(sec.Text) == "" ||
				rationale.IsStubSection(sec) {
				continue
			}
			hits = append(hits, hit{source: sectionSource(sec), signal: graph.SignalPath, score: readmeScore,
				detail: dir, via: file, depth: depth})
		}
		return hits
	}
	return nil
}

// readmeIn returns the README file node of dir.
func readmeIn(s *graph.Store, dir string) (*graph.Node, bool) {
	for _, name := range readmeNames {
		if f, ok := s.Node(graph.FileID(dir + "/" + name)); ok && f.Kind == graph.KindFile {
			return f, true
		}
	}
	return nil, false
}
