//go:build simbody

package tasks

import (
	"strings"
	"testing"

	"github.com/robocompiler/robocompiler/internal/testmodels"
)

// simbodyTaskMetrics are the metrics main's Go Simbody tasks (experiments/tasks/
// execution_simbody.go, removed when they became task files) reported at commit 72bef54
// with these durations, %.17g.
var simbodyTaskMetrics = []struct {
	task string
	dur  float64
	name string
	want float64
}{
	{"inspection_simbody", 0.6, "platform_rms_mm_pd_robocompiler", 2.4544557856955382},
	{"inspection_simbody", 0.6, "platform_rms_mm_pd_simbody", 2.4544556469977508},
	{"inspection_simbody", 0.6, "tracking_rms_rel_diff_pd", 5.6508570251958098e-08},
	{"inspection_simbody", 0.6, "tracking_rms_abs_diff_pd_mm", 1.3869778719630133e-07},
	{"inspection_simbody", 0.6, "closure_gap_max_m_pd_robocompiler", 4.7184478546569153e-14},
	{"inspection_simbody", 0.6, "closure_gap_max_rad_pd_robocompiler", 1.4571324832499122e-14},
	{"inspection_simbody", 0.6, "constraint_qerr_max_pd_simbody", 5.3933496557689864e-11},
	{"inspection_simbody", 0.6, "constraint_uerr_max_pd_simbody", 9.0097440386171027e-11},
	{"inspection_simbody", 0.6, "balance_drift_J_pd_robocompiler", 5.6972435800162202e-06},
	{"inspection_simbody", 0.6, "balance_drift_J_pd_simbody", 8.8468931380702998e-07},
	{"inspection_simbody", 0.6, "platform_rms_mm_pd_ff_robocompiler", 3.8974890656267722e-08},
	{"inspection_simbody", 0.6, "platform_rms_mm_pd_ff_simbody", 7.2711025327817639e-10},
	{"inspection_simbody", 0.6, "tracking_rms_rel_diff_pd_ff", 0.98134413615959049},
	{"inspection_simbody", 0.6, "tracking_rms_abs_diff_pd_ff_mm", 3.8247780402989545e-08},
	{"inspection_simbody", 0.6, "closure_gap_max_m_pd_ff_robocompiler", 4.7906123512575233e-14},
	{"inspection_simbody", 0.6, "closure_gap_max_rad_pd_ff_robocompiler", 2.4052543658360402e-14},
	{"inspection_simbody", 0.6, "constraint_qerr_max_pd_ff_simbody", 3.6637359812630166e-15},
	{"inspection_simbody", 0.6, "constraint_uerr_max_pd_ff_simbody", 1.6439974381832201e-14},
	{"inspection_simbody", 0.6, "balance_drift_J_pd_ff_robocompiler", 2.220019723608857e-10},
	{"inspection_simbody", 0.6, "balance_drift_J_pd_ff_simbody", 1.0462031241331715e-10},
	{"dig_cycle_simbody", 1.5, "joint_rms_mrad_robocompiler", 1.4943977676964545e-07},
	{"dig_cycle_simbody", 1.5, "joint_rms_mrad_simbody", 2.3112432084167217e-09},
	{"dig_cycle_simbody", 1.5, "tracking_rms_rel_diff", 0.98453394900355473},
	{"dig_cycle_simbody", 1.5, "tracking_rms_abs_diff_mrad", 1.4712853356122872e-07},
	{"dig_cycle_simbody", 1.5, "closure_gap_max_m_robocompiler", 9.969802761133907e-14},
	{"dig_cycle_simbody", 1.5, "closure_gap_max_rad_robocompiler", 1.6375789613221059e-15},
	{"dig_cycle_simbody", 1.5, "constraint_qerr_max_simbody", 6.2172489379008766e-13},
	{"dig_cycle_simbody", 1.5, "constraint_uerr_max_simbody", 7.3047123905212175e-13},
	{"dig_cycle_simbody", 1.5, "balance_drift_J_robocompiler", 6.0713500715792179e-07},
	{"dig_cycle_simbody", 1.5, "balance_drift_J_simbody", 5.0451490096747875e-07},
	{"fixed_pelvis_simbody", 0.02, "motor_rms_mm_pd_robocompiler", 0.020434239166836263},
	{"fixed_pelvis_simbody", 0.02, "motor_rms_mm_pd_simbody", 0.026438262039250482},
	{"fixed_pelvis_simbody", 0.02, "tracking_rms_rel_diff_pd", 0.29382169912929484},
	{"fixed_pelvis_simbody", 0.02, "tracking_rms_abs_diff_pd_mm", 0.0060040228724142176},
	{"fixed_pelvis_simbody", 0.02, "closure_gap_max_m_pd_robocompiler", 4.9393877493177339e-10},
	{"fixed_pelvis_simbody", 0.02, "closure_gap_max_rad_pd_robocompiler", 0},
	{"fixed_pelvis_simbody", 0.02, "constraint_qerr_max_pd_simbody", 6.7808645578080143e-10},
	{"fixed_pelvis_simbody", 0.02, "constraint_uerr_max_pd_simbody", 3.8815624587468814e-08},
	{"fixed_pelvis_simbody", 0.02, "balance_drift_J_pd_robocompiler", 5.9800154872391431e-06},
	{"fixed_pelvis_simbody", 0.02, "balance_drift_J_pd_simbody", 1.4421175364986993e-10},
	{"fixed_pelvis_simbody", 0.02, "motor_rms_mm_pd_ff_robocompiler", 3.064705896656688e-08},
	{"fixed_pelvis_simbody", 0.02, "motor_rms_mm_pd_ff_simbody", 0.093480023857873337},
	{"fixed_pelvis_simbody", 0.02, "tracking_rms_rel_diff_pd_ff", 3050210.8966733953},
	{"fixed_pelvis_simbody", 0.02, "tracking_rms_abs_diff_pd_ff_mm", 0.093479993210814377},
	{"fixed_pelvis_simbody", 0.02, "closure_gap_max_m_pd_ff_robocompiler", 1.9338801393598004e-11},
	{"fixed_pelvis_simbody", 0.02, "closure_gap_max_rad_pd_ff_robocompiler", 0},
	{"fixed_pelvis_simbody", 0.02, "constraint_qerr_max_pd_ff_simbody", 5.663607112022407e-10},
	{"fixed_pelvis_simbody", 0.02, "constraint_uerr_max_pd_ff_simbody", 4.8641231364697119e-08},
	{"fixed_pelvis_simbody", 0.02, "balance_drift_J_pd_ff_robocompiler", 1.7053025658242404e-13},
	{"fixed_pelvis_simbody", 0.02, "balance_drift_J_pd_ff_simbody", 1.2011241778964177e-08},
}

