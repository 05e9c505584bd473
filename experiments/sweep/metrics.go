package sweep

import "slices"

// Metric names of each step, as they appear in rows ("step.name"). The simulate step
// adds its task's metrics as simulate.<task metric>.
var (
	// compileMetrics: records and sizes of the compiled model (counts).
	compileMetrics = []string{"bodies", "joints", "cycle_rank", "coordinates", "tree_coordinates", "residual_rows"}
	// assembleMetrics: the assembly report (closure gaps in m and rad, residual in row
	// units, iteration counts), the partition's rank and mobility, and static_effort_max,
	// the largest |τ_r| (N or N·m, in the independent coordinates) holding the assembled
	// configuration at rest under gravity.
	assembleMetrics = []string{"closure_gap_m", "closure_gap_rad", "residual_inf", "iterations", "continuation_steps",
		"rank", "mobility", "static_effort_max"}
	// checkMetrics: the check report (docs/check.md); passed is 1 or 0.
	checkMetrics = []string{"states", "jacobian_fd_rel_max", "lift_residual_max", "virtual_power_defect_max_W",
		"delta_a_max", "delta_a_target", "cond_mr_max", "delta_f_max", "constraint_accel_residual_max",
		"curvature_fd_rel_max", "curvature_omission_ratio_min", "passed"}
	// simulateMetrics: integrator steps and the largest closure gap (m) over the rollouts.
	simulateMetrics = []string{"steps", "closure_gap_max_m"}
)

// prefixed returns names with "step." in front.
func prefixed(step string, names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = step + "." + n
	}
	return out
}

// allMetricNames returns every fixed metric name of every step.
func allMetricNames() []string {
	return slices.Concat(prefixed("compile", compileMetrics), prefixed("assemble", assembleMetrics),
		prefixed("check", checkMetrics), prefixed("simulate", simulateMetrics))
}

// assembles reports whether the run assembles each variant (assemble, check or bench).
func (r Run) assembles() bool { return r.Assemble != nil || r.Check != nil || r.Bench != nil }

// metricNames returns the fixed metric names the sweep's steps produce, in step order
// (compile, assemble, check, simulate).
func (s *Sweep) metricNames() []string {
	out := prefixed("compile", compileMetrics)
	if s.Run.assembles() {
		out = append(out, prefixed("assemble", assembleMetrics)...)
	}
	if s.Run.Check != nil {
		out = append(out, prefixed("check", checkMetrics)...)
	}
	if s.Run.Simulate != nil {
		out = append(out, prefixed("simulate", simulateMetrics)...)
	}
	return out
}

// keep reports whether metric name goes into the rows (Metrics empty: every metric).
func (s *Sweep) keep(name string) bool {
	return len(s.Metrics) == 0 || slices.Contains(s.Metrics, name)
}
