package query

import "testing"

func TestRecallsChange(t *testing.T) {
	tests := []struct {
		text string
		want bool
	}{
		{"what was that bug where the first header was visited twice", true},
		{"What were the reasons for the old cache?", true},
		{"  what was the change that made uploads fail", true},
		{"when did we stop signing releases?", true},
		{"why use TOML for config?", false},
		{"why was dynamic loading rejected", false},
		{"what is the budget cap", false},
		{"somewhat was that", false},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			if got := recallsChange(tt.text); got != tt.want {
				t.Errorf("recallsChange(%q) = %v, want %v", tt.text, got, tt.want)
			}
		})
	}
}
