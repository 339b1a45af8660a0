package semantic

import (
	"cmp"
	"context"
	"errors"
	"math"
	"math/bits"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"

	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/lapack/lapack64"
	"gonum.org/v1/gonum/mat"
)

// idf is each word's inverse document frequency over the texts:
// ln(texts / texts with the word).
func (v vocab) idf(ids [][]int32) []float32 {
	df := make([]int, len(v.words))
	seen := make([]int, len(v.words))
	for i, t := range ids {
		for _, id := range t {
			if id >= 0 && seen[id] != i+1 {
				seen[id] = i + 1
				df[id]++
			}
		}
	}
	out := make([]float32, len(v.words))
	for i, d := range df {
		out[i] = float32(math.Log(float64(len(ids)+1) / float64(d+1)))
	}
	return out
}

// countPairs counts, for every two words within window of each other, how
// near they were: window+1−distance each time. The counts are whole
// numbers, so the workers' shares add up to the same matrix in any order.
func countPairs(ids [][]int32, words int) *pairTable {
	workers := max(1, runtime.GOMAXPROCS(0))
	parts := make([]*pairTable, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			m := newPairTable()
			for i := w; i < len(ids); i += workers {
				t := ids[i]
				for a, x := range t {
					if x < 0 {
						continue
					}
					for b := a + 1; b < len(t) && b <= a+window; b++ {
						y := t[b]
						if y < 0 || y == x {
							continue
						}
						m.add(pairKey(x, y), uint32(window+1-(b-a)))
					}
				}
			}
			parts[w] = m
		})
	}
	wg.Wait()
	all := parts[0]
	for _, p := range parts[1:] {
		for i, k := range p.keys {
			if k != 0 {
				all.add(k, p.vals[i])
			}
		}
	}
	return all
}

// pairKey is the key of the unordered pair {x, y}.
func pairKey(x, y int32) uint64 {
	if x > y {
		x, y = y, x
	}
	return uint64(x)<<32 | uint64(uint32(y))
}

// pairTable maps pair keys to counts, open addressing with linear probing:
// a key is never 0 (a word makes no pair with itself), so 0 marks a free
// slot. Counting GOROOT/src's pairs in a Go map was a fifth of the model's
// CPU.
type pairTable struct {
	keys  []uint64
	vals  []uint32
	n     int  // keys held
	shift uint // 64 − log2(len(keys))
}

func newPairTable() *pairTable {
	t := &pairTable{}
	t.alloc(1 << 12)
	return t
}

func (t *pairTable) alloc(size int) {
	t.keys, t.vals, t.n = make([]uint64, size), make([]uint32, size), 0
	t.shift = uint(64 - bits.TrailingZeros(uint(size)))
}

// add adds c to k's count.
func (t *pairTable) add(k uint64, c uint32) {
	if 4*(t.n+1) > 3*len(t.keys) {
		keys, vals := t.keys, t.vals
		t.alloc(2 * len(keys))
		for i, k := range keys {
			if k != 0 {
				t.add(k, vals[i])
			}
		}
	}
	mask := len(t.keys) - 1
	for i := int((k * 0x9e3779b97f4a7c15) >> t.shift); ; i = (i + 1) & mask {
		switch t.keys[i] {
		case k:
			t.vals[i] += c
			return
		case 0:
			t.keys[i], t.vals[i] = k, c
			t.n++
			return
		}
	}
}

// sparse is a symmetric matrix in compressed rows.
type sparse struct {
	start []int // row i is cols[start[i]:start[i+1]]
	cols  []int32
	vals  []float32
}

// smoothing is the exponent of the context distribution (Levy, Goldberg
// and Dagan 2015): it keeps rare words from getting the largest PMI.
const smoothing = 0.75

// weigh turns pair counts into positive pointwise mutual information,
// ln(P(x,y) / (P(x) P(y))) with smoothed marginals, zero when negative.
func weigh(pairs *pairTable, words int) sparse {
	rowSum := make([]float64, words)
	total := 0.0
	for i, k := range pairs.keys {
		if k == 0 {
			continue
		}
		c := pairs.vals[i]
		x, y := int32(k>>32), int32(uint32(k))
		rowSum[x] += float64(c)
		rowSum[y] += float64(c)
		total += 2 * float64(c)
	}
	smoothTotal := 0.0
	for _, s := range rowSum {
		smoothTotal += math.Pow(s, smoothing)
	}
	p := make([]float64, words) // each word's smoothed marginal
	for i, s := range rowSum {
		p[i] = math.Pow(s, smoothing) / smoothTotal
	}
	// Each positive pair's PMI, kept in its slot, and the length of each
	// row; then the rows are laid out and each sorted by column.
	pmis := make([]float32, len(pairs.keys))
	m := sparse{start: make([]int, words+1)}
	for i, k := range pairs.keys {
		if k == 0 {
			continue
		}
		x, y := int32(k>>32), int32(uint32(k))
		pmi := math.Log(float64(pairs.vals[i]) / total / (p[x] * p[y]))
		if pmi <= 0 {
			continue
		}
		pmis[i] = float32(pmi)
		m.start[x+1]++
		m.start[y+1]++
	}
	for i := range words {
		m.start[i+1] += m.start[i]
	}
	type entry struct {
		col int32
		val float32
	}
	es := make([]entry, m.start[words])
	next := slices.Clone(m.start[:words])
	for i, k := range pairs.keys {
		if k == 0 || pmis[i] == 0 {
			continue
		}
		x, y := int32(k>>32), int32(uint32(k))
		es[next[x]] = entry{y, pmis[i]}
		es[next[y]] = entry{x, pmis[i]}
		next[x]++
		next[y]++
	}
	m.cols, m.vals = make([]int32, len(es)), make([]float32, len(es))
	for r := range words {
		row := es[m.start[r]:m.start[r+1]]
		slices.SortFunc(row, func(a, b entry) int { return cmp.Compare(a.col, b.col) })
		for j, e := range row {
			m.cols[m.start[r]+j], m.vals[m.start[r]+j] = e.col, e.val
		}
	}
	return m
}

