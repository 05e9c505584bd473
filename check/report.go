package check

import (
	"fmt"
	"math"
)

// Report holds the worst value of every witness over the sampled states. JSON keys follow
// the command-line contract.
type Report struct {
	States int `json:"states"`
	// Rank and Mobility are the closure rank and the number of independent speeds.
	Rank     int `json:"rank"`
	Mobility int `json:"mobility"`
	// JacobianFDRelMax is the largest relative difference between an analytic differential
	// (closure Jacobian C, port Jacobian J_ℓ, task Jacobians J_x) and central differences
	// at perturbed, off-manifold states, relative to the largest entry (or 1).
	JacobianFDRelMax float64 `json:"jacobian_fd_rel_max"`
	// LiftResidualMax is max |C E| / max(1, max |E|).
	LiftResidualMax float64 `json:"lift_residual_max"`
	// VirtualPowerDefectMaxW is max |τ_Tᵀ v_T − τ_rᵀ u| in W, with port efforts drawn in
	// [−1, 1] N (or N·m) and nominal independent speeds.
	VirtualPowerDefectMaxW float64 `json:"virtual_power_defect_max_W"`
	// DeltaAMax and DeltaFMax are the eq. 21 metrics of the reduced forward dynamics against
	// the KKT/null-space reference, in tree coordinates.
	DeltaAMax float64 `json:"delta_a_max"`
	// DeltaATarget is the bound δ_a is held to: max(Targets.DeltaA, DeltaAFactor·n·ε·κ)
	// with n the number of velocities, ε the float64 unit round-off and κ the largest
	// 1-norm condition estimate of the reduced mass matrix M_r over the states (CondMr),
	// so that a valid model never fails for its size and conditioning alone
	// (docs/check.md).
	DeltaATarget float64 `json:"delta_a_target"`
	// CondMrMax is the largest condition estimate of M_r over the sampled states.
	CondMrMax float64 `json:"cond_mr_max"`
	DeltaFMax float64 `json:"delta_f_max"`
	// ConstraintAccelResidualMax is max ‖C a + γ‖∞ of the reduced solution (row units).
	ConstraintAccelResidualMax float64 `json:"constraint_accel_residual_max"`
	// CurvatureFDRelMax is the largest relative difference between the analytic curvature
	// Ė u and a centred directional difference of E along v = E u.
	CurvatureFDRelMax float64 `json:"curvature_fd_rel_max"`
	// CurvatureOmissionRatioMin is the smallest ratio, at four times the nominal speed, of
	// the constraint-acceleration residual with the curvature omitted to the residual with
	// it. It is NaN (JSON null) when no sampled state has a drift to omit (no nonlinear
	// closure rows), and CurvatureStates counts the states that entered it.
	CurvatureOmissionRatioMin float64 `json:"curvature_omission_ratio_min"`
	CurvatureStates           int     `json:"curvature_states"`
	// ExtendedReferenceSkipped reports that the model has more than DenseReferenceMaxNV
	// velocity coordinates, so no reference was solved in extended precision (no
	// arbitration, and Options.Extended is ignored): the dynamics witness takes the
	// reference DynamicsReference names.
	ExtendedReferenceSkipped bool `json:"extended_reference_skipped"`
	// DynamicsReference names the reference of DeltaAMax and DeltaFMax: RefDenseKKT,
	// RefTreeRefinement or RefNullSpaceRefinement (docs/check.md).
	DynamicsReference string `json:"dynamics_reference"`
	// JacobianFDColumns is the number of velocity columns whose differentials were
	// compared with central differences at each state (all NV up to FDMaxColumns).
	JacobianFDColumns int `json:"jacobian_fd_columns"`
	// LiftColumns is the fewest columns of E that entered LiftResidualMax at a state (all
	// D unless C E would cost more than LiftMaxProducts multiply-adds).
	LiftColumns int `json:"lift_columns"`
	// CurvatureFDStates counts the states that entered CurvatureFDRelMax (elsewhere the
	// curvature is at round-off, below 1e-9, and there is nothing to difference).
	CurvatureFDStates int `json:"curvature_fd_states"`
	// CurvatureRoundOffStates counts the states with closure rows left out of the omission
	// ratio because the drift the curvature cancels is at round-off there.
	CurvatureRoundOffStates int `json:"curvature_round_off_states"`
	// Notes says in words which witnesses were sampled or skipped, and why (empty when
	// every witness ran in full at every state).
	Notes []string `json:"notes"`
}

// Targets are the project's accuracy targets (DESIGN.md and issue #5).
var Targets = struct {
	JacobianFD, Lift, VirtualPowerW, DeltaA, CurvatureFD, OmissionRatio float64
}{JacobianFD: 1e-7, Lift: 1e-12, VirtualPowerW: 1e-12, DeltaA: 1e-11, CurvatureFD: 1e-6, OmissionRatio: 1e6}

// DeltaAFactor is the constant c of the δ_a bound c·n·ε·κ (Report.DeltaATarget).
const DeltaAFactor = 10

// deltaATarget returns the δ_a bound for n velocities and condition estimate cond.
func deltaATarget(n int, cond float64) float64 {
	return math.Max(Targets.DeltaA, DeltaAFactor*float64(n)*0x1p-52*cond)
}

// Failures lists the witnesses that miss their targets; empty means the check passed.
func (r *Report) Failures() []string {
	var out []string
	bad := func(name string, v, lim float64) {
		if !(v <= lim) {
			out = append(out, fmt.Sprintf("%s = %.3g exceeds %.0e", name, v, lim))
		}
	}
	bad("jacobian_fd_rel_max", r.JacobianFDRelMax, Targets.JacobianFD)
	bad("lift_residual_max", r.LiftResidualMax, Targets.Lift)
	bad("virtual_power_defect_max_W", r.VirtualPowerDefectMaxW, Targets.VirtualPowerW)
	bad("delta_a_max", r.DeltaAMax, math.Max(Targets.DeltaA, r.DeltaATarget))
	bad("curvature_fd_rel_max", r.CurvatureFDRelMax, Targets.CurvatureFD)
	if r.CurvatureStates > 0 && !(r.CurvatureOmissionRatioMin >= Targets.OmissionRatio) {
		out = append(out, fmt.Sprintf("curvature_omission_ratio_min = %.3g is below %.0e", r.CurvatureOmissionRatioMin, Targets.OmissionRatio))
	}
	return out
}

// worst keeps the larger of a running maximum and x (NaN counts as worst).
func worst(acc *float64, x float64) {
	if math.IsNaN(x) || x > *acc {
		*acc = x
	}
}
