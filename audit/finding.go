package audit

// Type is what a finding says.
type Type string

// The finding types, in the order a report lists them when nothing else
// tells two findings apart.
const (
	TypeUnexplained Type = "unexplained_load_bearing"
	TypeWeakBasis   Type = "weak_basis"
	TypeSuperseded  Type = "superseded_only"
	TypeStaleAnchor Type = "stale_anchor"
	TypeDangling    Type = "dangling_reference"
	TypeGrounded    Type = "grounded"
)

// String is the type's name; TOON encodes it through it.
func (t Type) String() string { return string(t) }

// Types lists every finding type.
var Types = []Type{TypeUnexplained, TypeWeakBasis, TypeSuperseded, TypeStaleAnchor, TypeDangling, TypeGrounded}

// Severity says whether a finding asks for work (caution) or recognises
// work done (kudos).
type Severity string

// The severities.
const (
	SeverityCaution Severity = "caution"
	SeverityKudos   Severity = "kudos"
)

// String is the severity's name; TOON encodes it through it.
func (s Severity) String() string { return string(s) }

// Severities lists every severity, as --fail-on takes them.
var Severities = []Severity{SeverityCaution, SeverityKudos}

// Severity is the severity of findings of type t.
func (t Type) Severity() Severity {
	if t == TypeGrounded {
		return SeverityKudos
	}
	return SeverityCaution
}

// Finding is one structural fact about the reasoning graph. Field names are
// a contract with agents, as query.Answer's are: later versions add
// fields, never rename.
type Finding struct {
	Type     Type     `json:"type" toon:"type"`
	Severity Severity `json:"severity" toon:"severity"`
	Symbol   Symbol   `json:"symbol" toon:"symbol"`
	Evidence Evidence `json:"evidence" toon:"evidence"`
	// Message states the fact and what addressing it gains.
	Message string `json:"message" toon:"message"`
	// Command is what addresses it, ready to run or to complete.
	Command string `json:"command" toon:"command"`
}

// Symbol is what a finding is about: a code symbol (id, qualified name,
// where it is declared), or for a stale anchor the anchor as written, or
// for a dangling reference the name as the document writes it (no id) and
// the section that writes it (the line of its heading).
type Symbol struct {
	ID        string `json:"id" toon:"id"`
	Qualified string `json:"qualified" toon:"qualified"`
	Path      string `json:"path" toon:"path"`
	Line      int    `json:"line" toon:"line"`
}

// Evidence is what a finding rests on. Callers, Packages and Dependents
// are set for findings about load-bearing code; Memory, Document and Basis
// name the reasoning a finding is about; Suggestion is the closest existing
// name of a dangling reference.
type Evidence struct {
	Callers    int    `json:"callers" toon:"callers"`       // distinct functions outside tests calling it
	Packages   int    `json:"packages" toon:"packages"`     // directories those callers are in
	Dependents int    `json:"dependents" toon:"dependents"` // functions reaching it through calls, at most MaxDependents
	Memory     string `json:"memory,omitempty" toon:"memory,omitempty"`
	Document   string `json:"document,omitempty" toon:"document,omitempty"`
	Basis      string `json:"basis,omitempty" toon:"basis,omitempty"`
	Suggestion string `json:"suggestion,omitempty" toon:"suggestion,omitempty"`
}

// Report is what an audit found. Findings holds at most the limit asked
// for, most important first; Total and ByType count every finding.
type Report struct {
	Symbols     int         `json:"symbols" toon:"symbols"` // code symbols in the graph
	Total       int         `json:"total" toon:"total"`
	PerThousand float64     `json:"per_thousand_symbols" toon:"per_thousand_symbols"`
	ByType      []TypeCount `json:"by_type" toon:"by_type"`
	Count       int         `json:"count" toon:"count"` // len(Findings)
	Findings    []Finding   `json:"findings" toon:"findings"`
	// NotAnalysed lists the languages of the graph's symbols whose calls
	// are not resolved across files: their code was not judged
	// load-bearing or not, which is not the same as found clean.
	NotAnalysed []string `json:"not_analysed,omitempty" toon:"not_analysed,omitempty"`
	// Note says what a caller left out to fit a budget (the MCP tool's).
	Note string `json:"note,omitempty" toon:"note,omitempty"`
}

// TypeCount is the number of findings of one type.
type TypeCount struct {
	Type     Type     `json:"type" toon:"type"`
	Severity Severity `json:"severity" toon:"severity"`
	Count    int      `json:"count" toon:"count"`
}

// Has reports whether r found anything of severity sev (before the limit).
func (r *Report) Has(sev Severity) bool {
	for _, c := range r.ByType {
		if c.Severity == sev && c.Count > 0 {
			return true
		}
	}
	return false
}
