package memory

import (
	"errors"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/gortex/gortex/graph"
)

var update = flag.Bool("update", false, "rewrite golden files")

// fullMemory sets every stored field to a non-zero value.
func fullMemory() *Memory {
	return &Memory{
		ID:    "20261130T215309Z-k3x9q2",
		Title: "Finalize writes one ledger entry per line: \"quoted\" # not a comment",
		Body:  "Per-line entries let a refund reverse one line.\n\n---\n\n```go\ninv.Finalize()\n```",
		Kind:  KindDecision,
		Symbols: []SymbolAnchor{
			{Written: "billing.Invoice.Finalize", ID: "billing/invoice.go::Invoice.Finalize", Fingerprint: "method/15/0123456789abcdef"},
			{Written: "ledger.Record", ID: "internal/ledger/ledger.go::Record"},
		},
		Files:        []string{"billing/invoice.go", "docs/adr/0001-use-a-ledger.md"},
		Tags:         []string{"ledger", "money", "yes"},
		Importance:   4,
		Confidence:   0.85,
		Basis:        BasisIncident,
		Pinned:       true,
		Source:       SourceReview,
		Author:       "Ada Lovelace <ada@example.com>",
		Created:      time.Date(2026, 11, 30, 21, 53, 9, 0, time.UTC),
		Updated:      time.Date(2026, 12, 1, 8, 0, 0, 0, time.UTC),
		Supersedes:   "20261001T120000Z-aaaaaa",
		SupersededBy: "20261201T080000Z-bbbbbb",
		Repo:         "/home/ada/src/shop",
	}
}

func TestMemoryRoundTrip(t *testing.T) {
	m := fullMemory()
	// Every exported field but the two the store sets must be non-zero, so
	// that a new field cannot be forgotten by the format.
	v := reflect.ValueOf(*m)
	for i := range v.NumField() {
		name := v.Type().Field(i).Name
		if v.Type().Field(i).IsExported() && name != "Path" && name != "Scope" && v.Field(i).IsZero() {
			t.Fatalf("fullMemory leaves %s zero", name)
		}
	}
	got, err := Format(m)
	if err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "memory.golden.md")
	if *update {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Errorf("Format differs from %s (run with -update):\n%s", golden, got)
	}
	back, err := Parse(want)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, m) {
		t.Errorf("round trip:\n got %+v\nwant %+v", back, m)
	}
}

func TestParseMemoryCRLF(t *testing.T) {
	data, _ := Format(fullMemory())
	m, err := Parse([]byte(strings.ReplaceAll(string(data), "\n", "\r\n")))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(m, fullMemory()) {
		t.Errorf("CRLF file parsed to %+v", m)
	}
}

func TestParseMemoryErrors(t *testing.T) {
	good, _ := Format(fullMemory())
	tests := []struct {
		name, from, to, want string
	}{
		{"no front matter", "---\n", "", "no front matter"},
		{"unclosed", string(good), "---\nkind: decision\n", "not closed"},
		{"unknown kind", "kind: decision", "kind: whim", "unknown kind"},
		{"importance", "importance: 4", "importance: 9", "importance 9"},
		{"confidence", "confidence: 0.85", "confidence: 1.5", "confidence 1.5"},
		{"bad time", "created: \"2026-11-30T21:53:09Z\"", "created: yesterday", "created"},
		{"bad yaml", "importance: 4", "importance: [", "front matter"},
		{"bad id", "id: 20261130T215309Z-k3x9q2", "id: x", "id \"x\""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data := strings.Replace(string(good), tt.from, tt.to, 1)
			if data == string(good) {
				t.Fatalf("%q not in the file:\n%s", tt.from, good)
			}
			_, err := Parse([]byte(data))
			if !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err = %v, want ErrInvalid mentioning %q", err, tt.want)
			}
		})
	}
}

// TestParseEdited: a file a person edited may name a new symbol anchor
// without its ID; everything else is checked as Parse checks it.
func TestParseEdited(t *testing.T) {
	good, _ := Format(fullMemory())
	unresolved := strings.Replace(string(good), "  symbols:\n", "  symbols:\n    - written: cart.Cart.Checkout\n", 1)
	if unresolved == string(good) {
		t.Fatalf("no symbols in:\n%s", good)
	}
	tests := []struct {
		name, data string
		want       string // in the error; "" for none
	}{
		{"as formatted", string(good), ""},
		{"an anchor without its ID", unresolved, ""},
		{"still validated", strings.Replace(unresolved, "importance: 4", "importance: 9", 1), "importance 9"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := ParseEdited([]byte(tt.data))
			switch {
			case tt.want == "" && err != nil:
				t.Fatal(err)
			case tt.want != "" && (!errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), tt.want)):
				t.Errorf("err = %v, want ErrInvalid mentioning %q", err, tt.want)
			case tt.name == "an anchor without its ID" && (m.Symbols[0].Written != "cart.Cart.Checkout" || m.Symbols[0].ID != ""):
				t.Errorf("anchors %+v", m.Symbols)
			}
		})
	}
	if _, err := Parse([]byte(unresolved)); !errors.Is(err, ErrUnresolved) {
		t.Errorf("Parse accepted an anchor without its ID: %v", err)
	}
}

