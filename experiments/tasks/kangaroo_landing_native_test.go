//go:build mujoco

package tasks

import (
	"testing"

	"github.com/robocompiler/robocompiler/internal/testmodels"
	"github.com/robocompiler/robocompiler/robots"
)

// TestKangarooLandingNative: the first second of the landing in our rollout and natively
// in MuJoCo on the exported Kangaroo (universal joints in its tree) landing on sole
// contact spheres. Both touch down at the same step, MuJoCo's pelvis follows ours to a
// few millimetres through the impact, our closures hold to round-off and MuJoCo's soft
// equalities to a fraction of a millimetre.
func TestKangarooLandingNative(t *testing.T) {
	t.Setenv(robots.ModelsEnv, testmodels.Dir(t))
	g, err := robots.Get("kangaroo_floating")
	if err != nil {
		t.Fatal(err)
	}
	res, err := runKangarooLandingNative(g, Options{Duration: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range res.Metrics {
		t.Logf("%s = %.6g", m.Name, m.Value)
	}
	if a, b := metric(t, res, "touchdown_s_robocompiler"), metric(t, res, "touchdown_s_mujoco"); a != b || !(a > 0.09 && a < 0.11) {
		t.Errorf("touchdown at %g s (ours) and %g s (MuJoCo)", a, b)
	}
	if d := metric(t, res, "pelvis_z_diff_max_mm"); !(d < 10) {
		t.Errorf("pelvis heights differ by up to %.3g mm", d)
	}
	if g := metric(t, res, "closure_gap_max_m_robocompiler"); !(g <= 1e-10) {
		t.Errorf("our closure gap %.3g m", g)
	}
	if g := metric(t, res, "closure_gap_max_m_mujoco"); !(g < 2e-4) {
		t.Errorf("MuJoCo's equality residual %.3g m", g)
	}
}
