package tasks

import (
	"testing"

	"github.com/robocompiler/robocompiler/robots"
)

// TestDigCycleShort: 1.5 s of the excavator cycle through both partitions. Both track
// the joint reference, close every loop to the corrector's tolerance, and command the
// same physical port efforts (the partition is a representation, not a physical
// choice); the energy balance holds; two runs are bit-identical.
func TestDigCycleShort(t *testing.T) {
	g, err := robots.Get("excavator")
	if err != nil {
		t.Fatal(err)
	}
	res, err := runFile(t, "dig_cycle", g, 1.5)
	if err != nil {
		t.Fatal(err)
	}
	checkGaps(t, res, 1e-11)
	for _, p := range []string{"joint_space", "cylinder_space"} {
		if e := metric(t, res, "joint_rms_rad_"+p); !(e < 1e-6) {
			t.Errorf("%s: joint tracking RMS %.3g rad", p, e)
		}
		if f := metric(t, res, "peak_cylinder_force_N_"+p); !(f > 1e3) {
			t.Errorf("%s: peak cylinder force %.3g N; the arm must be held against gravity", p, f)
		}
	}
	if d, f := metric(t, res, "effort_partition_diff_max_N"), metric(t, res, "peak_cylinder_force_N_joint_space"); !(d < 1e-8*f) {
		t.Errorf("cylinder forces differ by %.3g N between partitions (peak %.3g N)", d, f)
	}
	// The torques are held to the same absolute bound as the forces (1e-8 of the peak
	// cylinder force in N, read as N·m): the joints carry lever arms of about a metre.
	if d, f := metric(t, res, "effort_partition_diff_max_Nm"), metric(t, res, "peak_cylinder_force_N_joint_space"); !(d < 1e-8*f) {
		t.Errorf("joint torques differ by %.3g N·m between partitions (peak cylinder force %.3g N)", d, f)
	}
	for _, r := range res.Runs {
		if d, s := balanceDrift(t, r.Log); !(d < 1e-6*s) {
			t.Errorf("run %s: energy balance drifts by %.3g J against work/energy %.3g J", r.Name, d, s)
		}
	}
	again, err := runFile(t, "dig_cycle", g, 0.2)
	if err != nil {
		t.Fatal(err)
	}
	twice, err := runFile(t, "dig_cycle", g, 0.2)
	if err != nil {
		t.Fatal(err)
	}
	sameLogs(t, again, twice)
}
