package control

import "gonum.org/v1/gonum/mat"

// QP is the strictly convex quadratic program of eq. 16,
//
//	minimise ½ uᵀWu + Gᵀu   subject to   J u = Wv,   A u ≤ B,
//
// in n compiled velocity coordinates u. Units are those of the caller: with W a reduced
// inertia [kg·m², kg] and u in [rad/s, m/s], ½uᵀWu is a kinetic energy [J] and G (for eq. 16,
// k_Φ·g) must carry the matching units [J·s/rad, J·s/m] per coordinate.
type QP struct {
	// W is the n×n symmetric positive definite metric.
	W *mat.Dense
	// G is the linear cost term, length n.
	G []float64
	// J is the meq×n task Jacobian; nil means no equalities.
	J *mat.Dense
	// Wv is the right side w of J u = w (task velocity command), length meq.
	Wv []float64
	// A is the mineq×n inequality matrix; nil means no inequalities.
	A *mat.Dense
	// B is the right side of A u ≤ B, length mineq.
	B []float64
	// Relax, when non-nil, declares the equality relaxation; nil (the default) keeps
	// J u = Wv a hard constraint.
	Relax *Relax
}

// Relax is a declared relaxation policy for the task equality: the constraint J u = w is
// replaced by the penalty ½·Weight·‖J u − w‖² added to the objective (Weight > 0, in units
// of objective per squared task-velocity unit). Inequalities stay hard. It is applied only
// when the caller sets QP.Relax, and a relaxed solve reports Result.Relaxed = true.
type Relax struct {
	Weight float64
}

// Result describes a QP solution. The slices alias storage owned by the Solver and are
// overwritten by its next Solve; copy them to keep them.
type Result struct {
	// Iterations counts active-set steps: one per equality added plus one per full or
	// partial inequality step.
	Iterations int
	// Active lists, in increasing order, the indices of the rows of A in the final active
	// set (A_i u = B_i up to rounding). Weakly active rows with zero multiplier that were
	// never violated may be absent.
	Active []int
	// Objective is the minimised objective ½uᵀWu + Gᵀu at the solution (plus
	// ½·Weight·‖Ju − w‖² when Relaxed).
	Objective float64
	// Multipliers has length meq+mineq: μ (equalities) then λ ≥ 0 (inequalities, zero for
	// inactive rows), such that W u + G + Jᵀμ + Aᵀλ = 0. When Relaxed, μ = Weight·(J u − w).
	Multipliers []float64
	// Relaxed reports that the declared relaxation QP.Relax was applied.
	Relaxed bool
	// EqualityResidual is ‖J u − w‖₂ (rounding-level unless Relaxed).
	EqualityResidual float64
}
