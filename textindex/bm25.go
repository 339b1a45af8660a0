package textindex

import (
	"encoding/json"
	"math"
	"slices"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/document"
	index "github.com/blevesearch/bleve_index_api"
)

// BM25's constants (Robertson and Zaragoza, "The Probabilistic Relevance
// Framework", 2009): k1 saturates a term's count, b scales its weight by
// the field's length against the average, and each field has a weight.
// k1 is the usual 1.2. b is 0.3 for the subject and body, not the usual
// 0.75, and the body weighs more than the subject and the files' words: a
// question recalls a change in the words of its reasons, which the body
// holds, and a long body is no padding. Measured with gortex-eval recall
// over the history index alone (git-why's curl and redis questions),
// Hit@10: TF-IDF as the sections are scored 0.32 and 0.27; BM25 with b
// 0.75 and the sections' weights 0.23 and 0.24; as here 0.32 and 0.47.
const bm25K1 = 1.2

// commitB are the b of a commit's fields, in the order of commitFields.
// The files' words and the changed identifiers are lists whose length is
// the size of the change, not care in the telling: they are normalised by
// it in full (b 1), so that a commit of many files does not match a
// question's words by the number of its paths and names alone. Measured
// with gortex-eval recall over every entry of the answer (docs/history.md):
// Hit@5 0.398 to 0.416 on the development half, 0.494 to 0.529 on the
// validation half; 0.5 or 0.75 for both, or 1 for one of them, did less.
var commitB = [len(commitFields)]float64{0.3, 1, 0.3, 1}

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

// add counts the fields of doc, analysed (by the batch that indexed it),
// into l: each field's length in tokens as the index counts it.
func (l *fieldLengths) add(doc *document.Document) {
	l.Docs++
	doc.VisitFields(func(f index.Field) {
		if i := slices.Index(commitFields[:], f.Name()); i >= 0 {
			l.Sum[i] += float64(f.AnalyzedLength())
		}
	})
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
				b := commitB[f]
				scores[i] += commitBoosts[f] * idf * tf * (bm25K1 + 1) / (tf + bm25K1*(1-b+b*dl/avg))
			}
		}
	}
	return scores
}
