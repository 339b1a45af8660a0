package change

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gortex/gortex/docs"
)

func TestCovers(t *testing.T) {
	w := open(t, fixtureRepo(t))
	lib := docs.New(w)
	tests := []struct {
		name, arg, want string
		wantErr         bool
	}{
		{name: "document", arg: "docs/adr/0001-integer-cents.md", want: "cart/cart.go::Cart.Total"},
		{name: "section by heading", arg: "docs/adr/0001-integer-cents.md#Decision", want: "cart/cart.go::Cart.Total"},
		{name: "section by slug of a tail", arg: "adr/0001-integer-cents.md#decision", want: "cart/cart.go::Cart.Total"},
		{name: "no such section", arg: "docs/adr/0001-integer-cents.md#nope", wantErr: true},
		{name: "no such document", arg: "docs/nope.md", wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := Covers(lib, w.Store(), tt.arg)
			if (err != nil) != tt.wantErr {
				t.Fatalf("err = %v", err)
			}
			if err != nil {
				return
			}
			found := false
			for i, cv := range c.Targets {
				found = found || cv.ID == tt.want
				if i > 0 && stronger(cv, c.Targets[i-1]) {
					t.Errorf("not strongest first: %+v before %+v", c.Targets[i-1], cv)
				}
			}
			if !found {
				t.Errorf("%s not covered: %+v", tt.want, c)
			}
		})
	}
}

func TestGraphSpecs(t *testing.T) {
	w := open(t, fixtureRepo(t))
	ci, err := w.OpenContent()
	if err != nil {
		t.Fatal(err)
	}
	defer ci.Close()
	lib := docs.New(w)
	tests := []struct {
		name, task  string
		paths       []string
		direct, not string
	}{
		{name: "task words", task: "change how cart totals are rounded", direct: "docs/adr/0001-integer-cents.md"},
		{name: "paths", task: "", paths: []string{"cart/cart.go"}, direct: "docs/adr/0001-integer-cents.md"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sp, err := GraphSpecs(context.Background(), lib, w.Store(), ci, tt.task, tt.paths, RelatedLimit)
			if err != nil {
				t.Fatal(err)
			}
			if !hasSpec(sp.Direct, tt.direct) {
				t.Errorf("%s not direct: %+v", tt.direct, sp)
			}
			for _, s := range append(sp.Direct, sp.Related...) {
				if !strings.HasSuffix(s.Reason, ".") || s.Reason == "" {
					t.Errorf("reason %q is not a sentence", s.Reason)
				}
			}
		})
	}
}

// scripted is a fake model: it replies in order, and records what it got.
type scripted struct {
	replies []string
	systems []string
	users   []string
}

func (s *scripted) Complete(_ context.Context, system, user string) (string, error) {
	s.systems, s.users = append(s.systems, system), append(s.users, user)
	if len(s.replies) == 0 {
		return `{"tool":"list_docs","args":{}}`, nil
	}
	r := s.replies[0]
	s.replies = s.replies[1:]
	return r, nil
}

