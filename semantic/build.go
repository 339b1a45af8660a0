package semantic

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"slices"
	"strings"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/rationale"
)

// The model's size and what it learns from. Each figure was chosen by
// measurement on the development sets (docs/evaluation.md, "A semantic
// signal"); the size keeps GOROOT/src's model a few megabytes.
const (
	// Dim is the length of a word's vector.
	Dim = 96
	// maxVocab is how many words get a vector: the most frequent.
	maxVocab = 20000
	// minCount is how often a word must occur to get a vector: rarer
	// words have too few neighbours to place.
	minCount = 3
	// window is how many words on each side count as a word's context.
	window = 5
	// maxSymbolWords bounds the words read from one symbol (its name and
	// the first sentences of its doc comment).
	maxSymbolWords = 64
	// maxSectionWords bounds the words read from one section.
	maxSectionWords = 2000
)

// text is one stream of words the model learns from, and, for a section,
// the node it stands for. Its words are indexes into the texts' stems,
// which are sorted: words compare as their stems do.
type text struct {
	words   []int32
	section graph.NodeID // "" for a symbol
	path    string       // a section's document
	line    int          // a section's first line
}

// corpus is the texts the model learns from and their stems, sorted.
type corpus struct {
	texts []text
	stems []string
}

// texts reads s's symbols and sections into word streams. A symbol's
// stream is its name's words and its receiver's, then its doc comment: the
// names in code next to the prose that says what they do.
func texts(s *graph.Store) corpus {
	var r streamer
	out := make([]text, 0, s.NodeCount())
	ends := make([]int, 0, s.NodeCount()) // each text's end in r.words
	add := func(t text) {
		out = append(out, t)
		ends = append(ends, len(r.words))
	}
	for n := range s.Nodes() {
		start := len(r.words)
		switch {
		case n.Kind == graph.KindDoc:
			r.add(n.Name, start+maxSectionWords)
			r.add(n.Text, start+maxSectionWords)
			add(text{section: n.ID, path: n.Path, line: n.Line})
		case n.Kind.IsSymbol():
			r.add(n.Name, start+maxSymbolWords)
			r.add(n.Receiver, start+maxSymbolWords)
			r.add(n.Text, start+maxSymbolWords)
			if len(r.words)-start > 1 {
				add(text{})
			} else {
				r.words = r.words[:start]
			}
		}
	}
	rank := r.sortStems()
	for i, id := range r.words {
		r.words[i] = rank[id]
	}
	start := 0
	for i, end := range ends {
		out[i].words = r.words[start:end:end]
		start = end
	}
	slices.SortFunc(out, func(a, b text) int {
		if c := cmp.Compare(a.section, b.section); c != 0 {
			return c
		}
		return slices.Compare(a.words, b.words)
	})
	return corpus{texts: out, stems: r.stems}
}

// streamer turns text into a stream of stem indexes. Each field (a run of
// word characters) is split and stemmed once: the same identifiers and
// words come back in every file, and splitting and stemming each again
// was most of the model's reading of GOROOT/src's graph.
type streamer struct {
	st       stemmer
	fields   map[string]uint64 // a field's stems: fieldIDs[off:off+n], as off<<32|n
	fieldIDs []int32
	index    map[string]int32 // a stem's index in stems
	stems    []string
	words    []int32 // the stems of every text, one after another
}

// add appends the stems of text's words to r.words, up to limit in all.
func (r *streamer) add(text string, limit int) {
	if r.fields == nil {
		r.fields, r.index = map[string]uint64{}, map[string]int32{}
	}
	for field := range strings.FieldsFuncSeq(text, notWordRune) {
		if len(r.words) >= limit {
			return
		}
		ids := r.field(field)
		r.words = append(r.words, ids[:min(len(ids), limit-len(r.words))]...)
	}
}

