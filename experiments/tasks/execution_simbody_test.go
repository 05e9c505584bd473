//go:build simbody

package tasks

import (
	"testing"

	"github.com/robocompiler/robocompiler/internal/testmodels"
)

// TestInspectionSimbody: one second of the Stewart inspection in our rollout and in
// Simbody. With PD alone the platform error is physical (mm) and the two engines agree
// on its RMS to 1%; Simbody's own constraint error stays at its projection tolerance.
func TestInspectionSimbody(t *testing.T) {
	r := runBuiltin(t, "inspection_simbody", "stewart", 1)
	for _, m := range r.Metrics {
		t.Logf("%s = %.6g", m.Name, m.Value)
	}
	if d := metric(t, r, "tracking_rms_rel_diff_pd"); !(d < 0.01) {
		t.Errorf("PD tracking RMS differs by %.3g relative", d)
	}
	for _, c := range []string{"pd", "pd_ff"} {
		if e := metric(t, r, "constraint_qerr_max_"+c+"_simbody"); !(e < 1e-7) {
			t.Errorf("%s: Simbody constraint error %.3g", c, e)
		}
	}
	if d := metric(t, r, "tracking_rms_abs_diff_pd_ff_mm"); !(d < 1e-5) {
		t.Errorf("PD+feedforward tracking RMS differs by %.3g mm", d)
	}
}

// TestDigCycleSimbody: half a second of the excavator dig cycle (computed torque, so both
// engines track to round-off) in both engines.
func TestDigCycleSimbody(t *testing.T) {
	r := runBuiltin(t, "dig_cycle_simbody", "excavator", 0.5)
	for _, m := range r.Metrics {
		t.Logf("%s = %.6g", m.Name, m.Value)
	}
	if d := metric(t, r, "tracking_rms_abs_diff_mrad"); !(d < 1e-4) {
		t.Errorf("joint tracking RMS differs by %.3g mrad", d)
	}
	if e := metric(t, r, "constraint_qerr_max_simbody"); !(e < 1e-7) {
		t.Errorf("Simbody constraint error %.3g", e)
	}
}

// TestFixedPelvisSimbody: 20 ms of the Kangaroo fixed-pelvis trajectory in both engines;
// Simbody enforces all 84 loop rows, including the near-redundant ones.
func TestFixedPelvisSimbody(t *testing.T) {
	r := runShared(t, "fixed_pelvis_simbody", testmodels.KangarooFixed, 0.02)
	for _, m := range r.Metrics {
		t.Logf("%s = %.6g", m.Name, m.Value)
	}
	if d := metric(t, r, "tracking_rms_rel_diff_pd"); !(d < 0.01) {
		t.Errorf("PD tracking RMS differs by %.3g relative", d)
	}
	if e := metric(t, r, "constraint_qerr_max_pd_simbody"); !(e < 1e-6) {
		t.Errorf("Simbody constraint error %.3g", e)
	}
}
