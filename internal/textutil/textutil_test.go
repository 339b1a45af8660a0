package textutil

import (
	"maps"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestJaccard(t *testing.T) {
	tests := []struct {
		name, a, b string
		want       float64
	}{
		{"case and punctuation ignored", "the ledger entry", "The LEDGER entry!", 1},
		{"no word of 3+ characters", "a b c", "a b c", 0},
		{"one of three shared", "ledger entry", "ledger refund", 1.0 / 3},
		{"three of five shared", "alpha beta gamma delta", "alpha beta gamma epsilon", 3.0 / 5},
		{"letters of any script", "größe straße", "größe", 1.0 / 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Jaccard(TokenSet(tt.a), TokenSet(tt.b)); got != tt.want {
				t.Errorf("Jaccard(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
			}
		})
	}
}

func TestCut(t *testing.T) {
	tests := []struct {
		name, in string
		n        int
		want     string
	}{
		{"fits", "short", 5, "short"},
		{"cut with ellipsis", "abcdefgh", 5, "abcd…"},
		{"trailing space trimmed", "abc  defgh", 6, "abc…"},
		{"runes, not bytes", "€€€€€€", 4, "€€€…"},
		{"too small to say anything", "abcdef", 1, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Cut(tt.in, tt.n)
			if got != tt.want {
				t.Errorf("Cut(%q, %d) = %q, want %q", tt.in, tt.n, got, tt.want)
			}
			if utf8.RuneCountInString(got) > tt.n && tt.n >= 2 {
				t.Errorf("Cut(%q, %d) has %d runes", tt.in, tt.n, utf8.RuneCountInString(got))
			}
		})
	}
}

func TestCutBytes(t *testing.T) {
	tests := []struct {
		name, in string
		n        int
		want     string
	}{
		{"fits", "abc", 3, "abc"},
		{"ascii", "abcdef", 4, "abcd"},
		{"never inside a rune", "ab€cd", 4, "ab"},
		{"space trimmed", "ab cd", 3, "ab"},
		{"negative budget", "abc", -1, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := CutBytes(tt.in, tt.n)
			if got != tt.want || !utf8.ValidString(got) {
				t.Errorf("CutBytes(%q, %d) = %q, want %q", tt.in, tt.n, got, tt.want)
			}
		})
	}
}

func TestEstimateTokens(t *testing.T) {
	for in, want := range map[string]int{"": 0, "abcd": 1, "abcde": 2, "€€": 2} {
		if got := EstimateTokens(in); got != want {
			t.Errorf("EstimateTokens(%q) = %d, want %d", in, got, want)
		}
	}
}

func TestDistance(t *testing.T) {
	tests := []struct {
		name, a, b string
		want       int
	}{
		{"equal", "json", "json", 0},
		{"one insertion", "jsn", "json", 1},
		{"a swap of neighbours is one edit", "jsno", "json", 1},
		{"a swap and a substitution", "lsit", "lust", 2},
		{"empty", "", "limit", 5},
		{"runes, not bytes", "größe", "grösse", 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Distance(tt.a, tt.b); got != tt.want {
				t.Errorf("Distance(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
			}
		})
	}
}

func TestRegexp(t *testing.T) {
	re := Regexp(`^v(\d+)$`)
	first := re()
	if first != re() {
		t.Error("Regexp compiled its expression twice")
	}
	if got := first.FindStringSubmatch("v12"); len(got) != 2 || got[1] != "12" {
		t.Errorf("FindStringSubmatch = %q", got)
	}
	bad := Regexp(`(`)
	defer func() {
		if recover() == nil {
			t.Error("a bad expression did not panic on first use")
		}
	}()
	bad()
}

func TestExcerpt(t *testing.T) {
	tests := []struct {
		text, detail string
		n            int
		want         string
	}{
		{"", "x", 10, ""},
		{"First  para.\n\nSecond names Budget.", "Budget", 80, "Second names Budget."},
		{"\n\nFirst\npara.\n\nSecond.", "missing", 80, "First para."},
		{"First para.\n\nSecond.", "", 80, "First para."},
		{"A long first paragraph", "", 8, "A long…"},
	}
	for _, tt := range tests {
		if got := Excerpt(tt.text, tt.detail, tt.n); got != tt.want {
			t.Errorf("Excerpt(%q, %q, %d) = %q, want %q", tt.text, tt.detail, tt.n, got, tt.want)
		}
	}
}

