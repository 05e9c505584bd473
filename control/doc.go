// Package control implements the intrinsic velocity selection of section V of the paper
// ("A Physical Secondary Objective", eqs. 15–17).
//
// The constrained velocity problem (eq. 16) in the compiled independent coordinates u is
//
//	minimise ½ uᵀWu + gᵀu   subject to   J u = w,   A u ≤ b,
//
// with a symmetric positive definite motion metric W (for example the reduced inertia
// M_r). Solver solves it with the dual active-set method of Goldfarb and Idnani; Resolve is
// the closed form of eq. 17 (weighted redundancy resolution, no inequalities); and
// StrokeBarrier is the interior actuator-stroke preference Φ of eq. 15, whose gradient
// dΦ/dℓ maps to the objective differential through g = Lᵀ dΦ/dℓ.
//
// An infeasible task is reported as an explicit error (*InfeasibleError). The task equality
// is softened only through the declared relaxation QP.Relax, and a relaxed solution is
// flagged in Result.Relaxed.
package control
