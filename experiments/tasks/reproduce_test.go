package tasks

import (
	"math"
	"testing"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/internal/testfix"
	"github.com/robocompiler/robocompiler/internal/testmodels"
	"github.com/robocompiler/robocompiler/mjcf"
)

// goTaskMetrics are the metrics the Go task functions produced before the tasks became
// files, recorded from main at commit 72bef54 (the last with the Go tasks, after joint
// damping and friction entered every rollout) with these durations, %.17g: the task
// files must reproduce them (to 1e-9 relative, or within floor).
var goTaskMetrics = []struct {
	task string
	dur  float64
	name string
	want float64
	// floor is the absolute difference accepted for a metric that is itself round-off
	// (a closure gap, a tracking error at 1e-10, two partitions' effort difference): a
	// reordered sum moves it by more than 1e-9 of itself while it stays round-off. It is
	// 1e-12 for gaps and joint errors, 1e-10 mm for the feedforward platform error and 1e-8
	// of the peak force for the partition differences; 0 elsewhere.
	floor float64
}{
	{"inspection", 0.6, "platform_rms_mm_pd", 2.4635057501202646, 0},
	{"inspection", 0.6, "platform_rms_mm_pd_ff", 3.9089666509460348e-08, 1e-10},
	{"inspection", 0.6, "platform_rms_mm_pd_payload14", 3.1132627726810242, 0},
	{"inspection", 0.6, "platform_rms_mm_pd_ff_payload14", 0.64504318436811314, 0},
	{"inspection", 0.6, "peak_force_N_pd", 50.093792638562398, 0},
	{"inspection", 0.6, "peak_force_N_pd_ff", 44.717400308611396, 0},
	{"inspection", 0.6, "peak_force_N_pd_payload14", 64.64309343022768, 0},
	{"inspection", 0.6, "peak_force_N_pd_ff_payload14", 57.219901812913704, 0},
	{"dig_cycle", 1.5, "closure_gap_max_m_joint_space", 9.9253938401488969e-14, 1e-12},
	{"dig_cycle", 1.5, "closure_gap_max_rad_joint_space", 1.5820678100908481e-15, 1e-12},
	{"dig_cycle", 1.5, "joint_rms_rad_joint_space", 1.4953552515778827e-10, 1e-12},
	{"dig_cycle", 1.5, "peak_cylinder_force_N_joint_space", 139064.809470365, 0},
	{"dig_cycle", 1.5, "peak_torque_Nm_joint_space", 24.346044520741305, 0},
	{"dig_cycle", 1.5, "reconfigurations_joint_space", 0, 0},
	{"dig_cycle", 1.5, "closure_gap_max_m_cylinder_space", 9.969802761133907e-14, 1e-12},
	{"dig_cycle", 1.5, "closure_gap_max_rad_cylinder_space", 1.6375789613221059e-15, 1e-12},
	{"dig_cycle", 1.5, "joint_rms_rad_cylinder_space", 1.4943977676964545e-10, 1e-12},
	{"dig_cycle", 1.5, "peak_cylinder_force_N_cylinder_space", 139064.80948080512, 0},
	{"dig_cycle", 1.5, "peak_torque_Nm_cylinder_space", 24.346044535999823, 0},
	{"dig_cycle", 1.5, "reconfigurations_cylinder_space", 0, 0},
	{"dig_cycle", 1.5, "effort_partition_diff_max_N", 4.3467996874824166e-05, 1.4e-3},
	{"dig_cycle", 1.5, "effort_partition_diff_max_Nm", 2.8608302571342392e-07, 2.4e-7},
	{"fixed_pelvis", 0.15, "motor_rms_mm_pd", 0.48526963320839728, 0},
	{"fixed_pelvis", 0.15, "motor_rms_mm_pd_ff", 8.6497405321367407e-05, 0},
	{"fixed_pelvis", 0.15, "peak_force_N_pd", 90.261638962285048, 0},
	{"fixed_pelvis", 0.15, "peak_force_N_pd_ff", 655.05163351249871, 0},
}

// TestTaskFilesReproduceGoTasks: the shipped task files inspection, dig_cycle and
// fixed_pelvis reproduce every metric of the Go tasks they replace to 1e-9 relative, and
// the round-off metrics within their floor (the reduced-dynamics runs; short durations
// keep the test quick).
func TestTaskFilesReproduceGoTasks(t *testing.T) {
	got := map[string]map[string]float64{}
	graphs := map[string]func(t *testing.T) *cmg.Graph{
		"inspection": func(t *testing.T) *cmg.Graph { return testfix.Builtin(t, "stewart") },
		"dig_cycle":  func(t *testing.T) *cmg.Graph { return testfix.Builtin(t, "excavator") },
		"fixed_pelvis": func(t *testing.T) *cmg.Graph {
			g, _, err := mjcf.ImportFile(testmodels.Path(t, testmodels.KangarooFixed))
			if err != nil {
				t.Fatal(err)
			}
			return g
		},
	}
	for _, c := range goTaskMetrics {
		if got[c.task] == nil {
			res, err := runFile(t, c.task, graphs[c.task](t), c.dur)
			if err != nil {
				t.Fatal(err)
			}
			got[c.task] = map[string]float64{}
			for _, m := range res.Metrics {
				got[c.task][m.Name] = m.Value
			}
		}
		v, ok := got[c.task][c.name]
		if !ok {
			t.Errorf("%s: no metric %s", c.task, c.name)
			continue
		}
		if d := math.Abs(v - c.want); !(d <= max(1e-9*math.Abs(c.want), c.floor)) {
			t.Errorf("%s: %s = %.17g, the Go task gave %.17g (relative difference %.3g)", c.task, c.name, v, c.want, d/math.Abs(c.want))
		}
	}
}
