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
		{"why did a finished stream leave response data unread?", true},
		{"Why couldn't I catch the failure when my data had a loop in it?", true},
		{"what broke the build when a system header redefined our type?", true},
		{"what caused the crash when a client used the busy flag", true},
		{"how come search time hardly changed", true},
		{"where did we swap raw error numbers for messages?", true},
		{"how did we cut memory use for huge lookups", true},
		{"why does the cache expire after an hour", false},
		{"how do the log entries save space", false},
		{"why didactic docs", false},
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