// mul returns m × y for a dense y of rows × k (row-major), rows split
// between workers; each output row is one worker's, so the sums are made in
// the same order on every run.
func (m sparse) mul(y []float64, k int) []float64 {
	rows := len(m.start) - 1
	out := make([]float64, rows*k)
	workers := max(1, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for i := w; i < rows; i += workers {
				o := out[i*k : (i+1)*k]
				for p := m.start[i]; p < m.start[i+1]; p++ {
					v, r := float64(m.vals[p]), y[int(m.cols[p])*k:][:len(o)]
					j := 0
					for ; j+4 <= len(o); j += 4 {
						o[j] += v * r[j]
						o[j+1] += v * r[j+1]
						o[j+2] += v * r[j+2]
						o[j+3] += v * r[j+3]
					}
					for ; j < len(o); j++ {
						o[j] += v * r[j]
					}
				}
			}
		})
	}
	wg.Wait()
	return out
}

// The range finder's extra columns and power iterations (Halko, Martinsson
// and Tropp 2011): ten more columns than kept and two iterations give the
// leading eigenvectors of a PPMI matrix closely.
const (
	oversample = 10
	powerIters = 2
	seed       = 0x5e3a171c
)

// embed returns the unit vectors of dim components (row-major, one row per
// word) that the leading eigenvectors of m, scaled by the square root of
// their eigenvalues, give each word.
func embed(ctx context.Context, m sparse, words, dim int) ([]float32, error) {
	l := min(dim+oversample, words)
	rng := rand.New(rand.NewPCG(seed, seed))
	y := make([]float64, words*l)
	for i := range y {
		y[i] = rng.NormFloat64()
	}
	y = m.mul(y, l)
	for range powerIters {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		orthonormalize(y, words, l)
		y = m.mul(y, l)
	}
	orthonormalize(y, words, l)
	q := mat.NewDense(words, l, y)
	mq := mat.NewDense(words, l, m.mul(y, l))
	var t mat.Dense
	t.Mul(q.T(), mq)
	sym := mat.NewSymDense(l, nil)
	for i := range l {
		for j := i; j < l; j++ {
			sym.SetSym(i, j, (t.At(i, j)+t.At(j, i))/2)
		}
	}
	var eig mat.EigenSym
	if !eig.Factorize(sym, true) {
		return nil, errors.New("semantic: eigendecomposition did not converge")
	}
	vals := eig.Values(nil)
	var w mat.Dense
	eig.VectorsTo(&w)
	order := make([]int, l)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(vals[b], vals[a]) })
	var u mat.Dense
	u.Mul(q, &w)
	out := make([]float32, words*dim)
	for i := range words {
		row := out[i*dim : (i+1)*dim]
		norm := 0.0
		for c := 0; c < dim && c < l; c++ {
			v := u.At(i, order[c]) * math.Sqrt(max(vals[order[c]], 0))
			row[c] = float32(v)
			norm += v * v
		}
		if norm > 0 {
			inv := float32(1 / math.Sqrt(norm))
			for c := range row {
				row[c] *= inv
			}
		}
	}
	return out, nil
}

// orthonormalize replaces the columns of a (rows × cols, row-major) by an
// orthonormal basis of their span (LAPACK's QR through gonum).
func orthonormalize(a []float64, rows, cols int) {
	// LAPACK is column-major; gonum's lapack64 takes row-major matrices.
	g := blas64.General{Rows: rows, Cols: cols, Stride: cols, Data: a}
	tau := make([]float64, cols)
	work := []float64{0}
	lapack64.Geqrf(g, tau, work, -1)
	work = make([]float64, int(work[0]))
	lapack64.Geqrf(g, tau, work, len(work))
	work = []float64{0}
	lapack64.Orgqr(g, tau, work, -1)
	work = make([]float64, int(work[0]))
	lapack64.Orgqr(g, tau, work, len(work))
}
