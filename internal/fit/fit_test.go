package fit

import "testing"

func TestFloorOf(t *testing.T) {
	tests := []struct {
		text string
		want int
	}{
		{"One. Two.", len("One.") + 1},
		{"Calls Invoice.Finalize once. Then more.", len("Calls Invoice.Finalize once.") + 1},
		{"No sentence end", len("No sentence end")},
		{"Heading line\n\nbody. More.", len("Heading line") + 1},
		{"Ends here.", len("Ends here.")},
	}
	for _, tt := range tests {
		if got := FloorOf(tt.text); got != tt.want {
			t.Errorf("FloorOf(%q) = %d, want %d", tt.text, got, tt.want)
		}
	}
}
