package orgstore_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/gortex/gortex/internal/pgtest"
	"github.com/gortex/gortex/orgstore"
	"github.com/gortex/gortex/query"
)

const (
	finalize = "github.com/acme/billing/invoice.Finalize"
	adrPath  = "docs/adr/0001-invoices-are-final.md"
)

func entryRepos(es []query.Entry) map[string][]string {
	out := map[string][]string{}
	for _, e := range es {
		out[e.Repo] = append(out[e.Repo], e.Path)
	}
	return out
}

func TestWhyAcrossRepositories(t *testing.T) {
	o := publishOrg(t, pgtest.DB(t))
	ctx := context.Background()
	cases := []struct {
		name, query string
		repo        string
		grant       orgstore.Grant
		wantRepo    string // a repository an entry must come from; "" for an unknown answer
		wantPath    string
	}{
		{"import path", finalize, "", orgstore.Everything, archName, adrPath},
		{"module and name", "billing/invoice.Finalize", "", orgstore.Everything, archName, adrPath},
		{"own design", finalize, "", orgstore.Everything, billingName, "docs/design.md"},
		{"service symbol", "github.com/acme/checkout/cart.Checkout", "", orgstore.Everything, archName, adrPath},
		{"repo narrows the symbol, not its reasoning", "invoice.Finalize", billingName, orgstore.Everything, archName, adrPath},
		{"library hidden from the service's token", finalize, "", orgstore.Grant{Repos: []string{checkoutName}}, "", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a, err := o.st.Why(ctx, c.grant, orgstore.WhyQuery{Text: c.query, Repo: c.repo})
			if err != nil {
				t.Fatal(err)
			}
			if c.wantRepo == "" {
				if a.Status != query.StatusUnknown || a.Symbol != nil || len(a.Rationale) != 0 {
					t.Fatalf("want unknown, got status %v symbol %v entries %v", a.Status, a.Symbol, a.Rationale)
				}
				return
			}
			if a.Symbol == nil {
				t.Fatalf("no symbol: %s", a.Note)
			}
			if !slices.Contains(entryRepos(a.Rationale)[c.wantRepo], c.wantPath) {
				t.Fatalf("no entry of %s %s in %+v", c.wantRepo, c.wantPath, entryRepos(a.Rationale))
			}
		})
	}
}

// TestWhyEqualsLocal holds the store's answer for a symbol of one
// repository, read by a grant of that repository alone, to the answer
// gortex why gives in it (without the commits of its lines, which the
// store does not hold).
func TestWhyEqualsLocal(t *testing.T) {
	o := publishOrg(t, pgtest.DB(t))
	ctx := context.Background()
	for _, q := range []string{"invoice.Finalize", "invoice.Invoice", "invoice.ErrFinal"} {
		t.Run(q, func(t *testing.T) {
			w := o.billing
			opts := w.QueryOptions()
			opts.History = nil
			ci, err := w.OpenContent()
			if err != nil {
				t.Fatal(err)
			}
			defer ci.Close()
			opts.Searcher = ci
			local, err := query.Why(ctx, w.Store(), query.Classify(w.Store(), q, "", ""), opts)
			if err != nil {
				t.Fatal(err)
			}
			if local.Symbol == nil {
				t.Fatalf("local why %s: %s", q, local.Note)
			}
			stored, err := o.st.Why(ctx, orgstore.Grant{Repos: []string{billingName}}, orgstore.WhyQuery{Text: local.Symbol.ID})
			if err != nil {
				t.Fatal(err)
			}
			if stored.Symbol == nil {
				t.Fatalf("store why %s: %s", local.Symbol.ID, stored.Note)
			}
			for i := range stored.Rationale {
				if stored.Rationale[i].Repo != billingName {
					t.Errorf("entry %d says repo %q", i, stored.Rationale[i].Repo)
				}
				stored.Rationale[i].Repo = ""
			}
			if len(local.Rationale) == 0 && q == "invoice.Finalize" {
				t.Fatal("the fixture's Finalize has no local reasoning: the comparison would prove nothing")
			}
			want, _ := json.MarshalIndent(local.Rationale, "", " ")
			got, _ := json.MarshalIndent(stored.Rationale, "", " ")
			if string(want) != string(got) {
				t.Fatalf("store answer differs from the local one\nlocal: %s\nstore: %s", want, got)
			}
			if stored.Symbol.Doc != local.Symbol.Doc || stored.Symbol.Qualified != local.Symbol.Qualified {
				t.Fatalf("symbol differs: local %+v store %+v", local.Symbol, stored.Symbol)
			}
		})
	}
}

