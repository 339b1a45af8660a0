package memory

import (
	"bytes"
	"errors"
	"fmt"
	"path"
	"strings"
	"time"
	"unicode/utf8"

	"gopkg.in/yaml.v3"
)

// A memory file is YAML front matter between two "---" lines, then the
// body in Markdown:
//
//	---
//	id: 20261130T215309Z-k3x9q2
//	title: Finalize writes one ledger entry per line
//	kind: decision
//	anchors:
//	  symbols:
//	    - written: billing.Invoice.Finalize
//	      id: billing/invoice.go::Invoice.Finalize
//	      fingerprint: method/15/8c1f0a2b3d4e5f60
//	  files:
//	    - billing/invoice.go
//	tags: [ledger]
//	importance: 4
//	...
//	---
//
//	Body.

// frontMatter is the on-disk form of a memory's fields. Times are strings
// so that the file shows exactly what Parse reads.
type frontMatter struct {
	ID           string      `yaml:"id"`
	Title        string      `yaml:"title"`
	Kind         string      `yaml:"kind"`
	Status       string      `yaml:"status,omitempty"` // "proposed" for a proposal, else absent
	Anchors      anchorsYAML `yaml:"anchors,omitempty"`
	Tags         []string    `yaml:"tags,flow,omitempty"`
	Importance   int         `yaml:"importance"`
	Confidence   float64     `yaml:"confidence"`
	Basis        string      `yaml:"basis"`
	Pinned       bool        `yaml:"pinned"`
	Source       string      `yaml:"source"`
	Author       string      `yaml:"author,omitempty"`
	Created      string      `yaml:"created"`
	Updated      string      `yaml:"updated"`
	Supersedes   string      `yaml:"supersedes,omitempty"`
	SupersededBy string      `yaml:"superseded_by,omitempty"`
	Repo         string      `yaml:"repo,omitempty"`
}

type anchorsYAML struct {
	Symbols []SymbolAnchor `yaml:"symbols,omitempty"`
	Files   []string       `yaml:"files,omitempty"`
}

const fmDelim = "---"

// Format renders m as the content of its file.
func Format(m *Memory) ([]byte, error) { return format(m, "") }

// FormatProposal renders m as the content of a proposal's file: a memory
// file whose front matter says status: proposed.
func FormatProposal(m *Memory) ([]byte, error) { return format(m, statusProposed) }

// statusProposed is the status line of a proposal's file; a memory's file
// has none.
const statusProposed = "proposed"

func format(m *Memory, status string) ([]byte, error) {
	fm := frontMatter{
		ID: string(m.ID), Title: m.Title, Kind: string(m.Kind), Status: status,
		Anchors: anchorsYAML{Symbols: m.Symbols, Files: m.Files}, Tags: m.Tags,
		Importance: m.Importance, Confidence: m.Confidence, Basis: string(m.Basis),
		Pinned: m.Pinned, Source: string(m.Source), Author: m.Author,
		Created: formatTime(m.Created), Updated: formatTime(m.Updated),
		Supersedes: string(m.Supersedes), SupersededBy: string(m.SupersededBy), Repo: m.Repo,
	}
	var b bytes.Buffer
	b.WriteString(fmDelim + "\n")
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(fm); err != nil {
		return nil, fmt.Errorf("format memory %s: %w", m.ID, err)
	}
	if err := enc.Close(); err != nil {
		return nil, fmt.Errorf("format memory %s: %w", m.ID, err)
	}
	b.WriteString(fmDelim + "\n\n")
	b.WriteString(m.Body)
	b.WriteString("\n")
	return b.Bytes(), nil
}

// Parse reads a memory file. It returns an error, wrapping
// ErrInvalid, for anything Format would not write or Validate would
// refuse: a proposal's file too.
func Parse(data []byte) (*Memory, error) { return parseAs(data, "") }

// ParseProposal reads a proposal's file, as FormatProposal writes it.
func ParseProposal(data []byte) (*Memory, error) { return parseAs(data, statusProposed) }

