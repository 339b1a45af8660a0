package main

import (
	"encoding/json"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/gortex/gortex/internal/pgtest"
	"github.com/gortex/gortex/query"
)

// TestPublishAndWhyDB publishes the fixture with gortex publish and asks
// why over --db: the answer is the local one (the commits of the
// symbol's lines aside, which the store does not hold), each entry saying
// its repository; publishing again writes nothing; --remove removes it.
func TestPublishAndWhyDB(t *testing.T) {
	dsn := pgtest.DB(t)
	dir := fixtureCopy(t)
	const name = "example.com/shop"
	code, out, errOut := run(t, "publish", "--db", dsn, "--dir", dir, "--repo", name, "--json")
	if code != exitOK {
		t.Fatalf("publish: %d %s", code, errOut)
	}
	var first map[string]any
	if err := json.Unmarshal([]byte(out), &first); err != nil || first["written"].(float64) == 0 {
		t.Fatalf("publish wrote nothing: %s %v", out, err)
	}
	for _, q := range []string{"billing.Invoice.Finalize", "ledger.Record"} {
		code, out, errOut = run(t, "why", "--dir", dir, "--json", "--no-llm", "--limit", "30", q)
		if code != exitOK {
			t.Fatalf("why %s: %d %s", q, code, errOut)
		}
		var local query.Answer
		if err := json.Unmarshal([]byte(out), &local); err != nil {
			t.Fatal(err)
		}
		local.Rationale = slices.DeleteFunc(local.Rationale, func(e query.Entry) bool { return e.Kind == query.EntryCommit })
		code, out, errOut = run(t, "why", "--db", dsn, "--json", "--limit", "30", local.Symbol.ID)
		if code != exitOK {
			t.Fatalf("why --db %s: %d %s", q, code, errOut)
		}
		var stored query.Answer
		if err := json.Unmarshal([]byte(out), &stored); err != nil {
			t.Fatal(err)
		}
		for i := range stored.Rationale {
			if stored.Rationale[i].Repo != name {
				t.Fatalf("entry %d of %s says repo %q", i, q, stored.Rationale[i].Repo)
			}
			stored.Rationale[i].Repo = ""
		}
		want, _ := json.Marshal(local.Rationale)
		got, _ := json.Marshal(stored.Rationale)
		if len(local.Rationale) == 0 || string(want) != string(got) {
			t.Fatalf("why --db %s differs from the local answer\nlocal: %s\nstore: %s", q, want, got)
		}
	}
	code, out, _ = run(t, "publish", "--db", dsn, "--dir", dir, "--repo", name, "--json")
	var again map[string]any
	if err := json.Unmarshal([]byte(out), &again); code != exitOK || err != nil || again["written"].(float64) != 0 {
		t.Fatalf("publishing an unchanged repository wrote rows: %s", out)
	}
	if code, out, _ = run(t, "search", "--db", dsn, "ledger"); code != exitOK || !strings.Contains(out, name+":") {
		t.Fatalf("search --db: %d %s", code, out)
	}
	// covers over --db says each target's repository and takes --limit
	// as the local covers does.
	code, out, errOut = run(t, "covers", "--db", dsn, "--limit", "1", "docs/adr/0001-use-a-ledger.md")
	targets := 0
	for l := range strings.Lines(out) {
		if strings.HasPrefix(l, "    ") {
			targets++
		}
	}
	if code != exitOK || !strings.Contains(out, "  "+name+": ") || targets != 1 || !strings.Contains(out, "left out") {
		t.Fatalf("covers --db --limit 1: %d %s%s", code, out, errOut)
	}
	if code, _, errOut = run(t, "publish", "--db", dsn, "--remove", "--repo", name); code != exitOK {
		t.Fatalf("remove: %d %s", code, errOut)
	}
	if code, _, _ = run(t, "why", "--db", dsn, "billing.Invoice.Finalize"); code != exitUnknown {
		t.Fatalf("why --db after removal: exit %d, want %d", code, exitUnknown)
	}
	if code, _, errOut = run(t, "publish", "--db", "postgres://nobody@127.0.0.1:1/x", "--dir", dir); code != exitError || strings.Contains(errOut, "password") {
		t.Fatalf("publish to no server: %d %s", code, errOut)
	}
}

// TestCheckDB checks a change against the store: the work tree against
// the published commit touches the symbols the local check finds against
// the same commit, and the usage errors say what is missing.
func TestCheckDB(t *testing.T) {
	t.Setenv("GORTEX_DB", "")
	dsn := pgtest.DB(t)
	dir := changeFixture(t)
	const name = "example.com/shop"
	if code, _, errOut := run(t, "publish", "--db", dsn, "--dir", dir, "--repo", name); code != exitOK {
		t.Fatalf("publish: %d %s", code, errOut)
	}
	changeFile(t, dir, "cart/cart.go", func(s string) string {
		return strings.Replace(s, "sum += it.PriceCents * int64(it.Quantity)", "sum += int64(it.Quantity) * it.PriceCents", 1)
	})
	touched := func(args ...string) (string, []string) {
		t.Helper()
		code, out, errOut := run(t, append([]string{"check", "--dir", dir, "--json"}, args...)...)
		if code != exitOK {
			t.Fatalf("check %v: %d %s", args, code, errOut)
		}
		var r struct {
			Base    string `json:"base"`
			Symbols []struct {
				ID string `json:"id"`
			} `json:"symbols"`
		}
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, s := range r.Symbols {
			ids = append(ids, s.ID)
		}
		return r.Base, ids
	}
	head, err := exec.Command("git", "-C", dir, "rev-parse", "HEAD").Output()
	if err != nil {
		t.Fatal(err)
	}
	base := strings.TrimSpace(string(head))
	_, local := touched("--base", base)
	stored, fromDB := touched("--db", dsn, "--repo", name)
	if len(local) == 0 || !slices.Equal(local, fromDB) || stored != base {
		t.Fatalf("check --db touched %v against %s, the local check %v against %s", fromDB, stored, local, base)
	}
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"check", "--repo", name}, exitUsage, "--repo needs --db"},
		{[]string{"check", "--db", dsn, "--diff", "-"}, exitUsage, "--repo"},
		{[]string{"check", "--db", dsn, "--base", "HEAD"}, exitUsage, "published commit"},
		{[]string{"check", "--db", dsn, "--dir", dir, "--repo", "example.com/nope"}, exitError, "no published repository example.com/nope"},
	} {
		code, _, errOut := run(t, c.args...)
		if code != c.code || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, %q; want %d and %q", c.args, code, errOut, c.code, c.want)
		}
	}
}
