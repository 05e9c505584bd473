package check

import (
	"fmt"

	"github.com/robocompiler/robocompiler/compile"
)

// explain fills r.Notes: in words, every witness that was sampled or skipped at the
// model m (with rows enforced closure rows) and why, after the states were evaluated.
func (r *Report) explain(m *compile.Model, rows int) {
	notes := []string{}
	add := func(format string, a ...any) { notes = append(notes, fmt.Sprintf(format, a...)) }
	switch r.DynamicsReference {
	case RefTreeRefinement:
		add("delta_a_max, delta_f_max: %d velocity coordinates, more than the %d of the dense KKT reference (O(n³), check.DenseReferenceMaxNV): "+
			"the reference is the RNEA residual of the equations of motion with one step of iterative refinement by the articulated-body algorithm (O(n)), "+
			"in float64 (no extended-precision arbitration; --extended has no effect)", m.NV, DenseReferenceMaxNV)
	case RefNullSpaceRefinement:
		add("delta_a_max, delta_f_max: %d velocity coordinates, more than the %d of the dense KKT reference (O(n³), check.DenseReferenceMaxNV): "+
			"the reference is the RNEA residual of the equations of motion projected by the lift E with one step of iterative refinement on M_r "+
			"(O(n·D) besides M_r's Cholesky), in float64 (no extended-precision arbitration; --extended has no effect); "+
			"the error across the closure manifold is constraint_accel_residual_max", m.NV, DenseReferenceMaxNV)
	}
	if m.NV > DenseReferenceMaxNV && rows > 0 && r.Mobility > 0 && r.States > 1 {
		add("states: above %d velocity coordinates the walk's %d random steps to each state are taken as one corrected step (Data.Reset, the seed's partition kept), "+
			"not tracked one by one (a large random step can make the tracker re-decide the partition, an O(n³) pivoted QR)", DenseReferenceMaxNV, walkSteps)
	}
	if r.JacobianFDColumns < m.NV {
		add("jacobian_fd_rel_max: %d of %d velocity columns (evenly spaced) compared with central differences at each state "+
			"(check.FDMaxColumns; with closure rows FDMaxColumns²/NV, at least check.FDMinColumns)",
			r.JacobianFDColumns, m.NV)
	}
	if r.States > 0 && r.LiftColumns < r.Mobility {
		add("lift_residual_max: %d of %d columns of E at a state (evenly spaced, shifted from state to state): C E over all of them would take more than %d multiply-adds (check.LiftMaxProducts)",
			r.LiftColumns, r.Mobility, LiftMaxProducts)
	}
	if rows > 0 && r.CurvatureFDStates < r.States {
		add("curvature_fd_rel_max: the curvature Ė u is at round-off (every entry below 1e-9) at %d of %d states, which have nothing to difference",
			r.States-r.CurvatureFDStates, r.States)
	}
	if r.CurvatureRoundOffStates > 0 {
		add("curvature_omission_ratio_min: the closure drift the curvature cancels is at round-off at %d of %d states "+
			"(below 1e-13, or, with the curvature as without it, below 1e6·ε times the magnitude of the residual's terms), "+
			"which are left out of the ratio", r.CurvatureRoundOffStates, r.States)
	}
	r.Notes = notes
}
