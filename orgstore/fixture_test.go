package orgstore_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/gortex/gortex/memory"
	"github.com/gortex/gortex/orgstore"
	"github.com/gortex/gortex/workspace"
)

// The fixture's repositories and the names they publish under: an
// architecture repository of ADRs, a library, a service that imports it.
const (
	archName     = "github.com/acme/arch"
	billingName  = "github.com/acme/billing"
	checkoutName = "github.com/acme/checkout"
)

// copyRepo copies testdata/org/NAME to a temporary directory and commits
// it, with origin set to the name it publishes under.
func copyRepo(t testing.TB, name, remote string) string {
	t.Helper()
	root := filepath.Join(t.TempDir(), name)
	if err := os.CopyFS(root, os.DirFS(filepath.Join("testdata", "org", name))); err != nil {
		t.Fatal(err)
	}
	git(t, root, "init", "-q")
	git(t, root, "remote", "add", "origin", "https://"+remote+".git")
	commitAll(t, root, "first")
	return root
}

func git(t testing.TB, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false"}, args...)...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

func commitAll(t testing.TB, dir, msg string) {
	t.Helper()
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-q", "-m", msg)
}

// open indexes root and opens it with its workspace memories.
func open(t testing.TB, root string) *workspace.Workspace {
	t.Helper()
	w, err := workspace.Open(context.Background(), root, workspace.Options{Scope: memory.ScopeWorkspace, Short: true})
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// addMemory records a workspace memory of root anchored to anchor.
func addMemory(t testing.TB, w *workspace.Workspace, title, body, anchor string) *workspace.Workspace {
	t.Helper()
	ctx := context.Background()
	m := &memory.Memory{Title: title, Body: body, Kind: memory.KindInvariant, Importance: 4,
		Symbols: []memory.SymbolAnchor{{Written: anchor}}}
	if _, err := memory.OpenWorkspace(w.Root).Add(ctx, m, memory.AddOptions{Resolve: w.Resolver(), Root: w.Root}); err != nil {
		t.Fatal(err)
	}
	w, err := w.Reload(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// publish extracts w and publishes it.
func publish(t testing.TB, st *orgstore.Store, w *workspace.Workspace) orgstore.PublishStats {
	t.Helper()
	ctx := context.Background()
	snap, err := orgstore.Extract(ctx, w, orgstore.ExtractOptions{})
	if err != nil {
		t.Fatal(err)
	}
	stats, err := st.Publish(ctx, orgstore.RepoOf(ctx, w, ""), snap)
	if err != nil {
		t.Fatal(err)
	}
	return stats
}

// org is the fixture published: the store and each repository's workspace.
type org struct {
	st                      *orgstore.Store
	dsn                     string
	arch, billing, checkout *workspace.Workspace
}

// secretTitle is the library's private memory.
const secretTitle = "Finalize must stay idempotent for the ledger replay"

func publishOrg(t *testing.T, dsn string) *org {
	t.Helper()
	st, err := orgstore.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(st.Close)
	o := &org{st: st, dsn: dsn}
	o.arch = open(t, copyRepo(t, "arch", archName))
	o.billing = open(t, copyRepo(t, "billing", billingName))
	o.billing = addMemory(t, o.billing, secretTitle,
		"The ledger replays finalisations after an outage; a second Finalize must fail cleanly, never double the total.",
		"invoice.Finalize")
	o.checkout = open(t, copyRepo(t, "checkout", checkoutName))
	for _, w := range []*workspace.Workspace{o.arch, o.billing, o.checkout} {
		publish(t, st, w)
	}
	return o
}
