package rationale

import (
	"path"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/rationale/place"
)

// Architecture prose names parts of the code in words: "the Storage
// component", "the logic layer", "the WebUI service". A name written
// right before such a noun, that equals a package's name or the name of a
// folder holding packages (case, spacing and plural aside), names that
// folder: its own package, and a little weaker the packages below it.
const (
	scoreComponent = 0.6 // as a bare name in prose: a word, not code
	// scoreSubComponent is below the weakest package link that explains
	// each symbol in the package (query's minPackageMember): the folder
	// explains the packages below it as a whole (covers, why on the
	// package), not each of their symbols.
	scoreSubComponent = 0.18
	maxComponentWords = 3 // words before the noun joined into one name ("user db adapter")
	// maxComponentFolders bounds the folders one name may stand for: a
	// name every module repeats ("servlet", "rest", "util") names none.
	maxComponentFolders = 3
)

// componentNouns are the words that make the name before them a part of
// the system.
var componentNouns = map[string]bool{
	"component": true, "components": true, "layer": true, "layers": true,
	"module": true, "modules": true, "service": true, "services": true,
	"package": true, "packages": true, "subsystem": true, "subsystems": true,
}

// componentStop ends the name before a noun: articles and the like are
// no part of any name.
var componentStop = map[string]bool{"the": true, "a": true, "an": true, "this": true, "that": true,
	"its": true, "our": true, "each": true, "every": true, "of": true, "and": true, "or": true,
	"to": true, "in": true, "by": true, "from": true, "with": true, "for": true, "is": true}

// componentIndex maps a normalised folder name ("webui", "storage") to
// the folders of that name that hold packages at or below them, leaving
// out those inside another of the same name (a Java module "x.webui"
// holding the package folder "x/webui"), and keeps the packages by folder.
type componentIndex struct {
	byName map[string][]string
	byLast map[string][]string      // a folder's last element, as componentKey has it → every such folder
	pkgs   map[string][]*graph.Node // folder → packages whose folder is at or below it
	own    map[string]*graph.Node   // folder → its own package
}

func newComponentIndex(s *graph.Store) *componentIndex {
	ix := &componentIndex{byName: map[string][]string{}, byLast: map[string][]string{}, pkgs: map[string][]*graph.Node{}, own: map[string]*graph.Node{}}
	total := 0
	mirrored := map[string]bool{} // parent folder, NUL, the folder of a test file below a folder in it
	for n := range s.Nodes() {
		if n.Kind == graph.KindFile && place.IsTest(n.Path) {
			dir := path.Dir(n.Path)
			for a := path.Dir(dir); a != "." && a != "/" && a != ""; a = path.Dir(a) {
				mirrored[path.Dir(a)+"\x00"+dir[len(a):]] = true
			}
		}
		if n.Kind != graph.KindPackage || n.Path == "" || n.Path == "." {
			continue
		}
		total++
		ix.own[n.Path] = n
		for d := n.Path; d != "." && d != "/" && d != ""; d = path.Dir(d) {
			if len(ix.pkgs[d]) == 0 {
				last := componentKey(path.Base(d))
				ix.byLast[last] = append(ix.byLast[last], d)
				keys := map[string]bool{componentKey(folderName(d)): true}
				if d == n.Path {
					keys[componentKey(n.Name)] = true
				}
				for k := range keys {
					if len(k) >= 3 {
						ix.byName[k] = append(ix.byName[k], d)
					}
				}
			}
			ix.pkgs[d] = append(ix.pkgs[d], n)
		}
	}
	// A folder holding most of the packages is the project itself ("Media
	// Store" over mediastore/…), not one of its parts; so is a source set
	// beside its tests' (src/main beside src/test with the same packages
	// below each).
	for k, ds := range ix.byName {
		kept := ds[:0]
		for _, d := range ds {
			if (total < 4 || 2*len(ix.pkgs[d]) <= total) && !ix.sourceSet(d, mirrored) {
				kept = append(kept, d)
			}
		}
		ix.byName[k] = outermost(kept)
	}
	return ix
}

// sourceSet reports whether a test folder beside dir holds test files at
// the same place below it as one of dir's own (not test) packages (Java's
// tests share their package's name, so the files tell): dir is where the
// project's code starts, as its sibling is where its tests do.
func (ix *componentIndex) sourceSet(dir string, mirrored map[string]bool) bool {
	parent := path.Dir(dir)
	for _, p := range ix.pkgs[dir] {
		if p.Path != dir && !place.IsTest(p.Path+"/_") && mirrored[parent+"\x00"+p.Path[len(dir):]] {
			return true
		}
	}
	return false
}

