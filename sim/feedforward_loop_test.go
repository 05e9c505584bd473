package sim

import (
	"math"
	"testing"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/robots"
)

// TestFeedforwardLoopForm: on a ladder large enough for the front door's loop form (no
// M_r), the feedforward evaluates through the loop form's inverse dynamics instead of
// reading M_r, and equals the plant's own Inverse at the same state.
func TestFeedforwardLoopForm(t *testing.T) {
	m, err := robocompiler.Compile(robots.FourBarLadder(60), robocompiler.Options{})
	if err != nil {
		t.Fatal(err)
	}
	plant := m.NewData()
	if err := plant.Assemble(""); err != nil {
		t.Fatal(err)
	}
	if !plant.LoopForm() {
		t.Fatalf("the 60-loop ladder (%d velocities) does not take the loop form", m.NV)
	}
	n := plant.Mobility()
	u, udot := make([]float64, n), make([]float64, n)
	for i := range u {
		u[i], udot[i] = 0.05*math.Sin(float64(i)), 0.3*math.Cos(float64(i))
	}
	if err := plant.SetState(u, udot); err != nil {
		t.Fatal(err)
	}
	ff, err := NewFeedforward(m, plant.Q, plant.Partition())
	if err != nil {
		t.Fatal(err)
	}
	plant.Interfaces()
	got := make([]float64, n)
	if err := ff.EffortAt(plant, udot, nil, got); err != nil {
		t.Fatal(err)
	}
	if err := plant.Inverse(nil); err != nil {
		t.Fatal(err)
	}
	for i, want := range plant.TauR {
		if d := math.Abs(got[i] - want); d > 1e-10*(1+math.Abs(want)) {
			t.Fatalf("tau_r[%d] = %.17g by the feedforward, %.17g by Inverse", i, got[i], want)
		}
	}
}
