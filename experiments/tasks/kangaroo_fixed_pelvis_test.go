package tasks

import (
	"testing"

	"github.com/robocompiler/robocompiler/internal/testmodels"
	"github.com/robocompiler/robocompiler/robots"
)

// TestFixedPelvisUniversalCuts: the fixed-pelvis trajectory on the Kangaroo with
// universal cuts (the named model "kangaroo"): with no near-redundant direction left,
// every closure row is enforced and the gap stays at round-off (≤ 1e-10 m; the shared
// MJCF's 28 connects drift by micrometres), and feedforward still cuts the motor RMS.
func TestFixedPelvisUniversalCuts(t *testing.T) {
	t.Setenv(robots.ModelsEnv, testmodels.Dir(t))
	g, err := robots.Get("kangaroo")
	if err != nil {
		t.Fatal(err)
	}
	f, err := Get("fixed_pelvis")
	if err != nil {
		t.Fatal(err)
	}
	res, err := RunFile(f, g, Options{Duration: 0.3})
	if err != nil {
		t.Fatal(err)
	}
	pd, ff := metric(t, res, "motor_rms_mm_pd"), metric(t, res, "motor_rms_mm_pd_ff")
	t.Logf("twelve-motor RMS: PD %.3g mm, PD+FF %.3g mm; closure gap %.3g m", pd, ff, res.GapMaxM())
	if !(pd > 0.05 && ff < 0.01*pd) {
		t.Errorf("PD %.3g mm, PD+FF %.3g mm; want a visible PD error cut by more than 100×", pd, ff)
	}
	checkGaps(t, res, 1e-10)
}
