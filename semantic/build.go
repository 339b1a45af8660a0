package semantic

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"slices"
	"strings"

	"github.com/gortex/gortex/graph"
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
// the node it stands for.
type text struct {
	words   []string
	section graph.NodeID // "" for a symbol
	path    string       // a section's document
	line    int          // a section's first line
}

// texts reads s's symbols and sections into word streams. A symbol's
// stream is its name's words and its receiver's, then its doc comment: the
// names in code next to the prose that says what they do.
func texts(s *graph.Store) []text {
	var st stemmer
	var out []text
	for n := range s.Nodes() {
		switch {
		case n.Kind == graph.KindDoc:
			w := st.words(n.Name, nil)
			w = st.words(n.Text, w)
			if len(w) > maxSectionWords {
				w = w[:maxSectionWords]
			}
			out = append(out, text{words: w, section: n.ID, path: n.Path, line: n.Line})
		case n.Kind.IsSymbol():
			w := st.words(n.Name, nil)
			w = st.words(n.Receiver, w)
			if n.Text != "" {
				w = st.words(n.Text, w)
			}
			if len(w) > maxSymbolWords {
				w = w[:maxSymbolWords]
			}
			if len(w) > 1 {
				out = append(out, text{words: w})
			}
		}
	}
	slices.SortFunc(out, func(a, b text) int {
		if c := cmp.Compare(a.section, b.section); c != 0 {
			return c
		}
		return slices.Compare(a.words, b.words)
	})
	return out
}

// contentHash is the hash of everything Build reads: the same hash, the
// same model.
func contentHash(ts []text) [32]byte {
	h := sha256.New()
	var n [4]byte
	binary.LittleEndian.PutUint32(n[:], FormatVersion)
	h.Write(n[:])
	for _, t := range ts {
		h.Write([]byte(t.section))
		h.Write([]byte{0})
		for _, w := range t.words {
			h.Write([]byte(w))
			h.Write([]byte{' '})
		}
		h.Write([]byte{'\n'})
	}
	var sum [32]byte
	h.Sum(sum[:0])
	return sum
}

// Build learns a model from s. It reads s only.
func Build(ctx context.Context, s *graph.Store) (*Model, error) {
	ts := texts(s)
	return build(ctx, ts, contentHash(ts))
}

func build(ctx context.Context, ts []text, hash [32]byte) (*Model, error) {
	voc := vocabulary(ts)
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

// vocab is the words that get a vector, sorted, with their counts.
type vocab struct {
	words []string
	index map[string]int32
}

func vocabulary(ts []text) vocab {
	counts := map[string]int{}
	for _, t := range ts {
		for _, w := range t.words {
			counts[w]++
		}
	}
	type wc struct {
		w string
		c int
	}
	var all []wc
	for w, c := range counts {
		if c >= minCount {
			all = append(all, wc{w, c})
		}
	}
	slices.SortFunc(all, func(a, b wc) int {
		if a.c != b.c {
			return b.c - a.c
		}
		return strings.Compare(a.w, b.w)
	})
	all = all[:min(len(all), maxVocab)]
	v := vocab{index: make(map[string]int32, len(all))}
	for _, x := range all {
		v.words = append(v.words, x.w)
	}
	slices.Sort(v.words)
	for i, w := range v.words {
		v.index[w] = int32(i)
	}
	return v
}

// ids maps words to their index; words without a vector are -1, so that
// windows still measure distance in the text's own words.
func (v vocab) ids(words []string) []int32 {
	out := make([]int32, len(words))
	for i, w := range words {
		id, ok := v.index[w]
		if !ok {
			id = -1
		}
		out[i] = id
	}
	return out
}
