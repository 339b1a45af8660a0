package query

import (
	"time"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/history"
	"github.com/gortex/gortex/internal/textutil"
	"github.com/gortex/gortex/memory"
	"github.com/gortex/gortex/rationale"
)

// source is one piece of reasoning: a graph node for what every kind has
// (ID, name, path, line, text) and the typed facts of its kind. A document
// section's come from the graph, a memory's from its file, a commit's from
// git.
type source struct {
	*graph.Node
	commit *history.Commit // set for a commit
	memory *memory.Memory  // set for a memory
}

// linkSource is the source a reasoning link comes from: a memory, or a
// node of the graph.
func linkSource(l rationale.Link) *source { return &source{Node: l.Source, memory: l.Memory} }

// sectionSource wraps a node read from the graph.
func sectionSource(n *graph.Node) *source { return &source{Node: n} }

// commitSource turns c into a reasoning source: the subject as its name,
// the body's prose as its text (history.CleanBody: no trailer, pointer or
// separator line is ever an excerpt; the entry's refs are read from the
// whole message), the file it was read for as its path. Both are outside
// input and sanitised.
func commitSource(c history.Commit) *source {
	n := &graph.Node{ID: commitNodeID(c.Hash), Kind: graph.KindCommit, Name: cleanSubjects.Get(c.Subject, memory.SanitizeLine),
		Path: c.Path, Lang: "text", Text: cleanBodies.Get(c.Body, cleanBody)}
	return &source{Node: n, commit: &c}
}

// cleanSubjects and cleanBodies keep what commitSource makes of a
// message, up to 1 MiB of messages each: a long-running server reads the
// same commits with every why, and sanitising their messages (regular
// expressions) was a tenth of a warm MCP why on synapse.
var cleanSubjects, cleanBodies = textutil.NewCache[string](1 << 20), textutil.NewCache[string](1 << 20)

// cleanBody is a commit body's prose, sanitised.
func cleanBody(body string) string { return memory.Sanitize(history.CleanBody(body)) }

// commitNodeID is the ID a commit entry carries.
func commitNodeID(hash string) graph.NodeID { return graph.NodeID("commit:" + hash) }

// assetCommit is the asset kind of a commit. AssetKind.Weight gives it the
// default weight (0.8): a message says why a change was made, but briefly
// and at one moment.
const assetCommit rationale.AssetKind = "commit"

// asset is the kind of document the source is.
func (s *source) asset() rationale.AssetKind {
	switch {
	case s.commit != nil:
		return assetCommit
	case s.memory != nil:
		return rationale.AssetMemory
	}
	return rationale.KindOf(s.Node)
}

// updated is when the source last changed; zero when unknown.
func (s *source) updated() time.Time {
	switch {
	case s.commit != nil:
		return s.commit.Date
	case s.memory != nil:
		return s.memory.Updated
	}
	return s.Node.Updated
}

// supersededBy names what replaced the source; "" for none or unknown.
func (s *source) supersededBy() string {
	if s.memory != nil {
		return string(s.memory.SupersededBy)
	}
	return rationale.SupersededBy(s.Node)
}

// superseded reports whether something replaced the source.
func (s *source) superseded() bool {
	if s.memory != nil {
		return !s.memory.Live()
	}
	return rationale.StatusOf(s.Node) == "superseded" || s.supersededBy() != ""
}
