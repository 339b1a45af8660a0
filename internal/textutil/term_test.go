package textutil

import "testing"

func TestTermSafe(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"plain text kept", "Finalize writes one entry.\n\tindented", "Finalize writes one entry.\n\tindented"},
		{"unicode kept", "Café — naïve 日本", "Café — naïve 日本"},
		{"window title and clear screen", "a\x1b]0;PWNED\x07\x1b[2Jb", "ab"},
		{"title ended by ST", "a\x1b]2;x\x1b\\b", "ab"},
		{"unterminated title", "a\x1b]0;PWNED", "a"},
		{"clipboard write", "a\x1b]52;c;ZXZpbA==\x07b", "ab"},
		{"colour", "a\x1b[31;1mred\x1b[0mb", "aredb"},
		{"cursor moves", "a\x1b[10;10Hb\x1b[Ac", "abc"},
		{"charset switch", "a\x1b(0b", "ab"},
		{"reset", "a\x1bcb", "ab"},
		{"lone escape", "a\x1b", "a"},
		{"c1 csi", "a\u009b2Jb", "ab"},
		{"c1 osc", "a\u009d0;t\u009cb", "ab"},
		{"c1 other", "a\u0085b", "ab"},
		{"bell backspace cr", "a\x07\x08\rb", "ab"},
		{"del", "a\x7fb", "ab"},
		{"bidi override", "access\u202e gninraw\u202c ok", "access gninraw ok"},
		{"bidi isolate", "a\u2066b\u2069", "ab"},
		{"invalid utf-8 kept", "a\xffb", "a\xffb"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := TermSafe(tt.in); got != tt.want {
				t.Errorf("TermSafe(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}
