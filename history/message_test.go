package history

import "testing"

// notProseAlways is notProse with every expression run whatever the line
// holds: what its guards must not change.
func notProseAlways(t string) bool {
	return trailerLine().MatchString(t) || pointerLine().MatchString(t) || ruleLine().MatchString(t)
}

// proseSeeds are lines each guard passes and stops: trailers, pointer
// lines in any case and with 'ſ' for 's', separators, prose.
var proseSeeds = []string{
	"", "Signed-off-by: A <a@b>", "Co-authored-by: x", "Closes #12", "fixes https://x/y", "See abc1234",
	"ſee #4", "Follow-up to #9", "part of org/repo#3", "Reverts 0123456789", "---", "=====", "* * *", "~~~",
	"The cache keeps one entry per file.", "bug: #12", "BUG #12", "refs: #1, #2.", "related to #4 and more",
	"x: y", "- item", "Kelvin \u212a #1", "fixed deadbeef", "Ref ABCDEF0.", "see abc123", "Closes httpſ://x",
}

func TestNotProseGuards(t *testing.T) {
	for _, s := range proseSeeds {
		if got, want := notProse(s), notProseAlways(s); got != want {
			t.Errorf("notProse(%q) = %v, every expression run gives %v", s, got, want)
		}
	}
}

func FuzzNotProseGuards(f *testing.F) {
	for _, s := range proseSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := notProse(s), notProseAlways(s); got != want {
			t.Fatalf("notProse(%q) = %v, every expression run gives %v", s, got, want)
		}
	})
}