// TestSimbodyTaskFilesReproduceGoTasks: the task files inspection_simbody,
// dig_cycle_simbody and fixed_pelvis_simbody reproduce the metrics of our rollouts in the
// Go tasks they replace to 1e-9 relative or within roundoffFloor (the Simbody runs' own metrics follow
// sim/simbody, which is not this package's to pin).
func TestSimbodyTaskFilesReproduceGoTasks(t *testing.T) {
	got := map[string]map[string]float64{}
	for _, c := range simbodyTaskMetrics {
		if !strings.HasSuffix(c.name, "_robocompiler") {
			continue
		}
		if got[c.task] == nil {
			var r *Result
			if c.task == "fixed_pelvis_simbody" {
				r = runShared(t, c.task, testmodels.KangarooFixed, c.dur)
			} else {
				r = runBuiltin(t, c.task, map[string]string{"inspection_simbody": "stewart", "dig_cycle_simbody": "excavator"}[c.task], c.dur)
			}
			got[c.task] = map[string]float64{}
			for _, m := range r.Metrics {
				got[c.task][m.Name] = m.Value
			}
			for _, x := range simbodyTaskMetrics {
				if _, ok := got[c.task][x.name]; x.task == c.task && !ok {
					t.Errorf("%s: no metric %s", c.task, x.name)
				}
			}
		}
		if v := got[c.task][c.name]; !reproduces(c.task, c.name, v, c.want) {
			t.Errorf("%s: %s = %.17g, the Go task gave %.17g", c.task, c.name, v, c.want)
		}
	}
}

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

// TestFixedPelvisSimbody: 20 ms of the Kangaroo fixed-pelvis trajectory in both engines,
// Simbody holding our 60 enforced loop rows (and all 84 in pd_all_rows).
func TestFixedPelvisSimbody(t *testing.T) {
	r := runShared(t, "fixed_pelvis_simbody", testmodels.KangarooFixed, 0.02)
	for _, m := range r.Metrics {
		t.Logf("%s = %.6g", m.Name, m.Value)
	}
	if d := metric(t, r, "tracking_rms_rel_diff_pd"); !(d < 0.01) {
		t.Errorf("PD tracking RMS differs by %.3g relative", d)
	}
	if e := metric(t, r, "constraint_qerr_max_pd_simbody"); !(e < 1e-7) {
		t.Errorf("Simbody constraint error %.3g", e)
	}
	if e := metric(t, r, "constraint_qerr_max_pd_all_rows_simbody"); !(e < 1e-5) {
		t.Errorf("Simbody constraint error with every row %.3g", e)
	}
}