// outermost returns the folders of ds that are inside no other of them,
// in their order. It runs once per name when the index is built: every
// run of prose words looks names up, most of them more than once.
func outermost(ds []string) []string {
	out := ds[:0:0]
	for _, d := range ds {
		inner := false
		for _, o := range ds {
			if len(d) > len(o) && d[len(o)] == '/' && strings.HasPrefix(d, o) {
				inner = true
				break
			}
		}
		if !inner {
			out = append(out, d)
		}
	}
	return out
}

// folderName is a folder's last element, and of a dotted folder name
// ("tools.example.webui", a Java module's folder) its last part.
func folderName(dir string) string {
	dir = dir[strings.LastIndexByte(dir, '/')+1:]
	return dir[strings.LastIndexByte(dir, '.')+1:]
}

// componentKey is name lower-cased, without separators and without a
// plural "s".
func componentKey(name string) string {
	return string(trimPlural([]byte(normalise(name))))
}

// trimPlural drops the plural "s" of a normalised name.
func trimPlural(k []byte) []byte {
	if len(k) > 3 && k[len(k)-1] == 's' && k[len(k)-2] != 's' {
		return k[:len(k)-1]
	}
	return k
}

// A name in prose, written as a name (capitalised inside a sentence, or
// CamelCase: "the WebUI", "the Image Provider"), that equals a component
// folder names it too, weaker than a phrase with a component noun.
const (
	scoreProseName    = 0.15
	scoreSubProseName = 0.12
)

// word is one word of prose and how it is written.
type word struct {
	text    string
	initial bool // first of its sentence
	noun    bool // a component noun
	stop    bool // an article or the like
	dotted  bool // a part of a dotted name ("common.util"), joined by '.' to a neighbour
	joined  bool // joined by '.' to the next word
}

// prose is a section's heading and text as the prose signals read them:
// one string, and its words split once for the four signals that read
// them.
type prose struct {
	text  string // the heading, a line break, the text
	words []word
}

// proseOf splits sec's prose into words appended to buf[:0].
func proseOf(sec *graph.Node, buf []word) prose {
	text := sec.Name + "\n" + sec.Text
	return prose{text: text, words: proseWords(text, -1, buf[:0])}
}

// proseWords appends to out the words of text, at most n of them (all
// when n < 0); a word after '.', '!', '?', ':' or a line break starts a
// sentence.
func proseWords(text string, n int, out []word) []word {
	initial := true
	end := -1 // the length of out at which to stop
	if n >= 0 {
		end = len(out) + n
	}
	start := -1
	after := false // the word starts right after a '.' that joins it to the one before
	flush := func(end int, joined bool) {
		if start >= 0 {
			t := text[start:end]
			lw := strings.ToLower(t)
			out = append(out, word{text: t, initial: initial, noun: componentNouns[lw], stop: componentStop[lw],
				dotted: joined || after, joined: joined})
			initial = false
			start = -1
		}
		after = joined
	}
	for i, r := range text {
		if len(out) == end {
			return out
		}
		if isWordRune(r) {
			if start < 0 {
				start = i
			}
			continue
		}
		if r == '.' && start >= 0 && i+1 < len(text) {
			// "common.util", "e2e.pageobjects": one dotted name, not the
			// end of a sentence
			if next, _ := utf8.DecodeRuneInString(text[i+1:]); isWordRune(next) {
				flush(i, true)
				continue
			}
		}
		flush(i, false)
		if r == '.' || r == '!' || r == '?' || r == ':' || r == '\n' {
			initial = true
		}
	}
	flush(len(text), false)
	return out
}

// isWordRune reports whether r belongs in a word of prose.
func isWordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_'
}

// writtenAsName reports whether w is written as a name: with a capital
// inside it, or capitalised where a sentence does not start.
func writtenAsName(w word) bool {
	rs := []rune(w.text)
	if !unicode.IsUpper(rs[0]) {
		return false
	}
	for _, r := range rs[1:] {
		if unicode.IsUpper(r) {
			return true
		}
	}
	return !w.initial
}

// componentRun is the words of prose that may name a component, and the
// scores a match earns.
type componentRun struct {
	words    []string // identifier words, CamelCase split
	own, sub float64
}

// componentRuns returns the runs of a text that may name a component: the
// words before each component noun, up to maxComponentWords and stopping
// at an article or the like ("the User DB Adapter component" gives
// [User DB Adapter]), and each run of words written as names.
func componentRuns(ws []word) []componentRun {
	var out []componentRun
	for i, w := range ws {
		if !w.noun {
			continue
		}
		start := i
		for start > 0 && i-start < maxComponentWords && !ws[start-1].stop && !ws[start-1].noun && !ws[start-1].dotted {
			start--
		}
		if start < i {
			run := componentRun{words: texts(ws[start:i]), own: scoreComponent, sub: scoreSubComponent}
			if !anyCapital(ws[start:i]) {
				// "the logic layer" names the folder, but a lower-case word
				// may be only a word ("internal packages"): it explains the
				// package as a whole, not each of its symbols.
				run.own, run.sub = scoreProseName, scoreSubProseName
			}
			out = append(out, run)
		}
	}
	for i := 0; i < len(ws); {
		j := i
		for j < len(ws) && j-i < maxComponentWords && !ws[j].noun && !ws[j].dotted && writtenAsName(ws[j]) {
			j++
		}
		if j > i {
			out = append(out, componentRun{words: texts(ws[i:j]), own: scoreProseName, sub: scoreSubProseName})
			i = j
			continue
		}
		i++
	}
	return out
}

