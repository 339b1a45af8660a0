package llm

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/gortex/gortex/internal/textutil"
	"github.com/gortex/gortex/query"
)

// ErrMalformed means an LLM reply does not have the form the prompt asked
// for. The reply is shown as received, with a warning.
var ErrMalformed = errors.New("malformed LLM reply")

// Summary is a reply parsed into the fields of an answer.
type Summary struct {
	Answer      string
	Cited       []int
	Artifacts   []query.Artifact
	Suggestions []string
}

var (
	// sectionHead matches "ANSWER:", "**Answer:**", "## Artifacts" and
	// keeps what follows on the same line.
	sectionHead = textutil.Regexp(`(?i)^\s*(?:#{1,6}\s*)?\**\s*(answer|artifacts|suggestions)\s*\**\s*:?\s*\**\s*(.*)$`)
	citation    = textutil.Regexp(`\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\]`)
	relevance   = textutil.Regexp(`(?i)\b(high|medium|low)\b`)
	bullet      = textutil.Regexp(`^\s*(?:[-*•]|\d+[.)])\s+`)
)

// ParseReply parses a reply to a prompt of n entries. A reply is malformed
// when it is empty, has no ANSWER section, or cites an entry that does not
// exist (a number outside 1..n: the model refers to something the graph
// did not give it). Missing ARTIFACTS and SUGGESTIONS are no fault.
func ParseReply(text string, n int) (Summary, error) {
	sections := map[string][]string{}
	cur := ""
	for _, line := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
		if m := sectionHead().FindStringSubmatch(line); m != nil && isHeadLine(line, m) {
			cur = strings.ToLower(m[1])
			if rest := strings.TrimSpace(m[2]); rest != "" {
				sections[cur] = append(sections[cur], rest)
			}
			continue
		}
		if cur != "" {
			sections[cur] = append(sections[cur], line)
		}
	}
	var s Summary
	s.Answer = strings.TrimSpace(strings.Join(sections["answer"], "\n"))
	if s.Answer == "" {
		return s, fmt.Errorf("%w: no ANSWER section", ErrMalformed)
	}
	cited, err := citations(s.Answer, n)
	if err != nil {
		return s, err
	}
	s.Cited = cited
	s.Artifacts = artifacts(sections["artifacts"])
	for _, l := range sections["suggestions"] {
		if l = strings.Trim(strings.TrimSpace(bullet().ReplaceAllString(l, "")), "`"); l != "" {
			s.Suggestions = append(s.Suggestions, l)
		}
	}
	return s, nil
}

// isHeadLine tells a section heading from prose that starts with the word
// ("Answer the question ..."): a heading has a colon, or nothing after it.
func isHeadLine(line string, m []string) bool {
	return strings.Contains(line[:len(line)-len(m[2])], ":") || strings.TrimSpace(m[2]) == "" || strings.HasPrefix(strings.TrimSpace(line), "#")
}

// citations returns the distinct entry numbers cited as [n] or [n, m], in
// order of first citation.
func citations(answer string, n int) ([]int, error) {
	var out []int
	seen := map[int]bool{}
	for _, m := range citation().FindAllStringSubmatch(answer, -1) {
		for _, part := range strings.Split(m[1], ",") {
			v, _ := strconv.Atoi(strings.TrimSpace(part))
			if v < 1 || v > n {
				return nil, fmt.Errorf("%w: cites [%d], but there are %d entries", ErrMalformed, v, n)
			}
			if !seen[v] {
				seen[v] = true
				out = append(out, v)
			}
		}
	}
	return out, nil
}

// artifacts parses "- path (High)" lines; a line without a relevance is
// Medium.
func artifacts(lines []string) []query.Artifact {
	var out []query.Artifact
	for _, l := range lines {
		l = strings.TrimSpace(bullet().ReplaceAllString(l, ""))
		if l == "" {
			continue
		}
		fields := strings.Fields(l)
		path := strings.Trim(fields[0], "`*\"',:()")
		if path == "" || strings.EqualFold(path, "none") {
			continue
		}
		rel := "Medium"
		if m := relevance().FindStringSubmatch(l[len(fields[0]):]); m != nil {
			rel = strings.ToUpper(m[1][:1]) + strings.ToLower(m[1][1:])
		}
		out = append(out, query.Artifact{Path: path, Relevance: rel})
	}
	return out
}
