package tasks

import (
	"testing"

	"github.com/robocompiler/robocompiler/internal/testmodels"
	"github.com/robocompiler/robocompiler/mjcf"
)

// TestFixedPelvisShort: 0.15 s of the Kangaroo motor trajectory. Feedforward cuts the
// twelve-motor RMS of PD alone by more than 100×, the closure gap stays bounded (the
// near-redundant rows are not enforced and only stay small), and the energy balance
// (motor work, joint damping) holds.
func TestFixedPelvisShort(t *testing.T) {
	g, _, err := mjcf.ImportFile(testmodels.Path(t, testmodels.KangarooFixed))
	if err != nil {
		t.Fatal(err)
	}
	res, err := runFile(t, "fixed_pelvis", g, 0.15)
	if err != nil {
		t.Fatal(err)
	}
	pd, ff := metric(t, res, "motor_rms_mm_pd"), metric(t, res, "motor_rms_mm_pd_ff")
	t.Logf("twelve-motor RMS: PD %.3g mm, PD+FF %.3g mm", pd, ff)
	if !(pd > 0.05 && ff < 0.01*pd) {
		t.Errorf("PD %.3g mm, PD+FF %.3g mm; want a visible PD error cut by more than 100×", pd, ff)
	}
	checkGaps(t, res, 1e-6)
	for _, r := range res.Runs {
		if d, s := balanceDrift(t, r.Log); !(d < 0.05*s) {
			t.Errorf("run %s: energy balance drifts by %.3g J against work/energy %.3g J", r.Name, d, s)
		}
	}
}

// BenchmarkFixedPelvis: 100 ms (1,000 steps) of the Kangaroo fixed-pelvis trajectory, PD
// alone and PD plus feedforward (2,000 steps in all, plus the set-up); ns/op ÷ 2,000 bounds is the time per step.
func BenchmarkFixedPelvis(b *testing.B) {
	g, _, err := mjcf.ImportFile(testmodels.Path(b, testmodels.KangarooFixed))
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < b.N; i++ {
		if _, err := runFile(b, "fixed_pelvis", g, 0.1); err != nil {
			b.Fatal(err)
		}
	}
}
