package tasks

import (
	"math"
	"testing"

	"github.com/robocompiler/robocompiler/internal/testmodels"
	"github.com/robocompiler/robocompiler/mjcf"
)

// metric returns the named metric of r or fails the test.
func metric(t *testing.T, r *Result, name string) float64 {
	t.Helper()
	for _, m := range r.Metrics {
		if m.Name == name {
			return m.Value
		}
	}
	t.Fatalf("no metric %q in %v", name, r.Metrics)
	return 0
}

// runShared runs task name on the shared model file rel for dur seconds.
func runShared(t *testing.T, name, rel string, dur float64) *Result {
	t.Helper()
	g, _, err := mjcf.ImportFile(testmodels.Path(t, rel))
	if err != nil {
		t.Fatal(err)
	}
	f, err := Get(name)
	if err != nil {
		t.Fatal(err)
	}
	r, err := RunFile(f, g, Options{Duration: dur})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestPandaShort: two seconds of the tool path (the fast first half-period, where the
// speed bounds become active): the QP tracks the hand to sub-millimetre, keeps every joint
// speed within its bound and away from the joint limits, the closure (finger coupling)
// gap stays at round-off, the closed form tracks as well but exceeds the speed bounds, and
// both resolutions give the same physical velocities under the swapped finger partition.
func TestPandaShort(t *testing.T) {
	r := runShared(t, "panda", testmodels.Panda, 2)
	for _, m := range r.Metrics {
		t.Logf("%s = %.6g", m.Name, m.Value)
	}
	for _, run := range []string{"qp", "closed_form"} {
		if e := metric(t, r, "tool_pos_rms_mm_"+run); !(e < 1) {
			t.Errorf("%s: tool position RMS %.3g mm", run, e)
		}
		if g := metric(t, r, "closure_gap_max_m_"+run); !(g < 1e-12) {
			t.Errorf("%s: closure gap %.3g", run, g)
		}
		if c := metric(t, r, "covariance_max_rel_"+run); !(c < 1e-12) {
			t.Errorf("%s: covariance mismatch %.3g", run, c)
		}
		if m := metric(t, r, "joint_limit_margin_min_rad_"+run); !(m > 0.05) {
			t.Errorf("%s: joint-limit margin %.3g rad", run, m)
		}
	}
	if s := metric(t, r, "speed_ratio_max_qp"); !(s < 1.02) {
		t.Errorf("QP run exceeds the speed bounds: ratio %.3g", s)
	}
	if f := metric(t, r, "qp_active_fraction"); !(f > 0) {
		t.Errorf("no QP inequality was ever active (fraction %g)", f)
	}
	if math.IsNaN(metric(t, r, "qp_iterations_mean")) {
		t.Error("NaN iteration mean")
	}
}