func TestCoversAcrossRepositories(t *testing.T) {
	o := publishOrg(t, pgtest.DB(t))
	ctx := context.Background()
	c, err := o.st.Covers(ctx, orgstore.Everything, orgstore.CoversQuery{Repo: archName, Doc: adrPath})
	if err != nil {
		t.Fatal(err)
	}
	repos := map[string][]string{}
	for _, tg := range c.Targets {
		repos[tg.Repo] = append(repos[tg.Repo], tg.Qualified)
	}
	if !slices.Contains(repos[billingName], finalize) || !slices.Contains(repos[checkoutName], "github.com/acme/checkout/cart.Checkout") {
		t.Fatalf("covers: want Finalize in billing and Checkout in checkout, got %v", repos)
	}
	// One section, by heading.
	c, err = o.st.Covers(ctx, orgstore.Everything, orgstore.CoversQuery{Doc: adrPath + "#Consequences"})
	if err != nil {
		t.Fatal(err)
	}
	if c.Section != "Consequences" || c.Count != 0 {
		t.Fatalf("the Consequences section names no code, got %+v", c)
	}
	// A token of the service alone sees the service's code only.
	_, err = o.st.Covers(ctx, orgstore.Grant{Repos: []string{checkoutName}}, orgstore.CoversQuery{Doc: adrPath})
	if err == nil {
		t.Fatal("a token without the architecture repository read its ADR")
	}
}

func TestPublishNewCommitKeepsLink(t *testing.T) {
	o := publishOrg(t, pgtest.DB(t))
	ctx := context.Background()
	root := o.billing.Root
	p := filepath.Join(root, "invoice", "invoice.go")
	b, _ := os.ReadFile(p)
	b = append(b, []byte("\n// Void cancels an invoice that was never issued.\nfunc Void(inv *Invoice) { inv.Lines = nil }\n")...)
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	commitAll(t, root, "add Void")
	w := open(t, root)
	stats := publish(t, o.st, w)
	if stats.Written == 0 || stats.Unchanged == 0 {
		t.Fatalf("a new commit should write some rows and keep the rest: %+v", stats)
	}
	again := publish(t, o.st, w)
	if again.Written != 0 || again.Deleted != 0 {
		t.Fatalf("publishing the same index again wrote %d rows, deleted %d", again.Written, again.Deleted)
	}
	a, err := o.st.Why(ctx, orgstore.Everything, orgstore.WhyQuery{Text: finalize})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(entryRepos(a.Rationale)[archName], adrPath) {
		t.Fatalf("the ADR link is gone after a new commit of the library: %v", entryRepos(a.Rationale))
	}
	repos, err := o.st.Repos(ctx, orgstore.Everything)
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(repos, func(r orgstore.RepoInfo) bool { return r.Name == billingName })
	if i < 0 || repos[i].Generation != 3 || len(repos[i].Commit) != 40 {
		t.Fatalf("billing after three publishes: %+v", repos)
	}
	// The symbol added is answered, and one removed would be gone.
	if a, _ := o.st.Why(ctx, orgstore.Everything, orgstore.WhyQuery{Text: "billing/invoice.Void"}); a.Symbol == nil {
		t.Fatalf("the new symbol is not published: %s", a.Note)
	}
}

func TestTokenSeesOnlyItsRepositories(t *testing.T) {
	o := publishOrg(t, pgtest.DB(t))
	ctx := context.Background()
	tok, err := o.st.AddToken(ctx, "checkout-agent", []string{checkoutName, archName}, false)
	if err != nil {
		t.Fatal(err)
	}
	g, ok, err := o.st.GrantOf(ctx, tok)
	if err != nil || !ok {
		t.Fatalf("grant of a new token: %v %v", ok, err)
	}
	if _, ok, _ := o.st.GrantOf(ctx, tok+"x"); ok {
		t.Fatal("a wrong token was granted")
	}
	mems, err := o.st.Memories(ctx, g, orgstore.MemoryQuery{})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range mems {
		if m.Title == secretTitle {
			t.Fatal("the service's token read the library's memory")
		}
	}
	all, err := o.st.Memories(ctx, orgstore.Everything, orgstore.MemoryQuery{})
	if err != nil || !slices.ContainsFunc(all, func(m orgstore.StoredMemory) bool { return m.Title == secretTitle }) {
		t.Fatalf("the library's memory is not published: %v %v", all, err)
	}
	res, err := o.st.Search(ctx, g, "ledger replay idempotent", 20)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range res.Entries {
		if e.Repo == billingName || e.Section == secretTitle {
			t.Fatalf("search with the service's token found the library's %s %s", e.Kind, e.Section)
		}
	}
	if ms, err := o.st.Memories(ctx, g, orgstore.MemoryQuery{Repo: billingName}); err != nil || len(ms) != 0 {
		t.Fatalf("asking for the library's memories by name returned %d (%v)", len(ms), err)
	}
	// The organisation's memories: written through the store, read by all.
	m, err := o.st.AddMemory(ctx, g, orgstore.NewMemory{Title: "Invoices close through one function",
		Body: "Every service finalises through the billing library, never by hand.", Anchors: []string{finalize}})
	if err != nil {
		t.Fatal(err)
	}
	if m.Repo != orgstore.OrgRepo {
		t.Fatalf("an organisation's memory says repo %q", m.Repo)
	}
	if _, err := o.st.AddMemory(ctx, g, orgstore.NewMemory{Repo: billingName, Title: "x", Body: "y"}); err == nil {
		t.Fatal("the service's token wrote a memory of the library")
	}
	a, err := o.st.Why(ctx, orgstore.Everything, orgstore.WhyQuery{Text: finalize})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(a.Rationale, func(e query.Entry) bool { return e.Repo == orgstore.OrgRepo && e.Kind == query.EntryMemory }) {
		t.Fatalf("why does not list the organisation's memory anchored to it: %v", entryRepos(a.Rationale))
	}
	// A publish of the library keeps the memories written through the store.
	publish(t, o.st, o.billing)
	if ms, err := o.st.Memories(ctx, g, orgstore.MemoryQuery{Repo: orgstore.OrgRepo}); err != nil || len(ms) != 1 {
		t.Fatalf("organisation memories after a publish: %d (%v)", len(ms), err)
	}
}

