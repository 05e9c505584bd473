package robocompiler_test

import (
	"testing"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/internal/testutil"
)

// TestBatchDerivativesWorkerIndependent: Batch.ForwardDerivatives gives bit-identical
// partials for 1 and 2 workers, a bad state fails alone, and state 0 equals
// Data.ForwardDerivatives at the reference.
func TestBatchDerivativesWorkerIndependent(t *testing.T) {
	m, err := robocompiler.Load("stewart", robocompiler.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var ref []robocompiler.BatchResult
	var states []robocompiler.BatchState
	for _, workers := range []int{1, 2} {
		b, err := m.NewBatch("", workers)
		if err != nil {
			t.Fatal(err)
		}
		if states == nil {
			states = batchStates(b, m, 9)
		}
		out := make([]robocompiler.BatchResult, len(states))
		b.ForwardDerivatives(states, out, false)
		for i := range out {
			if (out[i].Err != nil) != (i == len(states)/2) {
				t.Fatalf("workers %d state %d: err = %v", workers, i, out[i].Err)
			}
		}
		if ref == nil {
			ref = out
			continue
		}
		for i := range out {
			g, w := &out[i], &ref[i]
			for _, pair := range [][2][]float64{{g.DUdotDq, w.DUdotDq}, {g.DUdotDU, w.DUdotDU}, {g.DUdotDf, w.DUdotDf}} {
				if !testutil.SameBits(pair[0], pair[1]) {
					t.Fatalf("workers %d state %d: derivatives differ from 1 worker", workers, i)
				}
			}
		}
	}
	d := m.NewData()
	if err := d.Assemble(""); err != nil {
		t.Fatal(err)
	}
	if err := d.SetState(states[0].U, nil); err != nil {
		t.Fatal(err)
	}
	w := d.NewDerivatives()
	if err := d.ForwardDerivatives(w, states[0].F, nil); err != nil {
		t.Fatal(err)
	}
	if !testutil.SameBits(w.DUdotDq, ref[0].DUdotDq) || !testutil.SameBits(w.DUdotDU, ref[0].DUdotDU) {
		t.Fatal("batch state 0 differs from Data.ForwardDerivatives")
	}
}