func parseAs(data []byte, want string) (*Memory, error) {
	m, status, err := decode(data)
	switch {
	case err != nil:
		return nil, err
	case status != want && want == "":
		return nil, fmt.Errorf("%w: a proposal (status: %s), not a memory; accept it with gortex memory review --accept %s", ErrInvalid, status, m.ID)
	case status != want:
		return nil, fmt.Errorf("%w: not a proposal (no status: %s)", ErrInvalid, want)
	}
	if err := m.Validate(); err != nil {
		return nil, err
	}
	return m, nil
}

// ParseEdited reads a memory file a person edited: as Parse, except that
// a symbol anchor may be written without its ID ("- written:
// billing.Invoice"), for ResolveAnchors to resolve.
func ParseEdited(data []byte) (*Memory, error) {
	m, status, err := decode(data)
	if err != nil {
		return nil, err
	}
	if status != "" {
		return nil, fmt.Errorf("%w: a proposal (status: %s), not a memory", ErrInvalid, status)
	}
	if err := m.validate(false); err != nil {
		return nil, err
	}
	return m, nil
}

// decode reads the fields of a memory file, and the status of a
// proposal's, without validating them.
func decode(data []byte) (*Memory, string, error) {
	if !utf8.Valid(data) {
		return nil, "", fmt.Errorf("%w: not UTF-8", ErrInvalid)
	}
	text := strings.ReplaceAll(string(data), "\r\n", "\n")
	head, body, err := splitFrontMatter(text)
	if err != nil {
		return nil, "", fmt.Errorf("%w: %w", ErrInvalid, err)
	}
	var fm frontMatter
	if err := yaml.Unmarshal([]byte(head), &fm); err != nil {
		return nil, "", fmt.Errorf("%w: front matter: %w", ErrInvalid, err)
	}
	m, err := fm.memory(body)
	if err != nil {
		return nil, "", fmt.Errorf("%w: %w", ErrInvalid, err)
	}
	return m, fm.Status, nil
}

// splitFrontMatter returns the YAML between the delimiters and the body
// after them, without leading blank lines and trailing white space.
func splitFrontMatter(text string) (head, body string, err error) {
	rest, ok := strings.CutPrefix(text, fmDelim+"\n")
	if !ok {
		return "", "", errors.New("no front matter: the file must start with a --- line")
	}
	var b strings.Builder
	for line := range strings.Lines(rest) {
		if strings.TrimRight(line, " \t\n") == fmDelim {
			body = rest[b.Len()+len(line):]
			body = strings.TrimRight(strings.TrimLeft(body, "\n"), " \t\n")
			return b.String(), body, nil
		}
		b.WriteString(line)
	}
	return "", "", errors.New("front matter is not closed by a --- line")
}

func (fm *frontMatter) memory(body string) (*Memory, error) {
	if fm.Status != "" && fm.Status != statusProposed {
		return nil, fmt.Errorf("status %q: a memory's file has none, a proposal's says %s", fm.Status, statusProposed)
	}
	created, err := parseTime("created", fm.Created)
	if err != nil {
		return nil, err
	}
	updated, err := parseTime("updated", fm.Updated)
	if err != nil {
		return nil, err
	}
	m := &Memory{
		ID: ID(fm.ID), Title: fm.Title, Body: body, Kind: Kind(fm.Kind),
		Symbols: nilIfEmpty(fm.Anchors.Symbols), Files: nilIfEmpty(fm.Anchors.Files), Tags: nilIfEmpty(fm.Tags),
		Importance: fm.Importance, Confidence: fm.Confidence, Basis: Basis(fm.Basis), Pinned: fm.Pinned,
		Source: Source(fm.Source), Author: fm.Author, Created: created, Updated: updated,
		Supersedes: ID(fm.Supersedes), SupersededBy: ID(fm.SupersededBy), Repo: fm.Repo,
	}
	for i := range m.Symbols {
		m.Symbols[i].Stale = false
	}
	return m, nil
}

func nilIfEmpty[T any](s []T) []T {
	if len(s) == 0 {
		return nil
	}
	return s
}

func formatTime(t time.Time) string { return t.UTC().Format(time.RFC3339Nano) }

func parseTime(field, s string) (time.Time, error) {
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return time.Time{}, fmt.Errorf("%s: %q is no RFC 3339 time", field, s)
	}
	return t.UTC(), nil
}

// cleanSlash cleans a forward-slash path.
func cleanSlash(p string) string { return path.Clean(p) }