// field returns the stems of one field's words, as words makes them.
func (r *streamer) field(f string) []int32 {
	if p, ok := r.fields[f]; ok {
		return r.fieldIDs[p>>32 : p>>32+p&0xffffffff]
	}
	off := len(r.fieldIDs)
	for _, w := range rationale.SplitIdent(f) {
		s, ok := r.st.stem(w)
		if !ok {
			continue
		}
		id, ok := r.index[s]
		if !ok {
			id = int32(len(r.stems))
			r.index[s] = id
			r.stems = append(r.stems, s)
		}
		r.fieldIDs = append(r.fieldIDs, id)
	}
	r.fields[strings.Clone(f)] = uint64(off)<<32 | uint64(len(r.fieldIDs)-off)
	return r.fieldIDs[off:]
}

// sortStems sorts r.stems and returns each old index's new one.
func (r *streamer) sortStems() []int32 {
	order := make([]int32, len(r.stems))
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(a, b int32) int { return strings.Compare(r.stems[a], r.stems[b]) })
	rank := make([]int32, len(order))
	sorted := make([]string, len(order))
	for i, o := range order {
		rank[o] = int32(i)
		sorted[i] = r.stems[o]
	}
	r.stems = sorted
	return rank
}

// contentHash is the hash of everything Build reads: the same hash, the
// same model.
func contentHash(c corpus) [32]byte {
	h := sha256.New()
	buf := binary.LittleEndian.AppendUint32(nil, FormatVersion)
	for _, t := range c.texts {
		buf = append(buf, t.section...)
		buf = append(buf, 0)
		for _, w := range t.words {
			buf = append(buf, c.stems[w]...)
			buf = append(buf, ' ')
		}
		buf = append(buf, '\n')
		if len(buf) >= 64<<10 {
			h.Write(buf)
			buf = buf[:0]
		}
	}
	h.Write(buf)
	var sum [32]byte
	h.Sum(sum[:0])
	return sum
}

// Build learns a model from s. It reads s only.
func Build(ctx context.Context, s *graph.Store) (*Model, error) {
	c := texts(s)
	return build(ctx, c, contentHash(c))
}

func build(ctx context.Context, c corpus, hash [32]byte) (*Model, error) {
	ts := c.texts
	voc := vocabulary(c)
	ids := make([][]int32, len(ts))
	for i, t := range ts {
		ids[i] = voc.ids(t.words)
	}
	m := &Model{Hash: hash, dim: Dim}
	var vecs []float32
	if len(voc.words) >= 2 {
		cooc := countPairs(ids, len(voc.words))
		var err error
		if vecs, err = embed(ctx, weigh(cooc, len(voc.words)), len(voc.words), Dim); err != nil {
			return nil, err
		}
	} else {
		vecs = make([]float32, len(voc.words)*Dim)
	}
	m.setWords(voc.words, voc.idf(ids), vecs)
	for i, t := range ts {
		if t.section != "" && graph.SectionID(t.path, t.line) == t.section {
			m.addSection(t.path, t.line, m.textVec(ids[i]))
		}
	}
	m.finishSections()
	return m, ctx.Err()
}

// vocab is the words that get a vector, sorted, and each stem's index
// among them (-1 for a stem without a vector).
type vocab struct {
	words []string
	index []int32
}

func vocabulary(c corpus) vocab {
	counts := make([]int, len(c.stems))
	for _, t := range c.texts {
		for _, w := range t.words {
			counts[w]++
		}
	}
	// The stems are sorted, so an index orders them as their words.
	var all []int32
	for w, n := range counts {
		if n >= minCount {
			all = append(all, int32(w))
		}
	}
	slices.SortFunc(all, func(a, b int32) int {
		if counts[a] != counts[b] {
			return counts[b] - counts[a]
		}
		return cmp.Compare(a, b)
	})
	all = all[:min(len(all), maxVocab)]
	slices.Sort(all)
	v := vocab{index: make([]int32, len(c.stems))}
	for i := range v.index {
		v.index[i] = -1
	}
	for i, w := range all {
		v.words = append(v.words, c.stems[w])
		v.index[w] = int32(i)
	}
	return v
}

// ids maps stems to their index; stems without a vector are -1, so that
// windows still measure distance in the text's own words.
func (v vocab) ids(words []int32) []int32 {
	out := make([]int32, len(words))
	for i, w := range words {
		out[i] = v.index[w]
	}
	return out
}
