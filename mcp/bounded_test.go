package mcp

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

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
