//go:build mujoco

package tasks

import (
	"math"
	"testing"
)

// TestDigCycleNative: one second of the excavator dig cycle (cylinder_space partition)
// in our rollout and natively in MuJoCo on the exported model (1 ms MuJoCo steps). Both
// track the joint reference (ours to integration error, 1.8e-7 mrad; MuJoCo's to
// 0.006 mrad: its soft equalities sag under the arm's weight); our closure gap stays at
// round-off while MuJoCo's equality residual (4.4e-5 m) is bounded but clearly larger;
// both hold the arm with the same peak cylinder force to 1% (a controller chattering
// against the soft loops — as at MuJoCo steps of 5 ms — overshoots it by half); two short
// runs are bit-identical.
func TestDigCycleNative(t *testing.T) {
	r := runBuiltin(t, "dig_cycle_native", "excavator", 1)
	for _, m := range r.Metrics {
		t.Logf("%s = %.6g", m.Name, m.Value)
	}
	if e := metric(t, r, "joint_rms_mrad_robocompiler"); !(e < 1e-5) {
		t.Errorf("our joint tracking RMS %.3g mrad", e)
	}
	if e := metric(t, r, "joint_rms_mrad_mujoco"); !(e < 0.05) {
		t.Errorf("MuJoCo joint tracking RMS %.3g mrad", e)
	}
	ours, theirs := metric(t, r, "closure_gap_max_m_robocompiler"), metric(t, r, "closure_gap_max_m_mujoco")
	if !(ours < 1e-12) {
		t.Errorf("our closure gap %.3g", ours)
	}
	if !(theirs < 2e-4 && theirs > 1e3*ours) {
		t.Errorf("MuJoCo equality residual %.3g (ours %.3g): want a soft but bounded gap", theirs, ours)
	}
	fo, fm := peakAbs(r.Runs[0].Log, "f:drive_p"), peakAbs(r.Runs[1].Log, "f:drive_p")
	t.Logf("peak cylinder force ours %.6g N, MuJoCo %.6g N", fo, fm)
	if !(fo > 1e3 && math.Abs(fm-fo) < 0.01*fo) {
		t.Errorf("peak cylinder force ours %.3g N, MuJoCo %.3g N", fo, fm)
	}
	sameLogs(t, runBuiltin(t, "dig_cycle_native", "excavator", 0.1), runBuiltin(t, "dig_cycle_native", "excavator", 0.1))
}