func TestRemove(t *testing.T) {
	o := publishOrg(t, pgtest.DB(t))
	ctx := context.Background()
	if ok, err := o.st.Remove(ctx, billingName); err != nil || !ok {
		t.Fatalf("remove: %v %v", ok, err)
	}
	if ok, _ := o.st.Remove(ctx, billingName); ok {
		t.Fatal("removed twice")
	}
	a, err := o.st.Why(ctx, orgstore.Everything, orgstore.WhyQuery{Text: finalize})
	if err != nil {
		t.Fatal(err)
	}
	if a.Symbol != nil {
		t.Fatalf("a removed repository's symbol answered: %v", a.Symbol)
	}
	c, err := o.st.Covers(ctx, orgstore.Everything, orgstore.CoversQuery{Doc: adrPath})
	if err != nil {
		t.Fatal(err)
	}
	for _, tg := range c.Targets {
		if tg.Repo == billingName {
			t.Fatalf("covers lists a removed repository's %s", tg.ID)
		}
	}
	conn, err := pgx.Connect(ctx, o.dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	var n int
	conn.Exec(ctx, `SELECT set_config('gortex.all', 'on', false)`)
	for _, tbl := range []string{"symbols", "sections", "links", "mentions", "answers", "commits"} {
		if err := conn.QueryRow(ctx, `SELECT count(*) FROM `+tbl+` t JOIN repos r ON r.id = t.repo_id WHERE r.name = $1`, billingName).Scan(&n); err != nil || n != 0 {
			t.Fatalf("%s keeps %d rows of the removed repository (%v)", tbl, n, err)
		}
	}
}

// TestConcurrentPublishes publishes two versions of one repository at
// once, many times: each time the store holds exactly one of them.
func TestConcurrentPublishes(t *testing.T) {
	dsn := pgtest.DB(t)
	ctx := context.Background()
	st, err := orgstore.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	a, b := synthetic(50, "a"), synthetic(70, "b")
	repo := orgstore.Repo{Name: "example.com/x", Commit: "c1"}
	for round := range 5 {
		var wg sync.WaitGroup
		errs := make([]error, 2)
		for i, snap := range []*orgstore.Snapshot{a, b} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, errs[i] = st.Publish(ctx, repo, snap)
			}()
		}
		wg.Wait()
		if errs[0] != nil || errs[1] != nil {
			t.Fatalf("round %d: %v %v", round, errs[0], errs[1])
		}
		ids := publishedIDs(t, dsn, repo.Name)
		if !slices.Equal(ids, idsOf(a)) && !slices.Equal(ids, idsOf(b)) {
			t.Fatalf("round %d: the store holds %d symbols, neither version (%d or %d)", round, len(ids), len(a.Symbols), len(b.Symbols))
		}
	}
}

// synthetic is a snapshot of n symbols whose IDs start with tag.
func synthetic(n int, tag string) *orgstore.Snapshot {
	s := &orgstore.Snapshot{}
	for i := range n {
		id := tag + "/f.go::F" + strings.Repeat("x", i%7) + string(rune('a'+i%26)) + time.Duration(i).String()
		s.Symbols = append(s.Symbols, orgstore.Symbol{ID: id, Qualified: "example.com/x/" + id, Name: "F", Kind: "function", Path: tag + "/f.go", Line: i + 1, EndLine: i + 1})
	}
	return s
}

func idsOf(s *orgstore.Snapshot) []string {
	var out []string
	for _, sym := range s.Symbols {
		out = append(out, sym.ID)
	}
	slices.Sort(out)
	return out
}

func publishedIDs(t testing.TB, dsn, repo string) []string {
	t.Helper()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	var ids []string
	err = pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
		tx.Exec(ctx, `SELECT set_config('gortex.all', 'on', true)`)
		rows, err := tx.Query(ctx, `SELECT s.id FROM symbols s JOIN repos r ON r.id = s.repo_id WHERE r.name = $1 ORDER BY s.id COLLATE "C"`, repo)
		if err != nil {
			return err
		}
		ids, err = pgx.CollectRows(rows, pgx.RowTo[string])
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return ids
}
