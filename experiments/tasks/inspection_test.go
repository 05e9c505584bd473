package tasks

import (
	"testing"

	"github.com/robocompiler/robocompiler/robots"
)

// TestInspectionShort: 0.6 s of the Stewart inspection. Feedforward must cut the
// platform-position RMS of PD alone, nominally and with the unmodelled 14-kg payload;
// closure stays at the corrector's tolerance; the energy balance, which includes the
// work of the leg forces and of the probe wrench, holds; two runs are bit-identical.
func TestInspectionShort(t *testing.T) {
	g, err := robots.Get("stewart")
	if err != nil {
		t.Fatal(err)
	}
	res, err := runFile(t, "inspection", g, 0.6)
	if err != nil {
		t.Fatal(err)
	}
	pd, ff := metric(t, res, "platform_rms_mm_pd"), metric(t, res, "platform_rms_mm_pd_ff")
	pdH, ffH := metric(t, res, "platform_rms_mm_pd_payload14"), metric(t, res, "platform_rms_mm_pd_ff_payload14")
	t.Logf("platform RMS: PD %.3g mm, PD+FF %.3g mm; 14 kg: PD %.3g mm, PD+nominal FF %.3g mm", pd, ff, pdH, ffH)
	if !(pd > 0.5 && ff < 0.01*pd) {
		t.Errorf("nominal: PD %.3g mm, PD+FF %.3g mm; want a visible PD error cut by more than 100×", pd, ff)
	}
	if !(ffH < 0.5*pdH && ffH > ff) {
		t.Errorf("14-kg payload: PD %.3g mm, PD+nominal FF %.3g mm; want the mismatched feedforward to help, but less than the matched one (%.3g mm)", pdH, ffH, ff)
	}
	checkGaps(t, res, 1e-11)
	for _, r := range res.Runs {
		if d, s := balanceDrift(t, r.Log); !(d < 1e-4*s) || s == 0 {
			t.Errorf("run %s: energy balance drifts by %.3g J against work/energy %.3g J", r.Name, d, s)
		}
	}
	again, err := runFile(t, "inspection", g, 0.1)
	if err != nil {
		t.Fatal(err)
	}
	twice, err := runFile(t, "inspection", g, 0.1)
	if err != nil {
		t.Fatal(err)
	}
	sameLogs(t, again, twice)
}
