package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// Pair is one labelled line of a gold file: a symbol and the document
// section that explains why it exists.
type Pair struct {
	Repo          string `json:"repo"`
	Commit        string `json:"commit"`
	Symbol        string `json:"symbol"`
	File          string `json:"file"`
	Line          int    `json:"line"`
	Doc           string `json:"doc"`
	Section       string `json:"section"`
	Difficulty    string `json:"difficulty"`
	Justification string `json:"justification"`
	Also          []Ref  `json:"also,omitempty"`
}

// Ref is one acceptable answer: a repo-relative document path and the text
// of one of its headings.
type Ref struct {
	Doc     string `json:"doc"`
	Section string `json:"section"`
}

// Targets returns every acceptable answer of p, the main one first.
func (p Pair) Targets() []Ref {
	return append([]Ref{{Doc: p.Doc, Section: p.Section}}, p.Also...)
}

// ParseGold parses a gold file: one JSON object per line, blank lines
// ignored. An error names the 1-based line it is about.
func ParseGold(data []byte) ([]Pair, error) {
	var pairs []Pair
	for i, line := range bytes.Split(data, []byte("\n")) {
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		p, err := parseGoldLine(line)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", i+1, err)
		}
		pairs = append(pairs, p)
	}
	if len(pairs) == 0 {
		return nil, errors.New("no pairs")
	}
	return pairs, nil
}

// parseGoldLine decodes one line strictly: unknown fields are errors, so a
// misspelt "also" cannot silently drop acceptable answers.
func parseGoldLine(line []byte) (Pair, error) {
	var p Pair
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&p); err != nil {
		return Pair{}, err
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return Pair{}, errors.New("trailing data after the JSON object")
	}
	return p, p.check()
}

// check reports the first required field that is missing or blank.
func (p Pair) check() error {
	required := []struct{ name, value string }{
		{"symbol", p.Symbol}, {"doc", p.Doc}, {"section", p.Section}, {"difficulty", p.Difficulty},
	}
	for _, f := range required {
		if strings.TrimSpace(f.value) == "" {
			return fmt.Errorf("missing %q", f.name)
		}
	}
	for i, r := range p.Also {
		if strings.TrimSpace(r.Doc) == "" || strings.TrimSpace(r.Section) == "" {
			return fmt.Errorf("also[%d]: needs both \"doc\" and \"section\"", i)
		}
	}
	return nil
}
