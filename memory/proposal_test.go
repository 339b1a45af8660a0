package memory

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// testProposals returns the proposal store and the memory store of one
// temporary repository.
func testProposals(t *testing.T) (props, mems *Store, root string) {
	t.Helper()
	mems, root = testStore(t)
	props = OpenProposals(root)
	props.now = mems.now
	return props, mems, root
}

func TestPropose(t *testing.T) {
	ctx := context.Background()
	props, mems, root := testProposals(t)
	live := mustAdd(t, mems, &Memory{Body: "Invoice numbers are gapless because auditors check every number in sequence."}, AddOptions{})
	liveMems, _, _ := mems.List(ctx, Filter{})

	batch := []*Memory{
		{Title: "Refunds go to the original method", Body: "Refunds always go back to the original payment method, never store credit.", Source: SourceReflection},
		{Body: "Invoice numbers are gapless, because auditors check every number in sequence."},    // repeats the live memory
		{Body: "Refunds always go back to the original payment method and never to store credit."}, // repeats the first
		{Body: "   "}, // refused: empty
		{Body: "Discounts apply before tax.", Kind: KindConstraint},
	}
	res, err := props.Propose(ctx, batch, AddOptions{}, liveMems)
	if err != nil {
		t.Fatal(err)
	}
	want := []Status{StatusProposed, StatusDuplicate, StatusDuplicate, StatusRefused, StatusProposed}
	for i, r := range res {
		if r.Status != want[i] {
			t.Errorf("note %d: %+v, want %s", i, r, want[i])
		}
	}
	if res[1].ID != live.ID || res[2].ID != res[0].ID || !strings.Contains(res[3].Reason, "body is empty") {
		t.Errorf("duplicates of %s and %s, refusal %q", res[1].ID, res[2].ID, res[3].Reason)
	}
	if !strings.HasPrefix(res[0].Path, ".gortex/proposals/") {
		t.Errorf("path %q", res[0].Path)
	}
	data, err := os.ReadFile(filepath.Join(root, res[0].Path))
	if err != nil || !strings.Contains(string(data), "\nstatus: proposed\n") || !strings.Contains(string(data), "\nsource: reflection\n") {
		t.Errorf("proposal file:\n%s", data)
	}
	pending, probs, err := props.List(ctx, Filter{})
	if err != nil || len(probs) > 0 || len(pending) != 2 {
		t.Errorf("pending %d, %v, %v", len(pending), probs, err)
	}
	if ms, _, _ := mems.List(ctx, Filter{}); len(ms) != 1 {
		t.Errorf("%d memories, want the one live memory: proposals never land there", len(ms))
	}
	again, err := props.Propose(ctx, []*Memory{{Body: "Discounts apply before tax."}}, AddOptions{}, nil)
	if err != nil || again[0].Status != StatusDuplicate || again[0].ID != res[4].ID {
		t.Errorf("a repeat of a pending proposal: %+v, %v", again, err)
	}
	if _, err := mems.Propose(ctx, batch[:1], AddOptions{}, nil); err == nil {
		t.Error("a memory store took a proposal")
	}
}

