package indexer_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/gortex/gortex/indexer"
)

// fakeHistory is a history indexer whose index is one file holding the
// head it was written at.
type fakeHistory struct {
	head    string // "" outside git
	updates int
}

func (h *fakeHistory) UpdateHistory(_ context.Context, _, dir string) (int, error) {
	h.updates++
	if h.head == "" {
		return 0, nil
	}
	if err := os.MkdirAll(filepath.Join(dir, "store"), 0o755); err != nil {
		return 0, err
	}
	return 1, os.WriteFile(filepath.Join(dir, "store", "head.zap"), []byte(h.head), 0o644)
}

func (h *fakeHistory) HistoryStale(_ context.Context, live string) bool {
	b, err := os.ReadFile(filepath.Join(live, "store", "head.zap"))
	if h.head == "" {
		_, err := os.Lstat(live)
		return err == nil
	}
	return err != nil || string(b) != h.head
}

// TestUpdateTakesHistoryOver: an update that finds the live history index
// current takes it over without UpdateHistory; a new head, or history
// gone, has UpdateHistory write it (or none).
func TestUpdateTakesHistoryOver(t *testing.T) {
	root := fixtureCopy(t)
	ctx := context.Background()
	h := &fakeHistory{head: "1"}
	opts := indexer.Options{History: h}
	if _, _, err := indexer.Build(ctx, root, opts); err != nil {
		t.Fatal(err)
	}
	live := filepath.Join(indexer.IndexDir(root), "history.bleve", "store", "head.zap")
	steps := []struct {
		name    string
		head    string
		updates int    // UpdateHistory calls so far
		want    string // the head the new index's history holds; "" for none
	}{
		{"current: taken over", "1", 1, "1"},
		{"a new head", "2", 2, "2"},
		{"current again", "2", 2, "2"},
		{"no history any more", "", 3, ""},
		{"still none", "", 3, ""},
	}
	for i, s := range steps {
		t.Run(s.name, func(t *testing.T) {
			h.head = s.head
			appendTo(t, root, "billing/invoice.go", "\n// edit "+string(rune('a'+i))+"\n")
			_, st, err := indexer.Update(ctx, root, opts)
			if err != nil || !st.Incremental || st.Changed != 1 {
				t.Fatalf("update: %+v, %v", st, err)
			}
			if h.updates != s.updates {
				t.Errorf("UpdateHistory called %d times in all, want %d", h.updates, s.updates)
			}
			got, err := os.ReadFile(live)
			if s.want == "" && err == nil || s.want != "" && string(got) != s.want {
				t.Errorf("history index holds %q (%v), want %q", got, err, s.want)
			}
		})
	}
}

// startedHistory is fakeHistory that says when UpdateHistory begins.
type startedHistory struct {
	fakeHistory
	started chan struct{}
}

func (h *startedHistory) UpdateHistory(ctx context.Context, live, dir string) (int, error) {
	close(h.started)
	return h.fakeHistory.UpdateHistory(ctx, live, dir)
}

// TestBuildHistoryBesideParse: a full build writes the history index
// beside the parse, not after it: the parse's first report waits for
// UpdateHistory to begin, which, after the parse, it would never see. The
// index holds the history and Stats counts its commits.
func TestBuildHistoryBesideParse(t *testing.T) {
	root := fixtureCopy(t)
	h := &startedHistory{fakeHistory: fakeHistory{head: "1"}, started: make(chan struct{})}
	var before bool
	waited := false
	progress := func(stage string, _, _ int) {
		if stage != "parse" || waited {
			return
		}
		waited = true
		select {
		case <-h.started:
			before = true
		case <-time.After(20 * time.Second): // never, when the history is read beside the parse
		}
	}
	_, st, err := indexer.Build(context.Background(), root, indexer.Options{History: h, Progress: progress})
	if err != nil {
		t.Fatal(err)
	}
	if !waited || !before {
		t.Errorf("the history index was not begun before the parse's first report (reported: %v)", waited)
	}
	if h.updates != 1 || st.Commits != 1 {
		t.Errorf("UpdateHistory called %d times, Stats.Commits %d; want 1 and 1", h.updates, st.Commits)
	}
	got, err := os.ReadFile(filepath.Join(indexer.IndexDir(root), "history.bleve", "store", "head.zap"))
	if err != nil || string(got) != "1" {
		t.Errorf("history index holds %q (%v), want %q", got, err, "1")
	}
}