func TestValidate(t *testing.T) {
	tests := []struct {
		name   string
		change func(*Memory)
		want   string
	}{
		{"ok", func(*Memory) {}, ""},
		{"empty body", func(m *Memory) { m.Body = " \n" }, "body is empty"},
		{"unknown kind", func(m *Memory) { m.Kind = "whim" }, "unknown kind"},
		{"importance low", func(m *Memory) { m.Importance = 0 }, "importance 0"},
		{"importance high", func(m *Memory) { m.Importance = 6 }, "importance 6"},
		{"confidence", func(m *Memory) { m.Confidence = -0.1 }, "confidence"},
		{"title cap", func(m *Memory) { m.Title = strings.Repeat("x", MaxTitleLen+1) }, "at most 200"},
		{"body cap", func(m *Memory) { m.Body = strings.Repeat("x", MaxBodyLen+1) }, "at most 20000"},
		{"two-line title", func(m *Memory) { m.Title = "a\nb" }, "one line"},
		{"unresolved anchor", func(m *Memory) { m.Symbols = []SymbolAnchor{{Written: "X"}} }, "resolve"},
		{"absolute file", func(m *Memory) { m.Files = []string{"/etc/passwd"} }, "relative"},
		{"escaping file", func(m *Memory) { m.Files = []string{"../x.go"} }, "relative"},
		{"unclean file", func(m *Memory) { m.Files = []string{"a/../b.go"} }, "clean"},
		{"tag with space", func(m *Memory) { m.Tags = []string{"two words"} }, "one word"},
		{"self supersede", func(m *Memory) { m.Supersedes = m.ID }, "itself"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := fullMemory()
			tt.change(m)
			err := m.Validate()
			if tt.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err = %v, want ErrInvalid mentioning %q", err, tt.want)
			}
		})
	}
}

func TestNewMemoryID(t *testing.T) {
	at := time.Date(2026, 11, 30, 21, 53, 9, 0, time.UTC)
	a, b := NewID(at), NewID(at.Add(time.Second))
	if !a.Valid() || !b.Valid() {
		t.Fatalf("invalid ids %q %q", a, b)
	}
	if !strings.HasPrefix(string(a), "20261130T215309Z-") || a >= b {
		t.Errorf("ids %q, %q are not time-sortable", a, b)
	}
}

func FuzzParse(f *testing.F) {
	good, _ := Format(fullMemory())
	f.Add(good)
	min := &Memory{ID: "20260101T000000Z-000000", Title: "t", Body: "b", Kind: KindGotcha, Importance: 1,
		Basis: BasisUnknown, Source: SourceAgent, Created: time.Unix(0, 0).UTC(), Updated: time.Unix(1, 0).UTC()}
	minData, _ := Format(min)
	f.Add(minData)
	f.Add([]byte("---\n---\n"))
	f.Add([]byte("---\nid: &a x\ntitle: *a\n---\nbody"))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := Parse(data)
		if err != nil {
			return
		}
		out, err := Format(m)
		if err != nil {
			t.Fatalf("format of a parsed memory: %v", err)
		}
		again, err := Parse(out)
		if err != nil {
			t.Fatalf("re-parse: %v\n%s", err, out)
		}
		if !reflect.DeepEqual(again, m) {
			t.Fatalf("parse∘format∘parse differs:\n%+v\n%+v", m, again)
		}
	})
}

// anchorFixture is a resolver over a fixed set of nodes.
func anchorFixture(nodes ...*graph.Node) AnchorResolver {
	return func(q string) (*graph.Node, []*graph.Node, error) {
		var hits []*graph.Node
		for _, n := range nodes {
			if strings.HasSuffix(n.Qualified, q) || string(n.ID) == q {
				hits = append(hits, n)
			}
		}
		switch len(hits) {
		case 0:
			return nil, nil, errors.New("unknown symbol")
		case 1:
			return hits[0], nil, nil
		}
		return nil, hits, errors.New("ambiguous query")
	}
}
