//go:build mujoco

package tasks

import (
	"testing"
)

// TestInspectionNative: one second of the Stewart inspection controller in our rollout
// and natively in MuJoCo on the exported model. Both track the platform to well under a
// millimetre; our closure gap stays at round-off, MuJoCo's soft equalities hold the loops
// to a small but clearly larger residual.
func TestInspectionNative(t *testing.T) {
	r := runBuiltin(t, "inspection_native", "stewart", 1)
	for _, m := range r.Metrics {
		t.Logf("%s = %.6g", m.Name, m.Value)
	}
	for _, run := range []string{"robocompiler", "mujoco"} {
		if e := metric(t, r, "platform_rms_mm_"+run); !(e < 0.5) {
			t.Errorf("%s: platform RMS %.3g mm", run, e)
		}
	}
	ours, theirs := metric(t, r, "closure_gap_max_m_robocompiler"), metric(t, r, "closure_gap_max_m_mujoco")
	if !(ours < 1e-12) {
		t.Errorf("our closure gap %.3g", ours)
	}
	if !(theirs < 1e-3 && theirs > ours) {
		t.Errorf("MuJoCo equality residual %.3g (ours %.3g): want a soft but bounded gap", theirs, ours)
	}
}