// anyCapital reports whether one of ws starts with a capital.
func anyCapital(ws []word) bool {
	for _, w := range ws {
		if unicode.IsUpper([]rune(w.text)[0]) {
			return true
		}
	}
	return false
}

// texts returns the words of ws as written: a CamelCase word names a
// folder whole or not at all ("DataStorage" is no "storage").
func texts(ws []word) []string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = w.text
	}
	return out
}

// componentDoc is what one document said about components so far, for
// its later sections: the one-word names it gave components ("the
// Registry", then "the registry"), and the previous section's links.
type componentDoc struct {
	named map[string][]string
	prev  map[graph.NodeID]graph.Motivation
}

func (d *componentDoc) remember(name string, folders []string) {
	if d.named == nil {
		d.named = map[string][]string{}
	}
	d.named[componentKey(name)] = folders
}

// pronouns open a sentence that goes on about the one part the sentence
// before named ("It stores…", "Its cache…"). A plural pronoun or a
// demonstrative points elsewhere as often: to what that sentence listed
// ("two layers of checks. These are…"), to a noun it comes before ("This
// UI", "These classes") or to a situation ("This can result in…").
var pronouns = map[string]bool{"it": true, "its": true}

// opensWithPronoun reports whether one of the text's first three words
// is a pronoun ("It stores…", "Furthermore, it fetches…").
func opensWithPronoun(text string) bool {
	for _, w := range proseWords(text, 3, nil) {
		if pronouns[strings.ToLower(w.text)] {
			return true
		}
	}
	return false
}

// linkComponents adds a named motivation from the section to each folder
// a run of its prose names (its own package, and a little weaker the
// packages below it). In each run the longest stretch of words that names
// a folder counts ("User DB Adapter" before "Adapter"), the leftmost of
// equal length. Within one document a one-word name a component phrase
// gave links again where it refers back (refersBack), and a section that
// opens with a pronoun and names no component itself takes the previous
// section's, both at the prose-name score; a dotted name links the folders
// it ends (dotted.go). It returns the number of packages linked.
func linkComponents(s *graph.Store, ix *componentIndex, sec *graph.Node, p prose, doc *componentDoc) int {
	found := map[graph.NodeID]graph.Motivation{}
	add := func(n *graph.Node, score float64, detail string) {
		if cur, ok := found[n.ID]; !ok || score > cur.Score {
			found[n.ID] = graph.Motivation{Signal: graph.SignalNamed, Score: score, Detail: detail}
		}
	}
	folders := func(hits []string, own, sub float64, detail string) {
		for _, d := range hits {
			for _, p := range ix.pkgs[d] {
				score := sub
				if p == ix.own[d] {
					score = own
				}
				add(p, score/float64(len(hits)), detail)
			}
		}
	}
	for _, run := range componentRuns(p.words) {
		hits, detail := ix.longest(run.words)
		if len(hits) == 0 || len(hits) > maxComponentFolders {
			continue
		}
		folders(hits, run.own, run.sub, detail)
		if len(run.words) == 1 {
			doc.remember(detail, hits) // a part of a longer name ("Image" of "Image Provider") is a guess
		}
	}
	for _, sib := range siblingNames(ix, p.words) {
		folders(sib.folders, scoreProseName, scoreSubProseName, sib.word)
	}
	for i, w := range p.words {
		if len(doc.named) == 0 {
			break // nothing to look up: spare the keys
		}
		if w.dotted || !refersBack(p.words, i) {
			continue
		}
		if hits, ok := doc.named[componentKey(w.text)]; ok {
			folders(hits, scoreProseName, scoreSubProseName, w.text)
		}
	}
	for _, name := range dottedNames(p.words) {
		if hits := ix.dotted(name); len(hits) > 0 && len(hits) <= maxComponentFolders {
			folders(hits, scoreProseName, scoreSubProseName, strings.Join(name, "."))
		}
	}
	if len(found) == 0 && opensWithPronoun(sec.Text) {
		for id, m := range doc.prev {
			found[id] = graph.Motivation{Signal: graph.SignalNamed, Score: min(m.Score, scoreProseName), Detail: m.Detail}
		}
	}
	doc.prev = found
	return addNew(s, sec.ID, found)
}

