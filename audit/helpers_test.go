package audit

import "testing"

func TestIsTestPath(t *testing.T) {
	tests := []struct {
		path string
		want bool
	}{
		{"pkg/a.go", false},
		{"pkg/a_test.go", true},
		{"tests/test_app.py", true},
		{"src/flask/app.py", false},
		{"src/app_test.py", true},
		{"web/button.test.ts", true},
		{"web/button.spec.js", true},
		{"pkg/test/expectations.go", true},
		{"go/parser/testdata/x.go", true},
		{"vendor/golang.org/x/y.go", true},
		{"testing/testing.go", false}, // the Go tree's testing package ships
		{"contest/run.go", false},
	}
	for _, tt := range tests {
		if got := isTestPath(tt.path); got != tt.want {
			t.Errorf("isTestPath(%q) = %v, want %v", tt.path, got, tt.want)
		}
	}
}

func TestClosest(t *testing.T) {
	names := map[string]bool{"ApplyReverseCharge": true, "Rate": true, "Compute": true, "ctrl": true, "Computes": true}
	tests := []struct{ name, want string }{
		{"ReverseCharge", "ApplyReverseCharge"}, // contained
		{"Compte", "Compute"},                   // one edit
		{"Komputer", "Compute"},                 // two edits in eight letters, as for Computes: the first in order
		{"html", ""},                            // "ctrl" is two edits of four letters
		{"Rat", "Rate"},                         // one edit in three letters
		{"Unrelated", ""},
	}
	for _, tt := range tests {
		if got := closest(tt.name, names); got != tt.want {
			t.Errorf("closest(%q) = %q, want %q", tt.name, got, tt.want)
		}
	}
	for _, tt := range []struct {
		a, b string
		d    int
	}{{"", "", 0}, {"abc", "", 3}, {"kitten", "sitting", 3}, {"flaw", "lawn", 2}} {
		if got := levenshtein(tt.a, tt.b); got != tt.d {
			t.Errorf("levenshtein(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.d)
		}
	}
}

func TestBodyWords(t *testing.T) {
	tests := []struct {
		body string
		want int
	}{
		{"", 0},
		{"Co-authored-by: Jane <j@example.com>\nSigned-off-by: Joe <joe@example.com>", 0},
		{"Finance chases unpaid invoices after 30 days.\n\nReviewed-by: Ann <a@x>", 7},
		{"Change-Id: I0123\nOne two three", 3},
	}
	for _, tt := range tests {
		if got := bodyWords(tt.body); got != tt.want {
			t.Errorf("bodyWords(%q) = %d, want %d", tt.body, got, tt.want)
		}
	}
}

func TestUnder(t *testing.T) {
	tests := []struct {
		path  string
		paths []string
		want  bool
	}{
		{"money/round.go", nil, true},
		{"money/round.go", []string{"money"}, true},
		{"money/round.go", []string{"money/"}, true},
		{"money/round.go", []string{"money/round.go"}, true},
		{"money/round.go", []string{"mon"}, false},
		{"money/round.go", []string{"."}, true},
		{"money/round.go", []string{"cart", "money"}, true},
	}
	for _, tt := range tests {
		if got := under(tt.path, tt.paths); got != tt.want {
			t.Errorf("under(%q, %q) = %v, want %v", tt.path, tt.paths, got, tt.want)
		}
	}
}

func TestQuote(t *testing.T) {
	tests := []struct{ in, want string }{
		{"example.com/books/money.RoundCents", "example.com/books/money.RoundCents"},
		{"money/round.go::RoundCents", "money/round.go::RoundCents"},
		{"Why it exists", "'Why it exists'"},
		{"it's", `'it'\''s'`},
		{"", "''"},
	}
	for _, tt := range tests {
		if got := quote(tt.in); got != tt.want {
			t.Errorf("quote(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
}
