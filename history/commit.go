package history

import (
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gortex/gortex/internal/textutil"
)

// Commit is one commit as history reads return it.
type Commit struct {
	Hash    string
	Author  string
	Date    time.Time // author date
	Subject string
	Body    string   // the message after the subject line, trimmed
	Files   int      // files the commit changed; 0 when not read
	Lines   int      // lines of the blamed range it owns; 0 for log reads
	Path    string   // the file it was read for; "" for repository-wide reads
	Changed []string // the files it changed, for Walk's reads (at most MaxWalkFiles); nil otherwise
	Code    string   // for Walk's reads: the identifiers its changed lines add or remove, and their words, space-separated (at most MaxCodeBytes)
}

// Refs returns the issue and pull-request references in the commit's
// message: "#123", "owner/repo#123" and tracker keys like "ABC-123", each
// once, in order of appearance.
func (c Commit) Refs() []string { return ParseRefs(c.Subject + "\n" + c.Body) }

var (
	repoRef    = textutil.Regexp(`\b[A-Za-z0-9][\w.-]*/[\w.-]+#\d+\b`)
	issueRef   = textutil.Regexp(`(?:^|[^\w/&#])(#\d+)\b`)
	trackerRef = textutil.Regexp(`\b([A-Z][A-Z0-9]{1,9})-(\d+)\b`)
)

// notTrackers are upper-case words that precede a number with a dash in
// ordinary prose ("UTF-8", "SHA-256", "RFC-2119") and are no issue keys.
var notTrackers = map[string]bool{
	"UTF": true, "SHA": true, "MD": true, "ISO": true, "RFC": true, "AES": true, "RSA": true,
	"HTTP": true, "TLS": true, "SSL": true, "IPV": true, "CVE": true, "GPT": true, "PEP": true,
	"ADR": true, "UTC": true, "GMT": true, "P": true,
}

// ParseRefs returns the "#123", "owner/repo#123" and "ABC-123" references
// in text, each once, in order of appearance.
func ParseRefs(text string) []string {
	type at struct {
		pos int
		ref string
	}
	var found []at
	taken := map[int]bool{} // start offsets of owner/repo#N, so #N is not counted twice
	for _, m := range repoRef().FindAllStringIndex(text, -1) {
		found = append(found, at{m[0], text[m[0]:m[1]]})
		taken[strings.IndexByte(text[m[0]:m[1]], '#')+m[0]] = true
	}
	for _, m := range issueRef().FindAllStringSubmatchIndex(text, -1) {
		if !taken[m[2]] {
			found = append(found, at{m[2], text[m[2]:m[3]]})
		}
	}
	for _, m := range trackerRef().FindAllStringSubmatchIndex(text, -1) {
		key := text[m[2]:m[3]]
		next := m[1]
		// "CVE-2024-1234" and "1.2-3" shapes: a digit group that continues is no key.
		if notTrackers[key] || (next < len(text) && (text[next] == '-' || text[next] == '.') && next+1 < len(text) && isDigit(text[next+1])) {
			continue
		}
		found = append(found, at{m[0], text[m[0]:m[1]]})
	}
	sort.SliceStable(found, func(i, j int) bool { return found[i].pos < found[j].pos })
	seen := map[string]bool{}
	var out []string
	for _, f := range found {
		if !seen[f.ref] {
			seen[f.ref] = true
			out = append(out, f.ref)
		}
	}
	return out
}

func isDigit(b byte) bool { return b >= '0' && b <= '9' }

// Which commits explain nothing: the skip rule.
//
//   - Whitespace-only changes never reach a blame: git blame runs with -w,
//     so their lines stay with the commit that wrote them.
//   - Revisions listed in .git-blame-ignore-revs at the root (the file
//     GitHub's blame view honours) are skipped by git itself.
//   - A commit whose subject says it only reformats is skipped: a
//     conventional-commit type style/fmt/format ("style: ...", "fmt(api):"),
//     a formatter's name at the start ("gofmt", "run prettier", "goimports"),
//     or "reformat", "fix whitespace", "fix indentation", "formatting".
//   - A bulk commit, one that changed more than BulkFiles files, is skipped:
//     a sweep (rename, licence header, vendoring, a codemod) explains the
//     sweep, not the code it touched.
const BulkFiles = 100

var formatOnly = sync.OnceValue(func() []*regexp.Regexp {
	return []*regexp.Regexp{
		regexp.MustCompile(`(?i)^(style|fmt|format)(\([^)]*\))?!?:`),
		regexp.MustCompile(`(?i)^((run|ran|apply|applied)\s+)?(gofmt|gofumpt|go fmt|goimports|prettier|rustfmt|clang-format|black|ruff format|autopep8|eslint --fix)\b`),
		regexp.MustCompile(`(?i)^(reformat(ted|ting)?|re-format|formatting( only)?|whitespace|fix(ed)? (whitespace|indentation|formatting))\b`),
	}
})

// Skip reports whether c is a formatting-only or bulk commit, by the rule
// above, and why.
func (c Commit) Skip() (bool, string) {
	if c.Files > BulkFiles {
		return true, "bulk: " + strconv.Itoa(c.Files) + " files"
	}
	if formattingOnly.Get(strings.TrimSpace(c.Subject), isFormattingOnly) {
		return true, "formatting only"
	}
	return false, ""
}

// formattingOnly keeps isFormattingOnly's answers, up to 1 MiB of
// subjects: a long-running server reads the same commits with every why
// (hundreds for a file of synapse), and the expressions were a third of
// picking a file's commits from the blame cache.
var formattingOnly = textutil.NewCache[bool](1 << 20)

// isFormattingOnly reports whether a commit's subject says it only
// formatted code (formatOnly).
func isFormattingOnly(subject string) bool {
	for _, re := range formatOnly() {
		if re.MatchString(subject) {
			return true
		}
	}
	return false
}