func TestAgentSpecs(t *testing.T) {
	w := open(t, fixtureRepo(t))
	lib := docs.New(w)
	g := &Specs{Task: "change how cart totals are rounded", Direct: []Spec{{ID: "docs/design/cart-design.md", Reason: "Graph."}}, Related: []Spec{}}
	final := `{"direct":[{"id":"docs/adr/0001-integer-cents.md","reason":"It says Cart.Total MUST NOT round."}],"related":[{"id":"doc:docs/design/cart-design.md#L30","reason":"It explains pricing."},{"id":"docs/none.md","reason":"x"}]}`
	tests := []struct {
		name       string
		replies    []string
		wantCalls  int
		wantDirect string
		wantErr    bool
		wantInUser string // in the last prompt
	}{
		{name: "navigate then classify", replies: []string{
			`{"tool":"list_docs","args":{"kind":"adr"}}`,
			`{"tool":"doc_outline","args":{"path":"docs/adr/0001-integer-cents.md"}}`,
			"```json\n" + `{"tool":"read_doc_section","args":{"ids":["doc:docs/adr/0001-integer-cents.md#L11"]}}` + "\n```",
			final}, wantCalls: 4, wantDirect: "docs/adr/0001-integer-cents.md", wantInUser: "MUST NOT round"},
		{name: "round limit then salvage", replies: nil, wantCalls: MaxRounds + 1, wantDirect: "docs/design/cart-design.md", wantErr: true,
			wantInUser: "tool budget is spent"},
		{name: "unparsable", replies: []string{"I think ADR 1."}, wantCalls: 1, wantDirect: "docs/design/cart-design.md", wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := &scripted{replies: tt.replies}
			sp, err := AgentSpecs(context.Background(), lib, m, "fake", g, nil)
			if (err != nil) != tt.wantErr {
				t.Fatalf("err = %v", err)
			}
			if len(m.users) != tt.wantCalls {
				t.Errorf("%d model calls, want %d", len(m.users), tt.wantCalls)
			}
			if !hasSpec(sp.Direct, tt.wantDirect) {
				t.Errorf("%s not direct: %+v", tt.wantDirect, sp)
			}
			if tt.wantInUser != "" && !strings.Contains(m.users[len(m.users)-1], tt.wantInUser) {
				t.Errorf("last prompt lacks %q", tt.wantInUser)
			}
			if !strings.Contains(m.systems[0], "read_doc_section") || !strings.Contains(m.users[0], "cart-design.md") {
				t.Errorf("first turn lacks the tools or the candidates")
			}
			if tt.wantErr && !strings.Contains(sp.Note, "graph's answer") {
				t.Errorf("note %q does not say the graph answered", sp.Note)
			}
			if !tt.wantErr && (len(sp.Related) != 1 || sp.Related[0].Reason == "" || !strings.Contains(sp.Note, "1 of")) {
				t.Errorf("related %+v, note %q", sp.Related, sp.Note)
			}
		})
	}
	if m := (&scripted{replies: make([]string, MaxRounds)}); true {
		for i := range m.replies {
			m.replies[i] = `{"tool":"list_docs"}`
		}
		m.replies = append(m.replies, final)
		sp, err := AgentSpecs(context.Background(), lib, m, "fake", g, nil)
		if err != nil || !hasSpec(sp.Direct, "docs/adr/0001-integer-cents.md") || m.systems[MaxRounds] == m.systems[0] {
			t.Errorf("salvage turn: %+v, %v", sp, err)
		}
	}
}

func hasSpec(ss []Spec, id string) bool {
	for _, s := range ss {
		if s.ID == id {
			return true
		}
	}
	return false
}

// silent is a model that never answers: each call waits for its context.
type silent struct{ calls atomic.Int32 }

func (s *silent) Complete(ctx context.Context, _, _ string) (string, error) {
	s.calls.Add(1)
	<-ctx.Done()
	return "", ctx.Err()
}

// slowTools is a model that answers every call with a tool call, after
// delay: the loop would run every round.
type slowTools struct {
	delay time.Duration
	calls atomic.Int32
}