// A proposal is not a memory and a memory is not a proposal, whichever
// directory its file is in.
func TestProposalFilesStayApart(t *testing.T) {
	ctx := context.Background()
	props, mems, root := testProposals(t)
	p, err := props.Propose(ctx, []*Memory{{Body: "Ledger entries are never deleted, only reversed."}}, AddOptions{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	m := mustAdd(t, mems, &Memory{Body: "Carts expire after thirty days of inactivity."}, AddOptions{})
	copyFile := func(from, to string) {
		t.Helper()
		data, err := os.ReadFile(filepath.Join(root, from))
		if err == nil {
			err = os.WriteFile(filepath.Join(root, to, filepath.Base(from)), data, 0o644)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	copyFile(p[0].Path, ".gortex/memories")
	copyFile(m.Path, ".gortex/proposals")
	tests := []struct {
		name  string
		store *Store
		want  string
	}{
		{"a proposal among memories", mems, "a proposal (status: proposed), not a memory"},
		{"a memory among proposals", props, "not a proposal"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, probs, err := tt.store.List(ctx, Filter{})
			if err != nil || len(got) != 1 || len(probs) != 1 || !strings.Contains(probs[0].Err.Error(), tt.want) {
				t.Errorf("%d read, problems %v, %v", len(got), probs, err)
			}
		})
	}
}

func TestAccept(t *testing.T) {
	ctx := context.Background()
	props, mems, _ := testProposals(t)
	res, err := props.Propose(ctx, []*Memory{
		{Title: "Ledger is append-only", Body: "Ledger entries are never deleted, only reversed by a new entry.", Source: SourceReflection, Kind: KindInvariant},
		{Body: "Carts expire after thirty days of inactivity."},
	}, AddOptions{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	got, err := props.Accept(ctx, string(res[0].ID), mems, func(m *Memory) error { m.Importance = 5; return nil }, AddOptions{})
	if err != nil || got.Status != StatusCreated {
		t.Fatalf("accept: %+v, %v", got, err)
	}
	m, err := mems.Get(ctx, string(got.ID))
	if err != nil || m.Kind != KindInvariant || m.Importance != 5 || m.Source != SourceReflection || m.Title != "Ledger is append-only" {
		t.Errorf("accepted memory %+v, %v", m, err)
	}
	if _, err := props.Get(ctx, string(res[0].ID)); !errors.Is(err, ErrNotFound) {
		t.Errorf("the accepted proposal is still pending: %v", err)
	}

	// A proposal that repeats a memory by now stays pending.
	mustAdd(t, mems, &Memory{Body: "Carts expire after thirty days of inactivity, then they are deleted."}, AddOptions{})
	dup, err := props.Accept(ctx, string(res[1].ID), mems, nil, AddOptions{})
	if err != nil || dup.Status != StatusDuplicate {
		t.Errorf("accepting a repeat: %+v, %v", dup, err)
	}
	if _, err := props.Get(ctx, string(res[1].ID)); err != nil {
		t.Errorf("the duplicate proposal was removed: %v", err)
	}
	if _, err := props.Accept(ctx, "nosuch", mems, nil, AddOptions{}); !errors.Is(err, ErrNotFound) {
		t.Errorf("accept unknown: %v", err)
	}
	if _, err := mems.Accept(ctx, string(got.ID), props, nil, AddOptions{}); err == nil {
		t.Error("accepted from a memory store")
	}
}

func TestClaim(t *testing.T) {
	props, _, _ := testProposals(t)
	release, err := props.Claim("reflect-0123abcd")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := props.Claim("reflect-0123abcd"); !errors.Is(err, ErrLocked) {
		t.Errorf("second claim: %v, want ErrLocked", err)
	}
	other, err := props.Claim("reflect-ffff")
	if err != nil {
		t.Errorf("another key: %v", err)
	} else {
		other()
	}
	release()
	again, err := props.Claim("reflect-0123abcd")
	if err != nil {
		t.Errorf("claim after release: %v", err)
	} else {
		again()
	}
	for _, bad := range []string{"", "../x", "A", strings.Repeat("a", 65)} {
		if _, err := props.Claim(bad); err == nil || errors.Is(err, ErrLocked) {
			t.Errorf("Claim(%q) = %v", bad, err)
		}
	}
	target := filepath.Join(t.TempDir(), "elsewhere")
	if err := os.Symlink(target, filepath.Join(props.Dir(), ".reflect-link.lock")); err != nil {
		t.Fatal(err)
	}
	if _, err := props.Claim("reflect-link"); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("a claim through a link: %v", err)
	}
	if _, err := os.Lstat(target); !os.IsNotExist(err) {
		t.Errorf("the claim followed the link: %v", err)
	}
	ig, err := os.ReadFile(filepath.Join(props.Dir(), ".gitignore"))
	if err != nil || !strings.Contains(string(ig), ".*.lock") {
		t.Errorf("the proposals' .gitignore does not cover claims: %q %v", ig, err)
	}
}
