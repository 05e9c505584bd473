package plot

import (
	"math"
	"testing"
)

// TestDecadeTickLabels: every labelled tick of a log axis over 1e-18 … 1e-2 reads as a
// short power of ten that parses back to its value within round-off.
func TestDecadeTickLabels(t *testing.T) {
	labelled := 0
	for _, tk := range (decadeTicks{}).Ticks(1e-18, 1e-2) {
		if tk.Label == "" {
			continue
		}
		labelled++
		want := math.Pow(10, math.Round(math.Log10(tk.Value)))
		if len(tk.Label) > 6 || math.Abs(tk.Value-want) > 1e-12*want {
			t.Errorf("tick %v labelled %q", tk.Value, tk.Label)
		}
	}
	if labelled < 3 {
		t.Errorf("%d labelled ticks over sixteen decades", labelled)
	}
}
