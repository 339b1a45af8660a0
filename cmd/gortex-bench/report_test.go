package main

import (
	"testing"
	"time"
)

func TestMedianOf(t *testing.T) {
	tests := []struct {
		name string
		in   []time.Duration
		want time.Duration
	}{
		{"empty", nil, 0},
		{"odd", []time.Duration{5, 1, 3}, 3},
		{"even", []time.Duration{4, 1, 3, 2}, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := medianOf(tt.in); got != tt.want {
				t.Errorf("medianOf(%v) = %v, want %v", tt.in, got, tt.want)
			}
		})
	}
}

func TestIndexSummary(t *testing.T) {
	out := "/r: indexed in 1.00s\n  files     10 (go 8, markdown 2)\n  symbols   42\n  sections  3\n  links     5 (named 5)\n  skipped   0\n"
	got := indexSummary(out)
	want := map[string]string{"files": "10 (go 8, markdown 2)", "symbols": "42", "sections": "3", "links": "5 (named 5)"}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %q, want %q", k, got[k], v)
		}
	}
}
