//go:build mujoco

package tasks

import (
	"math"
	"testing"

	"github.com/robocompiler/robocompiler/internal/testmodels"
)

// TestGo2Native: four seconds of the go2 schedule (stand, weight shift, a three-foot
// step, the two-foot diagonal phase and back on four feet) in our rollout with ideal
// supports and natively in MuJoCo standing on its own foot contacts. Both track the base
// to a few tenths of a millimetre against the joints' uncompensated friction loss (ours
// 0.17 mm RMS with the smooth friction model, MuJoCo's 0.17 mm), the feet in
// MuJoCo move by under 5 mm while in support (the spheres' rolling included), both
// need the same peak torque to 3%, well within the Go2's limits, our supports hold to
// round-off, and two runs are bit-identical.
func TestGo2Native(t *testing.T) {
	a := runShared(t, "go2_native", testmodels.Go2, 4)
	for _, m := range a.Metrics {
		t.Logf("%s = %.6g", m.Name, m.Value)
	}
	if e := metric(t, a, "base_pos_rms_mm_robocompiler"); !(e < 0.25) {
		t.Errorf("our base position RMS %.3g mm", e)
	}
	if e := metric(t, a, "base_pos_rms_mm_mujoco"); !(e < 0.3) {
		t.Errorf("MuJoCo base position RMS %.3g mm", e)
	}
	if s := metric(t, a, "foot_slip_max_mm_mujoco"); !(s < 7) {
		t.Errorf("MuJoCo feet move up to %.3g mm while in support", s)
	}
	if g := metric(t, a, "closure_gap_max_m_robocompiler"); !(g < 1e-10) {
		t.Errorf("our support gap %.3g m", g)
	}
	fo, fm := metric(t, a, "peak_torque_Nm_robocompiler"), metric(t, a, "peak_torque_Nm_mujoco")
	if !(fo < 23.7 && fm < 23.7 && math.Abs(fm-fo) < 0.05*fo) {
		t.Errorf("peak torque ours %.3g N·m, MuJoCo %.3g N·m", fo, fm)
	}
	feet := map[float64]bool{}
	l := a.Runs[1].Log
	col := l.Index("support_feet")
	for r := range l.Rows() {
		feet[l.Row(r)[col]] = true
	}
	if !feet[2] || !feet[3] || !feet[4] {
		t.Errorf("MuJoCo run visited support sets %v, want 2, 3 and 4 feet", feet)
	}
	b := runShared(t, "go2_native", testmodels.Go2, 4)
	sameLogs(t, a, b)
}
