package tasks

import (
	"math"
	"testing"

	"github.com/robocompiler/robocompiler/internal/testmodels"
	"github.com/robocompiler/robocompiler/robots"
)

// TestKangarooLandingShort: 3 s of the landing on the Kangaroo with universal cuts. The
// soles touch down once, together (symmetric impulses), the crouch reaches the commanded
// 12 cm to within 5 mm by 3 s, both soles carry the weight, and the point and universal
// closures hold to 1e-10 over the run.
func TestKangarooLandingShort(t *testing.T) {
	t.Setenv(robots.ModelsEnv, testmodels.Dir(t))
	g, err := robots.Get("kangaroo_floating")
	if err != nil {
		t.Fatal(err)
	}
	res, err := runKangarooLanding(g, Options{Duration: 3})
	if err != nil {
		t.Fatal(err)
	}
	met := map[string]float64{}
	for _, m := range res.Metrics {
		met[m.Name] = m.Value
	}
	t.Logf("%v", met)
	if td := met["touchdown_s"]; !(td > 0.09 && td < 0.11) || met["mode_switches"] != 2 {
		t.Errorf("touchdown at %g s after %g mode switches; want one touchdown near 0.1 s (√(2·0.05/9.81))", td, met["mode_switches"])
	}
	if l, r := met["impulse_left_Ns"], met["impulse_right_Ns"]; !(l > 0 && math.Abs(l-r) < 0.01*l) {
		t.Errorf("touchdown impulses %g and %g N·s; want equal and positive", l, r)
	}
	if c := met["crouch_depth_mm"]; math.Abs(c-120) > 5 {
		t.Errorf("crouch depth %g mm, want 120 ± 5", c)
	}
	for _, k := range []string{"closure_gap_max_m", "point_gap_max_m", "universal_axis_residual_max"} {
		if !(met[k] <= 1e-10) {
			t.Errorf("%s = %g, want <= 1e-10", k, met[k])
		}
	}
	// At 1 s (standing, before the crouch) the soles carry the weight: |f_left| +
	// |f_right| ≈ m g.
	l := res.Runs[0].Log
	tc, _ := l.Column("t")
	fl, _ := l.Column("foot_force_left_N")
	fr, _ := l.Column("foot_force_right_N")
	found := false
	for i := range tc {
		if math.Abs(tc[i]-1) < 1e-9 {
			found = true
			w := met["impact_momentum_Ns"] / math.Sqrt(2*9.81*landDrop) * 9.81
			if sum := fl[i] + fr[i]; math.Abs(sum-w) > 0.03*w {
				t.Errorf("soles carry %g N at 1 s, the weight is %g N", sum, w)
			}
		}
	}
	if !found {
		t.Error("no log row at t = 1 s")
	}
}
