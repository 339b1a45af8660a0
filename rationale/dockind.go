package rationale

import (
	"path"
	"strconv"
	"strings"

	"github.com/gortex/gortex/graph"
	"github.com/gortex/gortex/internal/textutil"
)

// AssetKind is what kind of document a section belongs to.
type AssetKind string

// The document kinds, detected from path and content.
const (
	AssetADR       AssetKind = "adr"
	AssetRFC       AssetKind = "rfc"
	AssetDesign    AssetKind = "design"
	AssetSpec      AssetKind = "spec"
	AssetReadme    AssetKind = "readme"
	AssetChangelog AssetKind = "changelog"
	AssetDoc       AssetKind = "doc"
	AssetMemory    AssetKind = "memory"
	// AssetReference is a generated reference: sections that repeat the
	// doc comments of the symbols their headings name (an API reference
	// rendered from the code). It says what the code says, not why.
	AssetReference AssetKind = "reference"
	// AssetTestData is text under a test or golden folder: an input or an
	// expected output of a test, not a document about the code.
	AssetTestData AssetKind = "testdata"
)

// Weight scales a link's score by how much reasoning such documents carry:
// decisions and designs are written to explain why; a README explains what
// and how; a changelog lists what changed; a generated reference repeats
// the code's own comments; test data explains nothing. Values are
// judgement, ordered (the README's table lists them).
func (k AssetKind) Weight() float64 {
	switch k {
	case AssetADR, AssetRFC, AssetDesign, AssetMemory:
		return 1.0
	case AssetSpec:
		return 0.9
	case AssetDoc:
		return 0.8
	case AssetReadme:
		return 0.7
	case AssetChangelog, AssetReference:
		return 0.5
	case AssetTestData:
		return 0.3
	}
	return 0.8
}

// Node attributes of reasoning nodes. Documents and memories share
// AttrSupersededBy and AttrUpdated (RFC 3339; for a document, the last
// commit touching its file).
const (
	AttrAssetKind    = "asset_kind"
	AttrStatus       = "status"
	AttrSupersededBy = "superseded_by"
	AttrUpdated      = "updated"
	// AttrStub marks a section that holds no reasoning (IsStub).
	AttrStub = "stub"
)

// KindOf is the asset kind of a section node, "" for any other node.
func KindOf(sec *graph.Node) AssetKind { return AssetKind(sec.Attr(AttrAssetKind)) }

// StatusOf is the status a section's document states ("accepted",
// "superseded", ...), "" when it states none.
func StatusOf(sec *graph.Node) string { return sec.Attr(AttrStatus) }

// SupersededBy is the path of the document that supersedes a section's,
// "" when none does.
func SupersededBy(sec *graph.Node) string { return sec.Attr(AttrSupersededBy) }

// IsStubSection reports whether the linker marked a section as holding no
// reasoning (AttrStub; IsStub decides it).
func IsStubSection(sec *graph.Node) bool { return sec.Attr(AttrStub) != "" }

// document is one file's sections, in order.
type document struct {
	path     string
	sections []*graph.Node
	text     string // headings and bodies, joined
	front    string // its front matter (graph.AttrFrontMatter)
}

func (d *document) title() string {
	for _, s := range d.sections {
		if s.Name != "" {
			return s.Name
		}
	}
	return ""
}

var (
	numberedName = textutil.Regexp(`^(\d{1,5})[-_]`)
	adrTitle     = textutil.Regexp(`(?i)^(adr|architecture decision record)[\s:_-]*\d+`)
	rfcName      = textutil.Regexp(`(?i)(^|[^a-z])rfcs?([^a-z]|$)`)
	statusLine   = textutil.Regexp(`(?im)^\s*(?:[*_]{0,2})status(?:[*_]{0,2})\s*:\s*(?:[*_]{0,2})\s*([A-Za-z]+)(.*)$`)
	rfc2119      = textutil.Regexp(`\b(MUST NOT|MUST|SHALL NOT|SHALL|SHOULD NOT|SHOULD|REQUIRED|RECOMMENDED)\b`)
	refNumber    = textutil.Regexp(`(?i)(?:adr|rfc|#)?[\s-]*0*(\d{1,5})`)
)

