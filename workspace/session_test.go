package workspace_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/gortex/gortex/graph/graphtest"
	"github.com/gortex/gortex/workspace"
)

// appendTo appends text to the repo-relative file p, rewriting it in place.
func appendTo(t *testing.T, root, p, text string) {
	t.Helper()
	f, err := os.OpenFile(filepath.Join(root, filepath.FromSlash(p)), os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString(text); err != nil {
		t.Fatal(err)
	}
}

// TestLongSessionView: a long session publishes a new view only when
// something changed since the last one: a source file (an update, which
// re-parses it), a memory file (the memories read again over the same
// index), or nothing (the same view).
func TestLongSessionView(t *testing.T) {
	ctx := context.Background()
	root := fixture(t)
	s, err := workspace.NewSession(root, workspace.Options{})
	if err != nil {
		t.Fatal(err)
	}
	first, err := s.View(ctx)
	if err != nil {
		t.Fatal(err)
	}
	graphtest.Checked(t, first.Store())
	if first.Counts.Symbols == 0 || first.Counts.Sections == 0 {
		t.Errorf("counts of the first view = %+v, want symbols and sections", first.Counts)
	}
	tests := []struct {
		name     string
		change   func(t *testing.T, w *workspace.Workspace)
		kind     string // the refresh's kind; "" when no new view is made
		sameIdx  bool   // the new view reads the same index
		reparsed int
	}{
		{"nothing", func(*testing.T, *workspace.Workspace) {}, "", true, 0},
		{"a source file rewritten in place", func(t *testing.T, w *workspace.Workspace) {
			appendTo(t, root, "billing/invoice.go", "\n// later\n")
		}, "update", false, 1},
		{"a memory written", func(t *testing.T, w *workspace.Workspace) {
			remember(t, w, "billing.Invoice.Finalize", "Finalize runs once per invoice; a second call must fail.")
		}, "memories", true, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := s.Last()
			tt.change(t, before.Workspace)
			v, err := s.View(ctx)
			if err != nil {
				t.Fatal(err)
			}
			graphtest.Checked(t, v.Store())
			if files, mems := s.Changes(v); files || mems {
				t.Errorf("Changes right after View = %v, %v; want none", files, mems)
			}
			if tt.kind == "" {
				if v != before {
					t.Errorf("a new view (gen %d after %d) though nothing changed", v.Gen, before.Gen)
				}
				return
			}
			r, _ := s.LastRefresh()
			if v.Gen != before.Gen+1 || r.Kind != tt.kind || r.Changed != tt.reparsed {
				t.Errorf("view gen %d after %d, refresh %+v; want gen+1, kind %q, %d changed", v.Gen, before.Gen, r, tt.kind, tt.reparsed)
			}
			if same := v.Index == before.Index; same != tt.sameIdx {
				t.Errorf("the new view reads the same index: %v, want %v", same, tt.sameIdx)
			}
		})
	}
}

// TestAnswerShortSession: a short session answers from the index as
// found, and answers again after an update when the answer relies on a
// file rewritten in place (which its quick check does not see), but not
// when it relies on other files.
func TestAnswerShortSession(t *testing.T) {
	tests := []struct {
		name    string
		relies  workspace.Reliance
		answers int
		notes   int // the update said: why, then what it took
	}{
		{"relies on the changed file", workspace.Reliance{Files: []string{"billing/invoice.go"}}, 2, 2},
		{"relies on another file", workspace.Reliance{Files: []string{"cart/cart.go"}}, 1, 0},
		{"relies on every file", workspace.Reliance{Any: true}, 2, 2},
		{"relies on nothing", workspace.Reliance{}, 1, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx := context.Background()
			root := fixture(t)
			open(t, root)
			appendTo(t, root, "billing/invoice.go", "\n// later\n")
			var notes []string
			s, err := workspace.NewSession(root, workspace.Options{Short: true, Note: func(n string) { notes = append(notes, n) }})
			if err != nil {
				t.Fatal(err)
			}
			answers := 0
			w, got, err := workspace.Answer(ctx, s, func(_ context.Context, w *workspace.Workspace) (int, workspace.Reliance) {
				answers++
				return answers, tt.relies
			})
			if err != nil {
				t.Fatal(err)
			}
			graphtest.Checked(t, w.Store())
			if answers != tt.answers || got != tt.answers || len(notes) != tt.notes {
				t.Errorf("answered %d times (result %d), notes %q; want %d answers, %d notes", answers, got, notes, tt.answers, tt.notes)
			}
			if v := s.Last(); v == nil || v.Workspace != w {
				t.Error("the session's last view is not the workspace answered from")
			}
		})
	}
}
