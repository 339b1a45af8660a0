package semantic

import (
	"cmp"
	"context"
	"errors"
	"math"
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
func countPairs(ids [][]int32, words int) map[uint64]uint32 {
	workers := max(1, runtime.GOMAXPROCS(0))
	parts := make([]map[uint64]uint32, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			m := map[uint64]uint32{}
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
						m[pairKey(x, y)] += uint32(window + 1 - (b - a))
					}
				}
			}
			parts[w] = m
		})
	}
	wg.Wait()
	all := parts[0]
	for _, p := range parts[1:] {
		for k, c := range p {
			all[k] += c
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
func weigh(pairs map[uint64]uint32, words int) sparse {
	rowSum := make([]float64, words)
	total := 0.0
	for k, c := range pairs {
		x, y := int32(k>>32), int32(uint32(k))
		rowSum[x] += float64(c)
		rowSum[y] += float64(c)
		total += 2 * float64(c)
	}
	smoothTotal := 0.0
	for _, s := range rowSum {
		smoothTotal += math.Pow(s, smoothing)
	}
	type entry struct {
		row, col int32
		val      float32
	}
	var es []entry
	for k, c := range pairs {
		x, y := int32(k>>32), int32(uint32(k))
		px := math.Pow(rowSum[x], smoothing) / smoothTotal
		py := math.Pow(rowSum[y], smoothing) / smoothTotal
		pmi := math.Log(float64(c) / total / (px * py))
		if pmi <= 0 {
			continue
		}
		es = append(es, entry{x, y, float32(pmi)}, entry{y, x, float32(pmi)})
	}
	slices.SortFunc(es, func(a, b entry) int {
		if c := cmp.Compare(a.row, b.row); c != 0 {
			return c
		}
		return cmp.Compare(a.col, b.col)
	})
	m := sparse{start: make([]int, words+1), cols: make([]int32, len(es)), vals: make([]float32, len(es))}
	for i, e := range es {
		m.start[e.row+1]++
		m.cols[i], m.vals[i] = e.col, e.val
	}
	for i := range words {
		m.start[i+1] += m.start[i]
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
					v, r := float64(m.vals[p]), y[int(m.cols[p])*k:][:k]
					for j := range o {
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