// designHeadings are the headings of the common design-document template
// (summary, motivation, goals, proposal, alternatives): a document with
// several of them argues for a design, whatever its folder is called.
var designHeadings = map[string]bool{
	"summary": true, "motivation": true, "goals": true, "non-goals": true, "proposal": true,
	"alternatives": true, "alternatives considered": true, "design details": true,
	"background": true, "problem": true, "problem statement": true, "design": true,
	"drawbacks": true, "rationale": true, "considered options": true, "options": true,
}

// dirWords are directory names that say what their documents are.
var dirWords = []struct {
	kind  AssetKind
	words []string
}{
	{AssetADR, []string{"adr", "adrs", "decisions", "decision-records"}},
	{AssetRFC, []string{"rfc", "rfcs"}},
	{AssetDesign, []string{"design", "designs", "design-docs", "proposal", "proposals", "enhancements"}},
	{AssetSpec, []string{"spec", "specs", "specification", "specifications"}},
}

// changelogDirs are folders of release notes: one file per release or per
// change fragment.
var changelogDirs = []string{"changelog", "changelogs", "changelog.d", "changes", "releases",
	"release-notes", "release_notes", "releasenotes", "release-highlights"}

// changelogStem matches the file names of release notes and highlights:
// "CHANGELOG", "CHANGES", "HISTORY", "NEWS", "RELEASE-NOTES-1.2",
// "release_highlights", "whats-new".
var changelogStem = textutil.Regexp(`^(?:changelog|changes|history|news|releases)(?:[-_. ]?v?\d.*)?$|^release[-_ ]?(?:notes|highlights)|^whats[-_]?new`)

// testDirs are the folders whose text is a test's input or expected output.
var testDirs = []string{"test", "tests", "testdata", "golden", "goldens", "__snapshots__", "fixtures"}

// classify detects a document's kind from its path and content.
func classify(d *document) AssetKind {
	base := strings.ToLower(path.Base(d.path))
	stem := strings.TrimSuffix(base, path.Ext(base))
	dirs := strings.Split(strings.ToLower(path.Dir(d.path)), "/")
	switch {
	case hasAny(dirs, testDirs):
		return AssetTestData
	case changelogStem().MatchString(stem) || hasAny(dirs, changelogDirs):
		return AssetChangelog
	case strings.Contains(stem, "api-reference") || strings.Contains(stem, "api_reference"):
		return AssetReference
	}
	if adrTitle().MatchString(d.title()) || hasAny(dirs, dirWords[0].words) ||
		(numberedName().MatchString(base) && statusLine().MatchString(d.text)) {
		return AssetADR
	}
	if hasAny(dirs, dirWords[1].words) || rfcName().MatchString(stem) {
		return AssetRFC
	}
	if hasAny(dirs, dirWords[2].words) || designTemplate(d) >= 2 {
		return AssetDesign
	}
	if hasAny(dirs, dirWords[3].words) || rfc2119Terms(d.text) >= 3 {
		return AssetSpec
	}
	if strings.HasPrefix(stem, "readme") {
		return AssetReadme
	}
	return AssetDoc
}

// rfc2119Terms counts the RFC 2119 key words of text, up to four. The
// regular expression runs only on a text that holds one of them: most
// documents hold none, and scanning every document with it took a tenth
// of linking GOROOT/src.
func rfc2119Terms(text string) int {
	for _, w := range []string{"MUST", "SHALL", "SHOULD", "REQUIRED", "RECOMMENDED"} {
		if strings.Contains(text, w) {
			return len(rfc2119().FindAllString(text, 4))
		}
	}
	return 0
}

