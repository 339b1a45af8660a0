package semantic

import (
	"strings"
	"sync"
	"unicode"

	"github.com/blevesearch/snowballstem"
	"github.com/blevesearch/snowballstem/english"
	"github.com/gortex/gortex/rationale"
)

// Words splits text into the model's words: runs of letters and digits,
// identifiers split at case and underscore boundaries, lower-cased,
// stemmed; short words, numbers and common English words are left out.
func Words(text string) []string {
	var st stemmer
	return st.words(text, nil)
}

// minWordLen is the shortest word kept: one and two letters are mostly
// loop variables and abbreviations that mean something else in every file.
const minWordLen = 3

// maxWordLen is the longest word kept; longer runs are hashes and data.
const maxWordLen = 40

// stemmer caches the stems it made: the same few thousand words come back
// in every doc comment.
type stemmer struct {
	cache map[string]string
}

func (st *stemmer) words(text string, out []string) []string {
	for field := range strings.FieldsFuncSeq(text, notWordRune) {
		for _, w := range rationale.SplitIdent(field) {
			if s, ok := st.stem(w); ok {
				out = append(out, s)
			}
		}
	}
	return out
}

func notWordRune(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' }

// stem returns w's stem, or false when w is no word the model keeps.
func (st *stemmer) stem(w string) (string, bool) {
	if len(w) < minWordLen || len(w) > maxWordLen || !hasLetter(w) {
		return "", false
	}
	if s, ok := st.cache[w]; ok {
		return s, s != ""
	}
	if st.cache == nil {
		st.cache = map[string]string{}
	}
	lw := strings.ToLower(w)
	s := ""
	if !stopWords()[lw] {
		env := snowballstem.NewEnv(lw)
		english.Stem(env)
		s = env.Current()
		if len(s) < minWordLen {
			s = lw
		}
	}
	st.cache[strings.Clone(w)] = s
	return s, s != ""
}

func hasLetter(w string) bool {
	for _, r := range w {
		if unicode.IsLetter(r) {
			return true
		}
	}
	return false
}

// stopWords are English function words: they follow every word and mean
// nothing on their own.
var stopWords = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`the and for that this with from are was were been being have has had
		not but can will would should could may might must shall its into than then there their
		them they these those which who whom whose what when where why how all any both each few
		more most other some such only own same too very just also our out over under again
		further once here off about above below between after before during through until while
		because does did doing his her hers him she you your yours yourself itself ourselves
		one two nor per via upon onto`) {
		m[w] = true
	}
	return m
})
