package semantic

import (
	"cmp"
	"math"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/gortex/gortex/graph"
)

// Model is a learned model of word meaning and the vectors of a
// repository's sections. A Model is read-only once built or read, and safe
// for concurrent use.
type Model struct {
	// Hash is the content hash of what the model was learned from.
	Hash [32]byte
	dim  int
	// words, sorted, in one blob: word i is blob[offs[i]:offs[i+1]].
	blob string
	offs []uint32
	idf  []float32
	// wvec holds word i's vector in wvec[i*dim:], each component ×127 of a
	// unit vector; the same for the sections' vectors in svec.
	wvec  []int8
	paths []string // the documents, sorted
	secs  []secRef // sorted by path, then line
	svec  []int8
	// ids are the sections' node IDs, made the first time All is asked
	// (a question's answer): making them on every call was most of its
	// cost (contour, 2,700 sections). Of and Spread need none: making them
	// and a map of them was most of a one-symbol why's reading of the
	// model in a new process (contour, 12,711 sections: 6 of 7 ms).
	ids     []graph.NodeID
	idsOnce sync.Once
}

// secRef is a section: its document's index in paths and its first line.
type secRef struct {
	path uint32
	line uint32
}

// quantum is what a unit vector's components are multiplied by to be
// stored as int8: the cosine loses at most 0.01 or so.
const quantum = 127

// setWords sets the vocabulary (sorted), each word's idf and its vector.
func (m *Model) setWords(words []string, idf, vecs []float32) {
	var b strings.Builder
	m.offs = make([]uint32, 0, len(words)+1)
	for _, w := range words {
		m.offs = append(m.offs, uint32(b.Len()))
		b.WriteString(w)
	}
	m.offs = append(m.offs, uint32(b.Len()))
	m.blob = b.String()
	m.idf = idf
	m.wvec = quantize(vecs)
}

func quantize(v []float32) []int8 {
	out := make([]int8, len(v))
	for i, x := range v {
		out[i] = int8(math.Round(float64(max(-1, min(1, x)) * quantum)))
	}
	return out
}

// Words is the number of words with a vector.
func (m *Model) Words() int { return max(0, len(m.offs)-1) }

// Sections is the number of sections with a vector.
func (m *Model) Sections() int { return len(m.secs) }

// Size is the model's size in memory, in bytes (its slices, not their
// headers).
func (m *Model) Size() int {
	n := len(m.blob) + 4*len(m.offs) + 4*len(m.idf) + len(m.wvec) + 8*len(m.secs) + len(m.svec)
	for _, p := range m.paths {
		n += len(p)
	}
	return n
}

func (m *Model) word(i int) string { return m.blob[m.offs[i]:m.offs[i+1]] }

// lookup returns word w's index, or -1.
func (m *Model) lookup(w string) int32 {
	n := len(m.offs) - 1
	i := sort.Search(n, func(i int) bool { return m.word(i) >= w })
	if i < n && m.word(i) == w {
		return int32(i)
	}
	return -1
}

// textVec is the unit vector of a text's words (indexes, -1 for none):
// the sum of their vectors weighted by idf, quantized. A text none of
// whose words has a vector has the zero vector.
func (m *Model) textVec(ids []int32) []int8 {
	return quantize(m.unitVec(ids))
}

func (m *Model) unitVec(ids []int32) []float32 {
	sum := make([]float64, m.dim)
	for _, id := range ids {
		if id < 0 {
			continue
		}
		w := float64(m.idf[id])
		for c, x := range m.wvec[int(id)*m.dim:][:m.dim] {
			sum[c] += w * float64(x)
		}
	}
	norm := 0.0
	for _, x := range sum {
		norm += x * x
	}
	out := make([]float32, m.dim)
	if norm == 0 {
		return out
	}
	inv := 1 / math.Sqrt(norm)
	for c, x := range sum {
		out[c] = float32(x * inv)
	}
	return out
}

// addSection adds a section's vector; finishSections sorts them.
func (m *Model) addSection(path string, line int, vec []int8) {
	i, ok := slices.BinarySearch(m.paths, path)
	if !ok {
		m.paths = slices.Insert(m.paths, i, path)
		for j := range m.secs {
			if m.secs[j].path >= uint32(i) {
				m.secs[j].path++
			}
		}
	}
	m.secs = append(m.secs, secRef{uint32(i), uint32(line)})
	m.svec = append(m.svec, vec...)
}

// finishSections sorts the sections by document and line.
func (m *Model) finishSections() {
	order := make([]int, len(m.secs))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int {
		x, y := m.secs[a], m.secs[b]
		if c := cmp.Compare(x.path, y.path); c != 0 {
			return c
		}
		return cmp.Compare(x.line, y.line)
	})
	secs := make([]secRef, len(order))
	svec := make([]int8, len(m.svec))
	for i, o := range order {
		secs[i] = m.secs[o]
		copy(svec[i*m.dim:(i+1)*m.dim], m.svec[o*m.dim:(o+1)*m.dim])
	}
	m.secs, m.svec = secs, svec
}

// Vector is the unit vector of text by meaning; the zero vector when none
// of its words is known.
func (m *Model) Vector(text string) []float32 {
	var st stemmer
	words := st.words(text, nil)
	ids := make([]int32, len(words))
	for i, w := range words {
		ids[i] = m.lookup(w)
	}
	return m.unitVec(ids)
}