func (s *slowTools) Complete(ctx context.Context, _, _ string) (string, error) {
	s.calls.Add(1)
	select {
	case <-time.After(s.delay):
		return `{"tool":"list_docs","args":{}}`, nil
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

// TestAgentSpecsDeadline runs the loop with a model that never answers
// and one that is slow every round, under a short overall deadline: each
// ends at the deadline with the graph's answer and a note saying why,
// instead of waiting out MaxRounds+1 model timeouts (13 × 3 minutes).
func TestAgentSpecsDeadline(t *testing.T) {
	w := open(t, fixtureRepo(t))
	lib := docs.New(w)
	g := &Specs{Task: "change how cart totals are rounded", Direct: []Spec{{ID: "docs/design/cart-design.md", Reason: "Graph."}}}
	old := specsTimeout
	specsTimeout = 300 * time.Millisecond
	t.Cleanup(func() { specsTimeout = old })
	for _, tt := range []struct {
		name     string
		m        Model
		maxCalls int32
	}{
		{"never answers", &silent{}, 1},
		{"slow every round", &slowTools{delay: 100 * time.Millisecond}, MaxRounds},
	} {
		t.Run(tt.name, func(t *testing.T) {
			type result struct {
				sp  *Specs
				err error
			}
			done := make(chan result, 1)
			go func() {
				sp, err := AgentSpecs(context.Background(), lib, tt.m, "fake", g, nil)
				done <- result{sp, err}
			}()
			var r result
			select {
			case r = <-done:
			case <-time.After(30 * time.Second):
				t.Fatal("the loop did not end at its deadline")
			}
			if !errors.Is(r.err, context.DeadlineExceeded) || !strings.Contains(r.sp.Note, "did not finish within") ||
				!hasSpec(r.sp.Direct, "docs/design/cart-design.md") {
				t.Errorf("err %v, note %q, direct %+v", r.err, r.sp.Note, r.sp.Direct)
			}
			var calls int32
			switch m := tt.m.(type) {
			case *silent:
				calls = m.calls.Load()
			case *slowTools:
				calls = m.calls.Load()
			}
			if calls > tt.maxCalls {
				t.Errorf("%d model calls after the deadline, want at most %d", calls, tt.maxCalls)
			}
		})
	}
}

// TestSpecsByWhatADocumentIs holds specs to what a document is: an
// accepted ADR's decision is a contract without an RFC 2119 word; a word
// shared only in another sense ("window" and "Windows") makes nothing
// direct; changelogs are no specs; reasons quote the section's words, not
// stems; related documents are capped.
func TestSpecsByWhatADocumentIs(t *testing.T) {
	root := fixtureRepo(t)
	writeFile(t, root, "docs/adr/0005-cart-rounding.md", `# ADR 0005: Cart totals round down

Status: Accepted

## Context

Discounts made fractions of a cent.

## Decision

`+"`Cart.Total`"+` sums `+"`Item.Cents`"+` as int64 and never uses float64. ApplyDiscount rounds down so that a discount never creates a fraction of a cent.
`)
	writeFile(t, root, "docs/proposals/20200804-windows-support.md", `# Windows support

Status: implemented

## Proposal

Make the agents run on Windows nodes. The output format of bootstrap data
on Windows is a PowerShell script; Windows machines join as Linux ones do.
An operator makes the images as the [guide](https://example.com/adding-windows-nodes/)
says; a name longer than 15 characters fails on a windows machine. Nodes
join on Windows. Each join on Windows writes a log, and the log on Windows
rotates daily on Windows Server and on Windows 11 alike. Kubelets on
Windows read the same flags; images for Windows are built by the same
job, and a cluster mixes Linux and Windows nodes.
`)
	for i := range 14 {
		writeFile(t, root, fmt.Sprintf("CHANGELOG/v1.%d.0.md", i), "# v1."+fmt.Sprint(i)+"\n\n- Cart totals are rounded down when a discount applies.\n")
		writeFile(t, root, fmt.Sprintf("docs/notes/note%02d.md", i), fmt.Sprintf("# Note %d\n\nHow cart totals are shown on page %d; rounded figures.\n", i, i))
	}
	commitAll(t, root, "docs")
	w := open(t, root)
	ci, err := w.OpenContent()
	if err != nil {
		t.Fatal(err)
	}
	defer ci.Close()
	lib := docs.New(w)

	sp, err := GraphSpecs(context.Background(), lib, w.Store(), ci, "change how cart totals are rounded", nil, RelatedLimit)
	if err != nil {
		t.Fatal(err)
	}
	if !hasSpec(sp.Direct, "docs/adr/0005-cart-rounding.md") {
		t.Errorf("the accepted ADR's decision is not direct: %+v", sp)
	}
	if len(sp.Related) > RelatedLimit {
		t.Errorf("%d related, want at most %d", len(sp.Related), RelatedLimit)
	}
	for _, s := range append(slices.Clone(sp.Direct), sp.Related...) {
		if strings.HasPrefix(s.ID, "CHANGELOG/") {
			t.Errorf("a changelog is a spec: %+v", s)
		}
		_, words, ok := strings.Cut(s.Reason, "matches ")
		if !ok {
			continue
		}
		secs, err := lib.Document(s.ID)
		if err != nil {
			t.Fatal(err)
		}
		var text strings.Builder
		for _, sec := range secs {
			text.WriteString(sec.Name + "\n" + sec.Text + "\n")
		}
		for _, w := range strings.Split(strings.TrimSuffix(words, "."), ", ") {
			if !strings.Contains(text.String(), w) {
				t.Errorf("%s: reason word %q is not the document's (a stem?): %q", s.ID, w, s.Reason)
			}
		}
	}

	sp, err = GraphSpecs(context.Background(), lib, w.Store(), ci, "make checkout respect a maintenance window", nil, RelatedLimit)
	if err != nil {
		t.Fatal(err)
	}
	if hasSpec(sp.Direct, "docs/proposals/20200804-windows-support.md") {
		t.Errorf("Windows support is direct for a maintenance window: %+v", sp.Direct)
	}
}

// TestSenseAt holds how a use of a word reads: a capital in the middle of
// a sentence is a proper noun, at its start either, in code, lower case or
// capitals common; a path or a link says nothing; a full stop after a word
// ends a sentence, it does not make a dotted name.
func TestSenseAt(t *testing.T) {
	tests := []struct {
		text, word string
		want       int
	}{
		{"The agents run on Windows nodes.", "Windows", senseProper},
		{"They run on Windows.", "Windows", senseProper},
		{"# Windows support", "Windows", senseEither},
		{"Done. Windows nodes join.", "Windows", senseEither},
		{"See https://example.com/adding-windows-nodes/ first.", "windows", senseEither},
		{"See [it](#joining-a-windows-node) first.", "windows", senseEither},
		{"It fails on a windows machine.", "windows", senseCommon},
		{"Call `Window` first.", "Window", senseCommon},
		{"It sums Cart.Total first.", "Total", senseCommon},
		{"It sums Cart.Total first.", "Cart", senseCommon},
		{"The WINDOW is fixed.", "WINDOW", senseCommon},
	}
	for _, tt := range tests {
		i := strings.Index(tt.text, tt.word)
		if got := senseAt(tt.text, i, i+len(tt.word)); got != tt.want {
			t.Errorf("%q in %q reads as %d, want %d", tt.word, tt.text, got, tt.want)
		}
	}
}

func TestCoverageCut(t *testing.T) {
	targets := func() []Covered {
		return []Covered{
			{ID: "a.go::A", Path: "a.go", Signal: "named", Score: 0.9},
			{ID: "b.go::B", Path: "b.go", Signal: "named", Score: 0.8},
			{ID: "a.go::A2", Path: "a.go", Signal: "named", Score: 0.7},
			{ID: "c.go::C", Path: "c.go", Signal: "named", Score: 0.2},
		}
	}
	tests := []struct {
		name    string
		targets []Covered // nil: targets()
		limit   int
		floor   float64
		want    string
		note    bool
	}{
		{name: "grouped by file", want: "a.go::A a.go::A2 b.go::B c.go::C"},
		{name: "grouped by repository and file", targets: []Covered{
			{ID: "x/a.go::A", Repo: "x", Path: "a.go", Signal: "named", Score: 0.9},
			{ID: "y/a.go::A", Repo: "y", Path: "a.go", Signal: "named", Score: 0.8},
			{ID: "z/b.go::B", Repo: "z", Path: "b.go", Signal: "named", Score: 0.7},
			{ID: "x/a.go::A2", Repo: "x", Path: "a.go", Signal: "named", Score: 0.6},
		}, want: "x/a.go::A x/a.go::A2 y/a.go::A z/b.go::B"},
		{name: "limit", limit: 2, want: "a.go::A b.go::B", note: true},
		{name: "floor", floor: 0.5, want: "a.go::A a.go::A2 b.go::B", note: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ts := tt.targets
			if ts == nil {
				ts = targets()
			}
			c := &Coverage{Targets: ts, Count: 4}
			c.Cut(tt.limit, tt.floor)
			var ids []string
			for _, x := range c.Targets {
				ids = append(ids, x.ID)
			}
			if strings.Join(ids, " ") != tt.want || (c.Note != "") != tt.note || c.Count != 4 {
				t.Errorf("Cut(%d, %v) = %v, note %q", tt.limit, tt.floor, ids, c.Note)
			}
		})
	}
}
