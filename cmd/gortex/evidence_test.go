package main

import (
	"encoding/json"
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
