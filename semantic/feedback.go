package semantic

import (
	"math"
	"slices"
)

// Pseudo-relevance feedback for a question (Rocchio): its vector moves
// toward the mean of the feedbackSections sections nearest it, by
// feedbackWeight, and its similarity by meaning takes feedbackShare from
// the moved vector. Chosen on greptimedb-questions (development): feedback
// alone raised the paraphrases' doc@5 from 0.38 to 0.44 (as did 3
// sections, or a weight of 0.5 or 2) but moved the section of a question
// that names an identifier from first to third (section@1 of those 0.86 to
// 0.79): moved toward a document's topic, a question finds the document and
// loses the section. A share of 0.3 kept the gain and every other figure
// (0.5 and 0.7 the same doc@5, the paraphrases' MRR 0.25 against 0.26);
// velero-questions (validation): paraphrases' doc@5 0.06 to 0.12
// (docs/evaluation.md, "Questions in other words").
const (
	feedbackSections = 5
	feedbackWeight   = 1.0
	feedbackShare    = 0.3
)

// Feedback returns text's cosine similarity by meaning to every section as
// Score does (plain), and its similarity by meaning as a question (mixed):
// each section's plain cosine and its cosine to text's vector moved toward
// the mean of the sections nearest it (pseudo-relevance feedback), each as
// far as it stands above the mean of the sections', relative to the best
// (standOut), mixed by feedbackShare. A question in a developer's own words
// shares few words with the section that answers it, and its vector says
// little; the sections nearest it say more of the topic it is about.
func (m *Model) Feedback(text string) (plain, mixed *Scored) {
	v := m.Vector(text)
	plain = m.scoreVec(v)
	near := nearest(plain.dots, feedbackSections)
	if len(near) == 0 {
		return plain, plain
	}
	moved := m.scoreVec(m.toward(v, near))
	p, q := plain.standOut(), moved.standOut()
	mixed = &Scored{m: m, dots: make([]float32, len(plain.dots))}
	for i := range mixed.dots {
		if plain.dots[i] <= 0 && moved.dots[i] <= 0 {
			continue
		}
		mixed.n++ // a section either scores counts, as it does with a mix of 0
		mixed.dots[i] = float32(quantum * ((1-feedbackShare)*p(plain.dots[i]/quantum) + feedbackShare*q(moved.dots[i]/quantum)))
	}
	sum := 0.0
	for _, d := range mixed.dots {
		if d > 0 {
			sum += float64(d) / quantum
			mixed.best = max(mixed.best, float64(d)/quantum)
		}
	}
	if mixed.n > 0 {
		mixed.mean = sum / float64(mixed.n)
	}
	return plain, mixed
}

// toward returns the unit vector of v plus feedbackWeight times the mean
// of the vectors of the sections near (indexes; at least one).
func (m *Model) toward(v []float32, near []int) []float32 {
	sum := make([]float64, m.dim)
	for c, x := range v {
		sum[c] = float64(x)
	}
	w := feedbackWeight / float64(len(near)) / quantum // the sections' vectors are quantized
	for _, i := range near {
		for c, x := range m.svec[i*m.dim:][:m.dim] {
			sum[c] += w * float64(x)
		}
	}
	norm := 0.0
	for _, x := range sum {
		norm += x * x
	}
	out := make([]float32, m.dim)
	for c, x := range sum {
		out[c] = float32(x / math.Sqrt(norm))
	}
	return out
}

// standOut returns how a cosine stands out among s's: how far it is above
// their mean, relative to the best, at least 0 and at most 1 (0 for all
// when none stands out). The model's cosines run high for any two texts of
// one repository, and what tells is how far a section stands out; query
// scales them so too.
func (s *Scored) standOut() func(float32) float64 {
	mean, best := 0.0, 0.0
	for _, d := range s.dots {
		if d > 0 {
			mean += float64(d) / quantum
			best = max(best, float64(d)/quantum)
		}
	}
	if s.n > 0 {
		mean /= float64(s.n)
	}
	return func(c float32) float64 {
		if best <= mean || c <= 0 {
			return 0
		}
		return min(1, max(0, (float64(c)-mean)/(best-mean)))
	}
}

// nearest returns the indexes of the k largest positive values of dots,
// largest first (the lower index first among equals).
func nearest(dots []float32, k int) []int {
	var out []int
	for i, d := range dots {
		if d <= 0 {
			continue
		}
		at := len(out)
		for at > 0 && dots[out[at-1]] < d {
			at--
		}
		if at >= k {
			continue
		}
		out = slices.Insert(out, at, i)
		if len(out) > k {
			out = out[:k]
		}
	}
	return out
}
