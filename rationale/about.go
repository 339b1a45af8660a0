package rationale

import (
	"math"
	"path"
	"strings"
	"unicode"

	"github.com/gortex/gortex/graph"
)

// A package or folder is named in prose by a word ("machinehealthcheck"),
// a compound ("MachineHealthChecks") or words in a row ("machine health
// checking"): up to aboutSpan words joined, case and an inflection aside.
const aboutSpan = 3

// aboutSuffixes are the endings a name may take in prose and stay the name.
var aboutSuffixes = []string{"", "s", "es", "ing", "ed"}

// About scores how much each section of secs is about the package or
// folder called names (its package name and its folder's name), in [0,1]:
// a third for its heading or a heading over it naming it, a third for its
// own mentions (half for one, three quarters for two, ...), and a third
// for its document: the whole when the document's file or title is named
// for it, else at most half, by the mentions of every section of secs in
// it. Sections that name a package in passing (a table listing every
// kind, a sentence of another design) tie on the links' evidence; this
// orders them.
func About(secs []*graph.Node, names ...string) map[graph.NodeID]float64 {
	var keys []string
	for _, n := range names {
		if k := normalise(n); len(k) >= 3 {
			keys = append(keys, k)
		}
	}
	out := make(map[graph.NodeID]float64, len(secs))
	if len(keys) == 0 {
		return out
	}
	own := make([]int, len(secs))
	perDoc := map[string]int{}
	for i, sec := range secs {
		own[i] = mentionsOf(sec.Text, keys)
		perDoc[sec.Path] += own[i]
	}
	for i, sec := range secs {
		head, title := mentionsOf(sec.Name, keys) > 0, ""
		if len(sec.HeadingPath) > 0 {
			title = sec.HeadingPath[0]
			for _, h := range sec.HeadingPath[1:] {
				head = head || mentionsOf(h, keys) > 0
			}
		}
		doc := 0.5 * (1 - math.Pow(0.8, float64(perDoc[sec.Path])))
		if base := path.Base(sec.Path); mentionsOf(strings.TrimSuffix(base, path.Ext(base)), keys) > 0 || mentionsOf(title, keys) > 0 {
			doc = 1
		}
		h := 0.0
		if head {
			h = 1
		}
		out[sec.ID] = (h + (1 - math.Pow(0.5, float64(own[i]))) + doc) / 3
	}
	return out
}

// mentionsOf counts the places text names one of keys (normalised names).
func mentionsOf(text string, keys []string) int {
	words := strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	n := 0
	for i := 0; i < len(words); i++ {
		joined := ""
		for j := i; j < len(words) && j < i+aboutSpan; j++ {
			joined += strings.ToLower(words[j])
			if namesKey(joined, keys) {
				n++
				i = j
				break
			}
			if !startsKey(joined, keys) {
				break
			}
		}
	}
	return n
}

// startsKey reports whether the joined words w begin one of keys.
func startsKey(w string, keys []string) bool {
	for _, k := range keys {
		if strings.HasPrefix(k, w) {
			return true
		}
	}
	return false
}

// namesKey reports whether the joined words w are one of keys, or one with
// an inflection.
func namesKey(w string, keys []string) bool {
	for _, k := range keys {
		if rest, ok := strings.CutPrefix(w, k); ok {
			for _, s := range aboutSuffixes {
				if rest == s {
					return true
				}
			}
		}
	}
	return false
}