// minWordsPerDim is how many words a model must know per component of its
// vectors to say what a text means: with fewer, the components describe
// little more than the words themselves, and on the test fixture (a
// repository of a few files, 179 words) the section nearest a question by
// meaning shared none of its words. The evaluation sets' models know 1,726
// to 8,192 words.
const minWordsPerDim = 10

// Informed reports whether the model knows enough words to say what a text
// means (minWordsPerDim per component); a query should not use one that
// does not.
func (m *Model) Informed() bool { return m.Words() >= minWordsPerDim*m.dim }

// Score returns the cosine similarity by meaning of text to every section
// whose similarity is positive. It makes no map of them: a query reads a
// few sections' cosines and the mean and best of all (on contour, making
// the map of 2,700 sections per query cost more than the cosines).
func (m *Model) Score(text string) *Scored {
	return m.scoreVec(m.Vector(text))
}

// scoreVec returns the cosines of the unit vector v to every section.
func (m *Model) scoreVec(v []float32) *Scored {
	sc := &Scored{m: m, dots: make([]float32, len(m.secs))}
	dots(sc.dots, m.svec, v[:m.dim])
	sum := 0.0
	for _, dot := range sc.dots {
		if dot > 0 {
			sc.n++
			c := float64(dot) / quantum
			sum += c
			sc.best = max(sc.best, c)
		}
	}
	sc.mean = sum / float64(max(sc.n, 1))
	return sc
}

// dots sets out[i] to the dot product of v and the i-th vector of vecs
// (len(v) long each), each summed in the order of its components. Four
// vectors are summed side by side: one sum is a chain of additions, each
// waiting on the one before, and four chains keep the processor busy
// where one left it waiting (the same sums, a quarter of the time).
func dots(out []float32, vecs []int8, v []float32) {
	dim, i := len(v), 0
	for ; i+4 <= len(out); i += 4 {
		a, b := vecs[i*dim:][:dim], vecs[(i+1)*dim:][:dim]
		c, d := vecs[(i+2)*dim:][:dim], vecs[(i+3)*dim:][:dim]
		var sa, sb, sc, sd float32
		for k, x := range v {
			sa += float32(a[k]) * x
			sb += float32(b[k]) * x
			sc += float32(c[k]) * x
			sd += float32(d[k]) * x
		}
		out[i], out[i+1], out[i+2], out[i+3] = sa, sb, sc, sd
	}
	for ; i < len(out); i++ {
		var s float32
		for k, x := range vecs[i*dim:][:dim] {
			s += float32(x) * v[k]
		}
		out[i] = s
	}
}

// Scored is the cosine similarity by meaning of one text to the model's
// sections, those with a positive one counting (Model.Score).
type Scored struct {
	m    *Model
	dots []float32 // by section, ×quantum
	n    int       // how many are positive
	// mean and best are Spread's, summed as the cosines are counted: a
	// symbol's why asks for them twice, and each asking was a pass over
	// every section.
	mean, best float64
}

// Len is the number of sections with a positive cosine.
func (s *Scored) Len() int { return s.n }

// Of returns section id's cosine; ok is false when it is not positive or
// the model has no such section.
func (s *Scored) Of(id graph.NodeID) (float64, bool) {
	i := s.m.section(id)
	if i < 0 || s.dots[i] <= 0 {
		return 0, false
	}
	return float64(s.dots[i]) / quantum, true
}

// All yields each section with a positive cosine and its cosine, in the
// model's order of sections.
func (s *Scored) All(yield func(graph.NodeID, float64) bool) {
	ids := s.m.sectionIDs()
	for i, d := range s.dots {
		if d > 0 && !yield(ids[i], float64(d)/quantum) {
			return
		}
	}
}

// Spread returns the mean and the largest of the positive cosines (0 and
// 0 for none), summed in the model's order of sections as All yields them.
func (s *Scored) Spread() (mean, best float64) { return s.mean, s.best }

// sectionIDs returns every section's node ID, in the model's order, made
// once.
func (m *Model) sectionIDs() []graph.NodeID {
	m.idsOnce.Do(func() {
		m.ids = make([]graph.NodeID, len(m.secs))
		for i, s := range m.secs {
			m.ids[i] = graph.SectionID(m.paths[s.path], int(s.line))
		}
	})
	return m.ids
}

// section returns the index of the section whose node ID is id, -1 for
// none: its document and line read from the ID (graph.SectionID) and
// looked up in the sorted paths and sections.
func (m *Model) section(id graph.NodeID) int {
	path, line, ok := graph.SplitSectionID(id)
	if !ok || line < 0 || line > math.MaxUint32 {
		return -1
	}
	p, ok := slices.BinarySearch(m.paths, path)
	if !ok {
		return -1
	}
	want := secRef{path: uint32(p), line: uint32(line)}
	i, ok := slices.BinarySearchFunc(m.secs, want, func(a, b secRef) int {
		return cmp.Or(cmp.Compare(a.path, b.path), cmp.Compare(a.line, b.line))
	})
	if !ok {
		return -1
	}
	return i
}

// Cosines returns the cosine similarity by meaning of text to each of
// texts, in their order: what Score gives a section, for texts the model
// holds no vector of (a commit message).
func (m *Model) Cosines(text string, texts []string) []float64 {
	q := m.Vector(text)
	out := make([]float64, len(texts))
	for i, t := range texts {
		for c, x := range m.Vector(t) {
			out[i] += float64(x * q[c])
		}
	}
	return out
}
