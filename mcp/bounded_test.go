package mcp

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/client"

	"github.com/gortex/gortex/change"
)

// TestKeepFitting holds the list cutter: all kept when they fit, else the
// most that fit, never fewer than one.
func TestKeepFitting(t *testing.T) {
	tests := []struct {
		name      string
		items     int
		maxTokens int
		want      int
	}{
		{name: "fits", items: 10, maxTokens: 100, want: 10},
		{name: "cut", items: 100, maxTokens: 50, want: 50}, // 4 bytes an item
		{name: "one at least", items: 5, maxTokens: 0, want: 1},
		{name: "none", items: 0, maxTokens: 10, want: 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			items := make([]string, tt.items)
			for i := range items {
				items[i] = "abcd"
			}
			dropped, err := keepFitting(tt.maxTokens, &items, func() (string, error) { return strings.Join(items, ""), nil })
			if err != nil || len(items) != tt.want || dropped != tt.items-tt.want {
				t.Errorf("kept %d, dropped %d (%v); want %d", len(items), dropped, err, tt.want)
			}
		})
	}
}

// TestBoundedAnswers holds the list tools to their budgets and the forms
// the CLI accepts: check against a base revision, read_doc_section by
// path#Heading, list_docs paged by cursor, covers and specs capped, and
// index_status describing the index on disk before it is loaded.
func TestBoundedAnswers(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	root, c := changeServer(t)
	git := func(args ...string) {
		cmd := exec.Command("git", append([]string{"-c", "user.name=T", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false"}, args...)...)
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	git("init", "-q", "-b", "main")
	git("add", "-A")
	git("commit", "-qm", "fixture")
	p := filepath.Join(root, "cart", "cart.go")
	src, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	edited := strings.Replace(string(src), "sum += it.PriceCents * int64(it.Quantity)", "sum += int64(it.Quantity) * it.PriceCents", 1)
	if err := os.WriteFile(p, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	r := callJSON[change.Report](t, c, "check", map[string]any{"base": "HEAD"})
	if !touchedWith(r, "cart/cart.go::Cart.Total", "docs/adr/0001-integer-cents.md") {
		t.Errorf("check base=HEAD = %+v", r)
	}
	r = callJSON[change.Report](t, c, "check", map[string]any{"paths": []string{"cart/cart.go"}, "limit": 2})
	if len(r.Symbols) != 2 || !strings.Contains(r.Note, "left out") {
		t.Errorf("check limit=2: %d symbols, note %q", len(r.Symbols), r.Note)
	}
	if res := call(t, c, "check", map[string]any{"base": "HEAD", "paths": []string{"cart/cart.go"}}); !res.IsError {
		t.Error("check with base and paths did not fail")
	}

	sec := callJSON[struct {
		Sections []struct{ ID, Text string } `json:"sections"`
	}](t, c, "read_doc_section", map[string]any{"ids": []string{"docs/adr/0001-integer-cents.md#Decision"}})
	if len(sec.Sections) != 1 || !strings.Contains(sec.Sections[0].Text, "MUST NOT round") {
		t.Errorf("read_doc_section path#Heading = %+v", sec)
	}

	type page struct {
		Count      int    `json:"count"`
		Total      int    `json:"total"`
		NextCursor string `json:"next_cursor"`
		Docs       []struct {
			Path string `json:"path"`
		} `json:"docs"`
	}
	first := callJSON[page](t, c, "list_docs", map[string]any{"limit": 2})
	if first.Count != 2 || first.NextCursor == "" || first.Total <= 2 {
		t.Fatalf("list_docs limit=2 = %+v", first)
	}
	second := callJSON[page](t, c, "list_docs", map[string]any{"limit": 2, "cursor": first.NextCursor})
	if len(second.Docs) == 0 || second.Docs[0].Path == first.Docs[0].Path || second.Docs[0].Path == first.Docs[1].Path {
		t.Errorf("the second page repeats the first: %+v then %+v", first, second)
	}
	cut := call(t, c, "list_docs", map[string]any{"limit": 2000, "max_tokens": 200})
	if n := estimateTokens(text(cut)); n > 200 || !strings.Contains(text(cut), "next_cursor") {
		t.Errorf("list_docs max_tokens=200: %d tokens\n%s", n, text(cut))
	}
	cv := callJSON[change.Coverage](t, c, "covers", map[string]any{"doc": "docs/adr/0001-integer-cents.md", "limit": 1})
	if len(cv.Targets) != 1 || (cv.Count > 1 && cv.Note == "") {
		t.Errorf("covers limit=1 = %+v", cv)
	}

	for _, tool := range []string{"list_docs", "audit", "query_memories"} {
		if n := estimateTokens(text(call(t, c, tool, map[string]any{}))); n > defaultMaxTokens {
			t.Errorf("%s's default answer is %d tokens", tool, n)
		}
	}

	s2, err := New(root, Options{Version: "test"})
	if err != nil {
		t.Fatal(err)
	}
	st := callJSON[status](t, connect(t, s2), "index_status", map[string]any{})
	if !st.OnDisk || st.IndexDir == "" || st.BuiltAt == "" {
		t.Errorf("index_status first = %+v", st)
	}
}

// wireBound is the bound of a default answer on the wire: 10,000 tokens
// of the whole result, text and structuredContent, at 4 bytes a token.
const wireBound = 40000

// bigFixture lays over the fixture what makes every list long: a design
// document of 600 sections that name the cart's symbols, 300 more
// documents, a file of 300 functions, and 40 memories with long bodies
// anchored to one of them and to its file.
func bigFixture(t *testing.T) (string, *client.Client) {
	t.Helper()
	root := fixture(t)
	write := func(rel, s string) {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var b strings.Builder
	b.WriteString("# Cart rules\n\nStatus: Accepted\n\nHow the cart keeps its totals.\n\n")
	for i := range 600 {
		fmt.Fprintf(&b, "## Rule %d\n\nCart.AddItem and Cart.RemoveItem keep the cart total in cents (rule %d): "+
			"no float64 is used, and Cart.Len counts items, not units. The rule holds for every SKU the cart takes.\n\n", i, i)
	}
	write("docs/design/cart-rules.md", b.String())
	for i := range 300 {
		write(fmt.Sprintf("docs/notes/note-%03d.md", i), fmt.Sprintf("# Cart note %d\n\n"+
			"This note %d says how the cart applies a discount before checkout and why the total is kept in integer cents, "+
			"in more words than a line of a listing holds, so that its purpose is long.\n", i, i))
	}
	b.Reset()
	b.WriteString("package cart\n\n")
	for i := range 300 {
		fmt.Fprintf(&b, "// Rule%d applies rule %d of the cart's totals.\nfunc Rule%d(c *Cart) int {\n\tif c == nil {\n\t\treturn 0\n\t}\n\treturn c.Len() + %d\n}\n\n", i, i, i, i)
	}
	write("cart/rules.go", b.String())
	s, err := New(root, Options{Version: "test"})
	if err != nil {
		t.Fatal(err)
	}
	c := connect(t, s)
	body := strings.Repeat("The cart keeps totals in integer cents so that no rounding error reaches an invoice. ", 20)
	for i := range 40 {
		r := call(t, c, "store_memory", map[string]any{"title": fmt.Sprintf("Cart rule %d", i), "body": fmt.Sprintf("Rule %d. %s", i, body),
			"symbols": []string{"cart.Rule7"}, "files": []string{"cart/rules.go"}, "kind": "invariant", "force": true})
		if r.IsError {
			t.Fatalf("store_memory: %s", text(r))
		}
	}
	return root, c
}

// TestDefaultAnswersBoundedOnTheWire calls every tool with its default
// budget, on a fixture where most lists are long and with the widest
// limits, and holds each result, as the client receives it (text and
// structuredContent), under 40,000 bytes; the lists that were cut say so.
func TestDefaultAnswersBoundedOnTheWire(t *testing.T) {
	_, c := bigFixture(t)
	id := callJSON[struct {
		Memories []struct{ ID string } `json:"memories"`
	}](t, c, "query_memories", map[string]any{"limit": 1}).Memories[0].ID
	tests := []struct {
		tool string
		args map[string]any
		cut  bool // the answer must have been cut to fit
	}{
		{"index_status", map[string]any{}, false},
		{"why", map[string]any{"id": "Cart.Len", "limit": 100}, true},
		{"why", map[string]any{"id": "cart.Rule7"}, false},
		{"query_memories", map[string]any{"limit": 200}, true},
		{"search", map[string]any{"query": "cart total cents", "limit": 100}, true},
		{"search", map[string]any{"query": "rule", "scope": "code", "limit": 100}, false},
		{"list_docs", map[string]any{"limit": 2000}, true},
		{"doc_outline", map[string]any{"path": "docs/design/cart-rules.md"}, true},
		{"read_doc_section", map[string]any{"ids": []string{"docs/design/cart-rules.md#Cart rules"}, "subsections": true}, true},
		{"audit", map[string]any{"limit": 500}, false},
		{"check", map[string]any{"paths": []string{"cart/rules.go"}, "limit": 1000}, true},
		{"covers", map[string]any{"doc": "docs/design/cart-rules.md", "limit": 1000}, false},
		{"specs", map[string]any{"task": "change how cart totals are kept in cents", "limit": 100}, false},
		{"propose_memory", map[string]any{"body": "Rule 8 of the cart is kept for old carts."}, false},
		{"update_memory", map[string]any{"id": id, "importance": 4}, false},
		{"supersede_memory", map[string]any{"id": id, "body": "Rule 0 of the cart now counts units."}, false},
		{"forget_memory", map[string]any{"id": id}, false},
		{"reindex", map[string]any{}, false},
	}
	seen := map[string]bool{}
	for _, tt := range tests {
		seen[tt.tool] = true
		res := call(t, c, tt.tool, tt.args)
		if res.IsError {
			t.Errorf("%s %v: %s", tt.tool, tt.args, text(res))
			continue
		}
		wire, err := json.Marshal(res)
		if err != nil {
			t.Fatal(err)
		}
		if len(wire) > wireBound {
			t.Errorf("%s %v: %d bytes on the wire, more than %d", tt.tool, tt.args, len(wire), wireBound)
		}
		if txt := text(res); tt.cut && !strings.Contains(txt, "left out") && !strings.Contains(txt, "cut to fit") {
			t.Errorf("%s %v: %d bytes on the wire and no note of a cut: the fixture no longer tests the bound", tt.tool, tt.args, len(wire))
		}
	}
	for _, name := range ToolNames() {
		if !seen[name] && name != "store_memory" { // bigFixture stores forty
			t.Errorf("tool %s is not held to the bound", name)
		}
	}
}