// FuzzExcerpt: a paragraph collapsed only as far as its cut needs
// (collapsed) gives the excerpt the whole paragraph collapsed gives, for
// any text and length, invalid UTF-8 and unicode spaces included.
func FuzzExcerpt(f *testing.F) {
	for _, s := range []string{"A long first paragraph", "a\u00a0b\u2003 c\n\nd", "\xff\xfe  x y", "word  word\tword"} {
		f.Add(s, uint8(8))
	}
	f.Fuzz(func(t *testing.T, text string, n uint8) {
		want := Cut(strings.Join(strings.Fields(text), " "), int(n))
		if got := Cut(collapsed(text, int(n)), int(n)); got != want {
			t.Errorf("Cut(collapsed(%q, %d)) = %q, want %q", text, n, got, want)
		}
	})
}

// TestTokenSetASCII: the set of an ASCII text is the one the general
// path (lower case, then runs of letters and digits) makes, and a text
// with any other character takes the general path.
func TestTokenSetASCII(t *testing.T) {
	for _, s := range []string{
		"", "ab", "abc", "The Quick brown_fox, JUMPS over 12 lazy dogs 123 4567.",
		"Retry-After: 30s; see RFC7231 (section 7.1.3)\n\tx9z A1B2 -- ok!",
		"func (c *Client) Do(req *Request) (*Response, error) { return c.do(req) }",
		"naïve café", "İstanbul Straße ΣΑΣ", "mixed ascii and ünïcode words here",
	} {
		want := tokenSet(s)
		got, ok := asciiTokenSet(s)
		ascii := true
		for _, r := range s {
			ascii = ascii && r < 0x80
		}
		if ok != ascii {
			t.Errorf("asciiTokenSet(%q): ok %v, want %v", s, ok, ascii)
			continue
		}
		if ok && !maps.Equal(got, want) {
			t.Errorf("asciiTokenSet(%q) = %v, want %v", s, got, want)
		}
		if all := TokenSet(s); !maps.Equal(all, want) {
			t.Errorf("TokenSet(%q) = %v, want %v", s, all, want)
		}
	}
}

func FuzzTokenSet(f *testing.F) {
	f.Add("The Quick brown_fox, JUMPS 123")
	f.Add("naïve café")
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := TokenSet(s), tokenSet(s); !maps.Equal(got, want) {
			t.Errorf("TokenSet(%q) = %v, want %v", s, got, want)
		}
	})
}

// TestCache: a text's value is made once while the cache holds it; a
// cache that would overflow starts again; a text over the bound is never
// kept.
func TestCache(t *testing.T) {
	made := map[string]int{}
	upper := func(s string) string { made[s]++; return strings.ToUpper(s) }
	c := NewCache[string](10)
	steps := []struct {
		text      string
		want      string
		wantMade  int // times text was made, after the step
		wantTexts int // texts kept, after the step
	}{
		{"abc", "ABC", 1, 1},
		{"abc", "ABC", 1, 1},
		{"defg", "DEFG", 1, 2},
		{"abc", "ABC", 1, 2},
		{"hijk", "HIJK", 1, 1}, // 3+4+4 > 10: emptied first
		{"abc", "ABC", 2, 2},
		{"a much longer text", "A MUCH LONGER TEXT", 1, 2},
		{"a much longer text", "A MUCH LONGER TEXT", 2, 2},
		{"", "", 1, 3},
		{"", "", 1, 3},
	}
	for i, st := range steps {
		if got := c.Get(st.text, upper); got != st.want {
			t.Errorf("step %d: Get(%q) = %q, want %q", i+1, st.text, got, st.want)
		}
		if made[st.text] != st.wantMade || c.Len() != st.wantTexts {
			t.Errorf("step %d: %q made %d times, %d texts kept; want %d, %d", i+1, st.text, made[st.text], c.Len(), st.wantMade, st.wantTexts)
		}
	}
}

// TestBounded checks Bounded's one rule: an entry that would not fit
// empties the map first, and one that alone costs more than the bound is
// not kept and empties nothing.
func TestBounded(t *testing.T) {
	b := NewBounded[string, int](10)
	steps := []struct {
		key  string
		cost int
		want []string // the keys kept after the step
	}{
		{"a", 4, []string{"a"}},
		{"b", 6, []string{"a", "b"}},
		{"huge", 11, []string{"a", "b"}},
		{"c", 1, []string{"c"}},
		{"d", 9, []string{"c", "d"}},
		{"e", 10, []string{"e"}},
	}
	for i, s := range steps {
		b.Put(s.key, i, s.cost)
		if b.Len() != len(s.want) {
			t.Fatalf("after %q: %d kept, want %v", s.key, b.Len(), s.want)
		}
		for _, k := range s.want {
			if _, ok := b.Get(k); !ok {
				t.Fatalf("after %q: %q not kept, want %v", s.key, k, s.want)
			}
		}
	}
}
