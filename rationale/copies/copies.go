// Package copies recognises document sections that are copies of one
// another, so that an answer gives each text one place.
package copies

import (
	"hash/fnv"
	"path"
	"slices"
	"strings"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/internal/textutil"
)

// Likeness is the word-set Jaccard similarity above which two sections
// with the same heading in files of the same name are copies of one
// another (a documentation site kept per release, vendored docs); measured
// on kueue's versioned site, copies score 0.8 and more.
const Likeness = 0.7

// releaseFolder matches a folder named for a release of the documents it
// holds: v1.2, 1.2, v1.2.3, v2.x, v0.18 (a number with a dot, or a v and a
// number). Such folders are how a documentation site keeps one copy of
// its guides per release.
var releaseFolder = textutil.Regexp(`^(?:v\d+(?:\.(?:\d+|x))*|\d+(?:\.(?:\d+|x))+)$`)

// minCopyWords is how many distinct words a section's text needs before
// an identical text elsewhere makes it a copy: short texts ("See below.")
// are alike without being copies.
const minCopyWords = 8

// Set recognises sections that are copies of one another, so that an
// answer gives each text one place:
//   - the same heading in files of the same name with nearly the same
//     words (Likeness);
//   - the same heading at the same path once its release folders (v1.2,
//     v1.3, ...) are left out: one guide kept per release, however much
//     it changed between releases;
//   - the same words, in any order, under any path (minCopyWords or more).
//
// Nothing is named: the release folders are recognised by their form, the
// copies by their text.
type Set struct {
	byName    map[copyName][]map[string]bool
	byRelease map[string]bool
	byText    map[uint64]bool
}

type copyName struct{ heading, base string }

// New returns an empty set of kept sections.
func New() *Set {
	return &Set{byName: map[copyName][]map[string]bool{}, byRelease: map[string]bool{}, byText: map[uint64]bool{}}
}

// Keep reports whether sec is no copy of a section seen before, and
// remembers it either way: a copy of a dropped copy is a copy too.
func (c *Set) Keep(sec *graph.Node) bool {
	ws := wordsOf(sec.Text)
	words := ws.set
	name := copyName{sec.Name, path.Base(sec.Path)}
	copied := slices.ContainsFunc(c.byName[name], func(w map[string]bool) bool { return textutil.Jaccard(w, words) >= Likeness })
	c.byName[name] = append(c.byName[name], words)
	if rel, released := ReleaselessPath(sec.Path); released {
		key := sec.Name + "\x00" + rel
		copied = copied || c.byRelease[key]
		c.byRelease[key] = true
	}
	if ws.long {
		copied = copied || c.byText[ws.sum]
		c.byText[ws.sum] = true
	}
	return !copied
}

// ReleaselessPath is p with every release folder (see releaseFolder)
// replaced by "*", and whether it had one.
func ReleaselessPath(p string) (string, bool) {
	parts := strings.Split(p, "/")
	released := false
	for i, d := range parts[:len(parts)-1] {
		if releaseFolder().MatchString(d) {
			parts[i], released = "*", true
		}
	}
	return strings.Join(parts, "/"), released
}

// wordsHash is a hash of a word set, independent of order, and whether the
// set is long enough to tell copies by (minCopyWords).
func wordsHash(words map[string]bool) (uint64, bool) {
	ws := make([]string, 0, len(words))
	for w := range words {
		ws = append(ws, w)
	}
	slices.Sort(ws)
	h := fnv.New64a()
	for _, w := range ws {
		h.Write([]byte(w))
		h.Write([]byte{0})
	}
	return h.Sum64(), len(ws) >= minCopyWords
}

// words is what Keep reads of a text: its word set (textutil.TokenSet)
// and the hash of its words, which counts when it has minCopyWords or
// more (long). It is shared once made: never changed.
type words struct {
	set  map[string]bool
	sum  uint64
	long bool
}

// cache keeps the words of the texts Keep was asked about, up to 4 MiB
// of text (the words take about as much again; a why on contour asks
// about a few hundred sections of some hundred bytes to a few KiB each):
// a long-running server asks about the same sections with every why, and
// making their word sets was a sixth of a warm why's CPU on contour.
var cache = textutil.NewCache[*words](4 << 20)

// wordsOf returns the words of text.
func wordsOf(text string) *words { return cache.Get(text, makeWords) }

// makeWords makes the words of text.
func makeWords(text string) *words {
	w := &words{set: textutil.TokenSet(text)}
	w.sum, w.long = wordsHash(w.set)
	return w
}
