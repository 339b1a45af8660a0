package graph

import "testing"

// TestSignalTrust checks the one trust table: strength falls with each
// place, weight never rises, and an unknown signal counts for nothing.
func TestSignalTrust(t *testing.T) {
	for i := 1; i < len(signalTrust); i++ {
		prev, cur := signalTrust[i-1].signal, signalTrust[i].signal
		if prev.Strength() <= cur.Strength() {
			t.Errorf("%s strength %d <= %s strength %d", prev, prev.Strength(), cur, cur.Strength())
		}
		if prev.Weight() < cur.Weight() {
			t.Errorf("%s weight %v < %s weight %v", prev, prev.Weight(), cur, cur.Weight())
		}
	}
	tests := []struct {
		signal Signal
		weight float64
	}{
		{SignalNamed, 1.0}, {SignalMember, 0.85}, {SignalPath, 0.7}, {SignalCochange, 0.6},
		{SignalCommit, 0.5}, {SignalLexical, 0.5}, {"invented", 0},
	}
	for _, tt := range tests {
		if got := tt.signal.Weight(); got != tt.weight {
			t.Errorf("%s.Weight() = %v, want %v", tt.signal, got, tt.weight)
		}
	}
	if Signal("invented").Strength() != 0 {
		t.Error("an unknown signal has strength")
	}
}
