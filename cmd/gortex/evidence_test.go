package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/gortex/gortex/change"
)

// coversOf indexes a copy of the fixture name and returns covers of doc,
// every target.
func coversOf(t *testing.T, name, doc string) change.Coverage {
	t.Helper()
	dir := fixtureCopyOf(t, name)
	if code, _, stderr := run(t, "index", "--quiet", dir); code != exitOK {
		t.Fatalf("index: %s", stderr)
	}
	code, out, stderr := run(t, "covers", "--dir", dir, "--json", "--limit", "0", doc)
	if code != exitOK {
		t.Fatalf("covers: exit %d: %s", code, stderr)
	}
	var c change.Coverage
	if err := json.Unmarshal([]byte(out), &c); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	return c
}

// TestCoversOwnCodeFirst: a proposal names a helper of the end-to-end
// suite (test/framework), a link as strong as any; whatever it scores, a
// target in test code comes after every target in the repository's own
// code, and says where it lives.
func TestCoversOwnCodeFirst(t *testing.T) {
	c := coversOf(t, "health", "docs/proposals/20191030-health-checking.md")
	own, helper := true, false
	for _, tg := range c.Targets {
		switch {
		case tg.Place == "" && !own:
			t.Errorf("%s (own code) comes after a target in test code", tg.ID)
		case tg.Place != "":
			own = false
		}
		if tg.ID == "test/framework/remediation.go::WaitForRemediation" {
			helper = tg.Place == "test code"
		}
	}
	if !helper {
		t.Errorf("the suite's helper is not covered as test code: %+v", c.Targets)
	}
}

// TestCoversLeavesOutsideNames: names the code takes from outside the
// repository — a trait it imports from another crate, Rust's prelude, a
// Go package of the standard library as a qualifier — are no targets of a
// document that writes them, although the repository has symbols of the
// same names; the types the document is about are.
func TestCoversLeavesOutsideNames(t *testing.T) {
	tests := []struct {
		fixture, doc string
		want, never  []string
	}{
		{"rustrfc", "rfcs/0001-buffered-sink.md",
			[]string{"src/sink.rs::BufferedSink", "src/sink.rs::FlushPolicy", "src/batch.rs::Batch"},
			[]string{"src/net.rs::Stream", "src/net.rs::Send", "src/batch.rs::Ring.push", "src/batch.rs::Segment.into_iter",
				"src/batch.rs::Segment.Item"}},
		{"health", "docs/proposals/20191030-health-checking.md",
			[]string{"api/v2/healthcheck_types.go::HealthCheck", "controllers/healthcheck/controller.go::Reconciler"},
			[]string{"internal/topology/input.go::Context", "api/v1/healthcheck_types.go::Duration"}},
	}
	for _, tt := range tests {
		t.Run(tt.fixture, func(t *testing.T) {
			c := coversOf(t, tt.fixture, tt.doc)
			first := map[string]bool{}
			for i, tg := range c.Targets {
				if i < 10 {
					first[tg.ID] = true
				}
			}
			for _, id := range tt.want {
				if !first[id] {
					t.Errorf("%s is not among the first 10 targets", id)
				}
			}
			for _, id := range tt.never {
				if first[id] {
					t.Errorf("%s is among the first 10 targets", id)
				}
			}
		})
	}
}

// TestCoversLeavesDataWords: the words of a manifest and of prose about
// its fields are no targets: a value (`status: "Unknown"`) of a constant
// of one word, fields of types the proposal never names ("an ownerRef",
// "their machineSet", a heading "Machine conditions").
func TestCoversLeavesDataWords(t *testing.T) {
	c := coversOf(t, "health", "docs/proposals/20191030-health-checking.md")
	never := map[string]bool{"tools/release/constants.go::Unknown": true, "controllers/machine/scope.go::scope.machineSet": true,
		"internal/topology/input.go::templateInput.ownerRef": true, "controllers/machine/scope.go::scope.machineConditions": true}
	for _, tg := range c.Targets {
		if never[tg.ID] {
			t.Errorf("%s is covered (%s %.2f)", tg.ID, tg.Signal, tg.Score)
		}
	}
	if len(c.Targets) == 0 || c.Targets[0].ID != "api/v2/healthcheck_types.go::HealthCheck" {
		t.Errorf("the first target is not the newest HealthCheck: %+v", c.Targets)
	}
}

// TestAuditReadsFrontMatterStatus: a proposal whose front matter says it
// is implementable names code that may not exist yet (release.Remediation);
// audit reports no dangling reference in it until its status says it is
// built.
func TestAuditReadsFrontMatterStatus(t *testing.T) {
	dir := fixtureCopyOf(t, "health")
	dangling := func() int {
		t.Helper()
		if code, _, stderr := run(t, "index", "--quiet", dir); code != exitOK {
			t.Fatalf("index: %s", stderr)
		}
		code, out, stderr := run(t, "audit", "--dir", dir, "--json")
		if code != exitOK {
			t.Fatalf("audit: exit %d: %s", code, stderr)
		}
		var r struct {
			ByType []struct {
				Type  string `json:"type"`
				Count int    `json:"count"`
			} `json:"by_type"`
		}
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		for _, b := range r.ByType {
			if b.Type == "dangling_reference" {
				return b.Count
			}
		}
		return 0
	}
	if n := dangling(); n != 0 {
		t.Errorf("implementable: %d dangling references, want 0", n)
	}
	p := filepath.Join(dir, "docs", "proposals", "20191030-health-checking.md")
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, bytes.Replace(b, []byte("status: implementable"), []byte("status: implemented"), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	if n := dangling(); n != 1 {
		t.Errorf("implemented: %d dangling references, want 1 (release.Remediation)", n)
	}
}
