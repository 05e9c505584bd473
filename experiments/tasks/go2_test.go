package tasks

import (
	"math"
	"testing"

	"github.com/robocompiler/robocompiler/internal/testmodels"
)

// TestGo2Short: four seconds of the schedule visit the four-, three- and two-foot support
// sets (five mode switches counting the first): the ideal supports hold to round-off,
// the base tracks to sub-millimetre, the swing feet to centimetres, the torques stay
// within the Go2's limits, and the run is deterministic.
func TestGo2Short(t *testing.T) {
	a := runShared(t, "go2", testmodels.Go2, 4)
	b := runShared(t, "go2", testmodels.Go2, 4)
	for i, m := range a.Metrics {
		t.Logf("%s = %.6g", m.Name, m.Value)
		if math.Float64bits(m.Value) != math.Float64bits(b.Metrics[i].Value) {
			t.Errorf("%s differs between identical runs: %v vs %v", m.Name, m.Value, b.Metrics[i].Value)
		}
	}
	if n := metric(t, a, "mode_switches"); n != 5 {
		t.Errorf("%g mode switches, want 5", n)
	}
	if g := metric(t, a, "support_gap_max_m"); !(g < 1e-10) {
		t.Errorf("support gap %.3g m", g)
	}
	if e := metric(t, a, "base_pos_rms_mm"); !(e < 1) {
		t.Errorf("base position RMS %.3g mm", e)
	}
	if e := metric(t, a, "swing_err_max_mm"); !(e < 20) {
		t.Errorf("swing-foot error up to %.3g mm", e)
	}
	if f := metric(t, a, "peak_torque_Nm"); !(f < 23.7) {
		t.Errorf("peak torque %.3g N·m beyond the hip/thigh limit", f)
	}
	feet := map[float64]bool{}
	l := a.Runs[0].Log
	col := l.Index("support_feet")
	for r := range l.Rows() {
		feet[l.Row(r)[col]] = true
	}
	if !feet[2] || !feet[3] || !feet[4] {
		t.Errorf("support sets visited: %v, want 2, 3 and 4 feet", feet)
	}
}
