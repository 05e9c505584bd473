package tasks

import (
	"math"
	"strings"
	"testing"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/internal/testfix"
	"github.com/robocompiler/robocompiler/internal/testmodels"
	"github.com/robocompiler/robocompiler/mjcf"
)

// goTaskMetrics are the metrics the Go task functions produced before the tasks became
// files, recorded from main at commit 72bef54 (the last with the Go tasks, after joint
// damping and friction entered every rollout) with these durations, %.17g: the task
// files must reproduce them (to 1e-9 relative, or within roundoffFloor).
var goTaskMetrics = []struct {
	task string
	dur  float64
	name string
	want float64
}{
	{"inspection", 0.6, "platform_rms_mm_pd", 2.4635057501202646},
	{"inspection", 0.6, "platform_rms_mm_pd_ff", 3.9089666509460348e-08},
	{"inspection", 0.6, "platform_rms_mm_pd_payload14", 3.1132627726810242},
	{"inspection", 0.6, "platform_rms_mm_pd_ff_payload14", 0.64504318436811314},
	{"inspection", 0.6, "peak_force_N_pd", 50.093792638562398},
	{"inspection", 0.6, "peak_force_N_pd_ff", 44.717400308611396},
	{"inspection", 0.6, "peak_force_N_pd_payload14", 64.64309343022768},
	{"inspection", 0.6, "peak_force_N_pd_ff_payload14", 57.219901812913704},
	{"dig_cycle", 1.5, "closure_gap_max_m_joint_space", 9.9253938401488969e-14},
	{"dig_cycle", 1.5, "closure_gap_max_rad_joint_space", 1.5820678100908481e-15},
	{"dig_cycle", 1.5, "joint_rms_rad_joint_space", 1.4953552515778827e-10},
	{"dig_cycle", 1.5, "peak_cylinder_force_N_joint_space", 139064.809470365},
	{"dig_cycle", 1.5, "peak_torque_Nm_joint_space", 24.346044520741305},
	{"dig_cycle", 1.5, "reconfigurations_joint_space", 0},
	{"dig_cycle", 1.5, "closure_gap_max_m_cylinder_space", 9.969802761133907e-14},
	{"dig_cycle", 1.5, "closure_gap_max_rad_cylinder_space", 1.6375789613221059e-15},
	{"dig_cycle", 1.5, "joint_rms_rad_cylinder_space", 1.4943977676964545e-10},
	{"dig_cycle", 1.5, "peak_cylinder_force_N_cylinder_space", 139064.80948080512},
	{"dig_cycle", 1.5, "peak_torque_Nm_cylinder_space", 24.346044535999823},
	{"dig_cycle", 1.5, "reconfigurations_cylinder_space", 0},
	{"dig_cycle", 1.5, "effort_partition_diff_max_N", 4.3467996874824166e-05},
	{"dig_cycle", 1.5, "effort_partition_diff_max_Nm", 2.8608302571342392e-07},
	{"fixed_pelvis", 0.15, "motor_rms_mm_pd", 0.48526963320839728},
	{"fixed_pelvis", 0.15, "motor_rms_mm_pd_ff", 8.6497405321367407e-05},
	{"fixed_pelvis", 0.15, "peak_force_N_pd", 90.261638962285048},
	{"fixed_pelvis", 0.15, "peak_force_N_pd_ff", 655.05163351249871},
}

// TestTaskFilesReproduceGoTasks: the shipped task files inspection, dig_cycle and
// fixed_pelvis reproduce every metric of the Go tasks they replace to 1e-9 relative, and
// the round-off metrics within roundoffFloor (the reduced-dynamics runs; short durations
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
		if !reproduces(c.task, c.name, v, c.want) {
			t.Errorf("%s: %s = %.17g, the Go task gave %.17g (relative difference %.3g)", c.task, c.name, v, c.want, math.Abs(v-c.want)/math.Abs(c.want))
		}
	}
}

// reproduces reports that the value v of task's metric name reproduces want: to 1e-9
// relative, or within roundoffFloor(task, name).
func reproduces(task, name string, v, want float64) bool {
	return math.Abs(v-want) <= max(1e-9*math.Abs(want), roundoffFloor(task, name))
}

// roundoffFloor is the absolute difference accepted for a metric that is itself
// round-off, where a reordered sum in a faster kernel moves it by more than 1e-9 of
// itself: closure gaps (1e-12 m or rad), tracking errors at the 1e-10 level (joint RMS
// 1e-12 rad, the feedforward platform RMS 1e-10 mm), the energy ledgers' drift (1e-9 J)
// and two partitions' effort difference (1e-8 of the dig cycle's peak force or torque).
// The plain Kangaroo file's PD runs (fixed_pelvis*) get 1e-5 relative: their
// near-redundant closure rows (closure gap 2.5e-8 m) amplify round-off from one step to
// the next. 0 elsewhere.
func roundoffFloor(task, name string) float64 {
	kangaroo := strings.HasPrefix(task, "fixed_pelvis")
	switch {
	case strings.HasPrefix(name, "closure_gap_max_"), strings.HasPrefix(name, "joint_rms_rad"):
		return 1e-12
	case strings.HasPrefix(name, "joint_rms_mrad"):
		return 1e-9
	case strings.HasPrefix(name, "platform_rms_mm_pd_ff"):
		return 1e-10
	case strings.HasPrefix(name, "balance_drift_J"):
		return 1e-9
	case name == "effort_partition_diff_max_N":
		return 1.4e-3
	case name == "effort_partition_diff_max_Nm":
		return 2.4e-7
	case kangaroo && strings.HasPrefix(name, "motor_rms_mm_pd") && !strings.HasPrefix(name, "motor_rms_mm_pd_ff"):
		return 5e-6
	case kangaroo && strings.HasPrefix(name, "peak_force_N_pd") && !strings.HasPrefix(name, "peak_force_N_pd_ff"):
		return 1e-3
	}
	return 0
}