// refersBack reports whether ws[i] may be a name given before: written
// with a capital ("the Registry", "Registry stores…"), in lower case where
// prose would capitalise it (a sentence that opens "logic, ui.website and
// ui.controller…" writes it as code), or a lower-case word a determiner
// makes a thing, at most one word before it ("the registry", "a single
// registry", "the back-end logic"). A plain word without one is only a
// word ("minimal logic", "e.g. cascade logic"), as siblingNames holds too.
func refersBack(ws []word, i int) bool {
	if ws[i].initial || unicode.IsUpper([]rune(ws[i].text)[0]) {
		return true
	}
	for j := i - 1; j >= 0 && j >= i-2; j-- {
		if determiners[strings.ToLower(ws[j].text)] {
			return true
		}
		if ws[j].stop || ws[j].noun {
			return false
		}
	}
	return false
}

// determiners make the word after them, or the one after that, a thing
// referred to.
var determiners = map[string]bool{"the": true, "a": true, "an": true, "one": true, "this": true, "that": true,
	"each": true, "every": true, "its": true, "our": true, "their": true}

// siblingHit is a plain word of prose and the folders it names.
type siblingHit struct {
	word    string
	folders []string
}

// siblingNames returns the plain words of each sentence of ws that name
// folders, when two or more different words of the sentence name folders
// of one parent: "the gui, the logic and the model" names the parts of
// one tree whose folders are gui, logic and model, where one such word
// alone is only a word ("we keep the logic simple"). Words written as
// names and words before a component noun are the runs' (componentRuns);
// test and vendored folders are no part of the architecture prose
// describes, and a word that names more than maxComponentFolders folders
// names none.
func siblingNames(ix *componentIndex, ws []word) []siblingHit {
	var out []siblingHit
	for _, sentence := range sentences(ws) {
		named := map[string][]string{} // word key → its folders
		var order, written []string
		for i, w := range sentence {
			if w.noun || w.stop || w.dotted || len(w.text) < 3 || writtenAsName(w) ||
				(i+1 < len(sentence) && sentence[i+1].noun) {
				continue
			}
			k := componentKey(w.text)
			if _, seen := named[k]; seen {
				continue
			}
			var hits []string
			for _, d := range ix.byName[k] {
				if !place.IsTest(d+"/_") && !place.IsVendored(d+"/_") {
					hits = append(hits, d)
				}
			}
			if len(hits) == 0 || len(hits) > maxComponentFolders {
				continue
			}
			named[k] = hits
			order, written = append(order, k), append(written, w.text)
		}
		words := map[string]map[string]bool{} // parent folder → the keys naming a folder in it
		for _, k := range order {
			for _, d := range named[k] {
				parent := path.Dir(d)
				if words[parent] == nil {
					words[parent] = map[string]bool{}
				}
				words[parent][k] = true
			}
		}
		for i, k := range order {
			var kept []string
			for _, d := range named[k] {
				if len(words[path.Dir(d)]) >= 2 {
					kept = append(kept, d)
				}
			}
			if len(kept) > 0 {
				out = append(out, siblingHit{word: written[i], folders: kept})
			}
		}
	}
	return out
}

// sentences splits ws at the first word of each sentence.
func sentences(ws []word) [][]word {
	var out [][]word
	start := 0
	for i, w := range ws {
		if w.initial && i > start {
			out = append(out, ws[start:i])
			start = i
		}
	}
	if start < len(ws) {
		out = append(out, ws[start:])
	}
	return out
}

// addNew adds each motivation from sec to a node sec has no link to yet:
// these guesses from prose never replace what a stronger signal found (a
// weak named link would outrank a path link of a higher score).
func addNew(s *graph.Store, sec graph.NodeID, found map[graph.NodeID]graph.Motivation) int {
	have := map[graph.NodeID]bool{}
	for _, e := range s.Out(sec, graph.EdgeMotivates) {
		have[e.To] = true
	}
	n := 0
	for _, id := range graph.SortedIDs(found) {
		if !have[id] {
			_ = s.AddMotivation(sec, id, found[id])
			n++
		}
	}
	return n
}

// longest returns the folders the longest stretch of words names, and the
// stretch. The key of a stretch is built from its words' normalised forms
// in one buffer: normalising the joined words gives the same key.
func (ix *componentIndex) longest(words []string) ([]string, string) {
	norms := make([]string, len(words))
	for i, w := range words {
		norms[i] = normalise(w)
	}
	var key []byte
	for n := len(words); n > 0; n-- {
		for i := 0; i+n <= len(words); i++ {
			key = key[:0]
			for _, w := range norms[i : i+n] {
				key = append(key, w...)
			}
			if hits := ix.byName[string(trimPlural(key))]; len(hits) > 0 {
				return hits, strings.Join(words[i:i+n], " ")
			}
		}
	}
	return nil, ""
}
