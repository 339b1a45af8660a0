package query

import (
	"context"
	"fmt"
	"path"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/memory"
)

// A name that no longer resolves is when the reasoning about it matters
// most: the symbol was deleted or renamed, and a memory or a document still
// says why it was there. Why answers such a query with the memories whose
// anchors named it (memory.Reconcile marked them stale) and the sections
// that still name it, each marked stale.

// staleSections bounds the sections of a stale answer: they only name the
// name, as lexical entries only resemble a symbol (lexicalEntries).
const staleSections = lexicalEntries

// staleEntries returns the reasoning that names q although q resolves to
// nothing: memories first, ranked as why ranks them, then sections.
func staleEntries(ctx context.Context, s *graph.Store, q Query, opts Options, limit int) ([]Entry, error) {
	var hits []hit
	anchors := map[graph.NodeID]memory.SymbolAnchor{}
	for _, m := range opts.Memories.All() {
		for _, a := range m.Symbols {
			if !a.Stale || !anchorNames(a, q) {
				continue
			}
			n, ok := opts.Memories.Node(m.ID)
			if !ok {
				break
			}
			anchors[n.ID] = a
			hits = append(hits, hit{source: &source{Node: n, memory: m}, signal: graph.SignalMemory,
				score: memory.Score(m.Pinned, m.Importance, m.Confidence), detail: a.Written})
			break
		}
	}
	now := opts.Now
	if now.IsZero() {
		now = time.Now()
	}
	var out []Entry
	for _, r := range rankHits(hits, limit, now) {
		e := entryOf(r, nil)
		a := anchors[r.source.ID]
		e.Stale, e.Anchor, e.AnchorFile = true, a.Written, anchorFile(a.ID)
		out = append(out, e)
	}
	secs, err := namingSections(ctx, s, opts.Searcher, q, min(staleSections, limit-len(out)), now)
	return append(out, secs...), err
}

// anchorNames reports whether anchor a named what q asks for: the same
// stable ID, or a name q is a suffix of (as Resolve matches names) in the
// anchor as written, its ID's name, or that name qualified by its file's
// directory; or q is a longer form of the last.
func anchorNames(a memory.SymbolAnchor, q Query) bool {
	if q.ID != "" {
		return string(a.ID) == q.ID
	}
	suffix := q.Suffix()
	_, name, _ := strings.Cut(string(a.ID), "::")
	inDir := name
	if dir := path.Base(path.Dir(anchorFile(a.ID))); dir != "." && dir != "/" {
		inDir = dir + "." + name
	}
	names := []string{name, inDir}
	if w, err := Parse(a.Written); err == nil && w.ID == "" {
		names = append(names, w.Suffix())
	}
	for _, n := range names {
		if n != "" && matchesSuffix(n, suffix) {
			return true
		}
	}
	return inDir != "" && matchesSuffix(suffix, inDir)
}

// anchorFile is the file a stable ID names: the path before "::".
func anchorFile(id graph.NodeID) string {
	file, _, _ := strings.Cut(string(id), "::")
	return file
}

// namingSections returns up to n sections whose text names q's suffix as a
// whole word, found with sr; none without a searcher.
func namingSections(ctx context.Context, s *graph.Store, sr Searcher, q Query, n int, now time.Time) ([]Entry, error) {
	if sr == nil || q.ID != "" || n <= 0 {
		return nil, nil
	}
	name := strings.Join(q.Names, ".")
	found, err := sr.Search(ctx, q.Last(), lexicalPool)
	if err != nil {
		return nil, err
	}
	var out []Entry
	for _, h := range found {
		sec, ok := s.Node(h.ID)
		if !ok || sec.Kind != graph.KindDoc || !namesWord(sec.Text, name) {
			continue
		}
		e := entryOf(rankOne(hit{source: sectionSource(sec), signal: graph.SignalNamed, score: h.Score, detail: name}, now), nil)
		e.Stale, e.Anchor = true, name
		if out = append(out, e); len(out) == n {
			break
		}
	}
	return out, nil
}

// namesWord reports whether text holds name with no identifier character
// on either side.
func namesWord(text, name string) bool {
	for i := 0; ; {
		k := strings.Index(text[i:], name)
		if k < 0 {
			return false
		}
		start, end := i+k, i+k+len(name)
		before, _ := utf8.DecodeLastRuneInString(text[:start])
		after, _ := utf8.DecodeRuneInString(text[end:])
		if !isNameRune(before) && !isNameRune(after) {
			return true
		}
		i = start + 1
	}
}

func isNameRune(r rune) bool { return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) }

// staleNote says what the stale entries are and what to do about them.
func staleNote(es []Entry) string {
	mems, secs := 0, 0
	for _, e := range es {
		if e.Kind == EntryMemory {
			mems++
		} else {
			secs++
		}
	}
	var parts []string
	if mems > 0 {
		parts = append(parts, fmt.Sprintf("%d %s anchored to it, marked stale: the symbol is gone from the file its anchor names (anchors record no line)",
			mems, pluralWord(mems, "memory is", "memories are")))
	}
	if secs > 0 {
		parts = append(parts, fmt.Sprintf("%d %s it", secs, pluralWord(secs, "section still names", "sections still name")))
	}
	return strings.Join(parts, "; ") + "; run `gortex memory check`, then re-anchor, supersede or forget what no longer holds"
}

func pluralWord(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
