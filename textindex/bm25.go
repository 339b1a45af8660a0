package textindex

import (
	"encoding/json"
	"math"
	"strings"
	"sync"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/analysis/lang/en"
)

// BM25's constants (Robertson and Zaragoza, "The Probabilistic Relevance
// Framework", 2009): k1 saturates a term's count, b scales its weight by
// the field's length against the average, and each field has a weight.
// k1 is the usual 1.2. b is 0.3, not the usual 0.75, and the body weighs
// more than the subject and the files' words: a question recalls a change
// in the words of its reasons, which the body holds, and a long body is
// no padding. Measured with gortex-eval recall over the history index
// alone (git-why's curl and redis questions), Hit@10: TF-IDF as the
// sections are scored 0.32 and 0.27; BM25 with b 0.75 and the sections'
// weights 0.23 and 0.24; as here 0.32 and 0.47.
const (
	bm25K1 = 1.2
	bm25B  = 0.3
)

// commitBoosts are the weights of a commit's subject, files' words, body
// and changed identifiers, in the order of commitFields.
var commitBoosts = [len(commitFields)]float64{1, 0.3, 1.5, 0.3}

// lengthsKey is the internal key of an index's fieldLengths.
const lengthsKey = "lengths"

// fieldLengths are the total length in tokens of each searched field
// over an index's documents: what BM25 needs beyond the postings. The
// history index keeps them, and is scored with BM25: the TF-IDF of the
// sections index, whose norm is 1/sqrt(length), favours the shortest
// message that shares one word with the question.
type fieldLengths struct {
	Docs uint64                     `json:"n"`
	Sum  [len(commitFields)]float64 `json:"sum"` // one per commitFields
}

// add counts doc's fields into l: the identifiers' field as codeAnalyzer
// counts it (its words, stop words out), the others as the English
// analyser does.
func (l *fieldLengths) add(an func(string) int, doc commitDoc) {
	l.Docs++
	for f, text := range [...]string{doc.Heading, doc.Where, doc.Text} {
		l.Sum[f] += float64(an(text))
	}
	for _, w := range strings.Fields(doc.Code) {
		if !stopWords()[strings.ToLower(w)] {
			l.Sum[len(l.Sum)-1]++
		}
	}
}

// stopWords are the English analyser's stop words.
var stopWords = sync.OnceValue(func() map[string]bool {
	tm := analysis.NewTokenMap()
	if err := tm.LoadBytes(en.EnglishStopWords); err != nil {
		panic(err) // bleve's own list
	}
	out := make(map[string]bool, len(tm))
	for w := range tm {
		out[w] = true
	}
	return out
})

// tokenCounter returns a function counting the analysed tokens of a text,
// as the index counts a field's length.
func tokenCounter(idx bleve.Index) func(string) int {
	an := idx.Mapping().AnalyzerNamed(en.AnalyzerName)
	return func(text string) int { return len(an.Analyze([]byte(text))) }
}

// readLengths returns the field lengths an index keeps; nil for none.
func readLengths(idx bleve.Index) *fieldLengths {
	v, err := idx.GetInternal([]byte(lengthsKey))
	if err != nil || v == nil {
		return nil
	}
	var l fieldLengths
	if json.Unmarshal(v, &l) != nil || l.Docs == 0 {
		return nil
	}
	return &l
}

// write stores l in idx.
func (l *fieldLengths) write(idx bleve.Index) error {
	v, err := json.Marshal(l)
	if err != nil {
		return err
	}
	return idx.SetInternal([]byte(lengthsKey), v)
}

// bm25 scores the n documents of lists (total in the index) by BM25F's
// simple form: per field, each distinct query term's idf times its
// saturated, length-normalised count, weighted by commitBoosts.
func (l *fieldLengths) bm25(lists [][]postings, terms []string, n int, total uint64) []float64 {
	scores := make([]float64, n)
	for f := range lists {
		avg := l.Sum[f] / float64(l.Docs)
		if avg <= 0 {
			continue
		}
		for k := range terms {
			p := lists[f][k]
			idf := math.Log(1 + (float64(total)-float64(p.df)+0.5)/(float64(p.df)+0.5))
			for j, i := range p.docs {
				tf, dl := float64(p.freq[j]), avg
				if p.norm[j] > 0 {
					dl = 1 / float64(p.norm[j]*p.norm[j])
				}
				scores[i] += commitBoosts[f] * idf * tf * (bm25K1 + 1) / (tf + bm25K1*(1-bm25B+bm25B*dl/avg))
			}
		}
	}
	return scores
}