func designTemplate(d *document) int {
	n := 0
	for _, s := range d.sections {
		if designHeadings[strings.ToLower(strings.TrimSpace(s.Name))] {
			n++
		}
	}
	return n
}

func hasAny(list, words []string) bool {
	for _, w := range list {
		for _, x := range words {
			if w == x {
				return true
			}
		}
	}
	return false
}

// adrStatus returns the lower-cased status word of an ADR ("accepted",
// "superseded", ...) and the rest of its status line.
func adrStatus(d *document) (status, rest string) {
	// The front matter's status is the document's own; its text's "status:"
	// may be a manifest's key in a code block.
	for _, t := range []string{d.front, d.text} {
		if m := statusLine().FindStringSubmatch(t); m != nil {
			return strings.ToLower(m[1]), m[2]
		}
	}
	// "## Status" followed by the status word on the next line.
	for _, s := range d.sections {
		if strings.EqualFold(strings.TrimSpace(s.Name), "status") {
			f := strings.Fields(s.Text)
			if len(f) > 0 {
				return strings.ToLower(strings.Trim(f[0], "*_.:")), strings.Join(f[1:], " ")
			}
		}
	}
	return "", ""
}

// supersessions sets status and superseded_by on ADR sections, and the
// status of RFC, design and spec sections. An ADR is
// superseded when its own status says so ("Superseded by ADR 0003") or when
// another ADR says it supersedes it ("Supersedes: ADR 0002"); the number
// resolves to the ADR in the same directory with that number.
func supersessions(s *graph.Store, docs []*document) {
	byDirNum := map[string]*document{}
	for _, d := range docs {
		if m := numberedName().FindStringSubmatch(path.Base(d.path)); m != nil {
			n, _ := strconv.Atoi(m[1])
			byDirNum[path.Dir(d.path)+"#"+strconv.Itoa(n)] = d
		}
	}
	find := func(from *document, ref string) *document {
		if m := refNumber().FindStringSubmatch(ref); m != nil {
			n, _ := strconv.Atoi(m[1])
			return byDirNum[path.Dir(from.path)+"#"+strconv.Itoa(n)]
		}
		return nil
	}
	mark := func(old, by *document) {
		for _, sec := range old.sections {
			sec.SetAttr(AttrStatus, "superseded")
			if by != nil {
				sec.SetAttr(AttrSupersededBy, by.path)
			}
		}
		if by != nil && len(by.sections) > 0 && len(old.sections) > 0 {
			_ = s.AddEdge(by.sections[0].ID, old.sections[0].ID, graph.EdgeSupersedes)
		}
	}
	for _, d := range docs {
		switch KindOf(d.sections[0]) {
		case AssetRFC, AssetDesign, AssetSpec:
			// Their status says whether they stand (a rejected RFC does
			// not) and whether what they name is built yet (a draft's
			// names may not be); supersession is an ADR's.
			if status, _ := adrStatus(d); status != "" {
				for _, sec := range d.sections {
					sec.SetAttr(AttrStatus, status)
				}
			}
			continue
		case AssetADR:
		default:
			continue
		}
		status, rest := adrStatus(d)
		for _, sec := range d.sections {
			sec.SetAttr(AttrStatus, status)
		}
		switch status {
		case "superseded", "deprecated", "replaced":
			by := (*document)(nil)
			if i := strings.Index(strings.ToLower(rest), "by"); i >= 0 {
				by = find(d, rest[i+2:])
			}
			if by == d {
				by = nil // "superseded by" its own number: superseded, by no known ADR
			}
			mark(d, by)
		}
		for _, line := range strings.Split(d.text, "\n") {
			l := strings.ToLower(strings.TrimLeft(line, " *_-"))
			if strings.HasPrefix(l, "supersedes") {
				if old := find(d, line[strings.Index(strings.ToLower(line), "supersedes")+len("supersedes"):]); old != nil && old != d {
					mark(old, d)
				}
			}
		}
	}
}
