package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestWhyDesignOverVersionedGuides: a design document and four copies of a
// user guide (three kept per release, their texts drifting apart between
// releases, and one more under another file name with the newest text)
// all name the symbol the same way. The design document gives the reason
// and comes first; the guide's copies take one place between them.
func TestWhyDesignOverVersionedGuides(t *testing.T) {
	dir := fixtureCopyOf(t, "versioned")
	if code, _, stderr := run(t, "index", "--quiet", dir); code != exitOK {
		t.Fatalf("index: %s", stderr)
	}
	code, out, stderr := run(t, "why", "--dir", dir, "--json", "--no-llm", "restore_sequence")
	if code != exitOK {
		t.Fatalf("why: exit %d: %s", code, stderr)
	}
	var a struct {
		Rationale []struct {
			Path    string `json:"path"`
			Section string `json:"section"`
		} `json:"rationale"`
	}
	if err := json.Unmarshal([]byte(out), &a); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if len(a.Rationale) == 0 || a.Rationale[0].Path != "design/restore-order.md" {
		t.Fatalf("the design document is not first:\n%s", out)
	}
	var guides []string
	for _, e := range a.Rationale {
		if strings.HasPrefix(e.Path, "site/") {
			guides = append(guides, e.Path+"#"+e.Section)
		}
	}
	if len(guides) != 1 {
		t.Errorf("the guide's copies take %d places, want 1: %v", len(guides), guides)
	}
}
