// Package kktref is the independent constrained-dynamics reference of section VI-B of the
// paper (eqs. 21–22), used only by tests.
//
// Given the tree inertia M (n×n, row-major), bias h, applied effort tau (n), a constraint
// matrix Jc (m×n, row-major) and drift gamma (m), with the constrained equations
//
//	M a + h = tau + Jcᵀ λ,   Jc a + gamma = 0,
//
// the reference takes the truncated SVD Jc = U Σ Vᵀ (singular values above rtol·σ₁ are
// retained), the particular solution a_p = −V_r Σ_r⁻¹ U_rᵀ gamma, the null-space basis Z of
// the remaining right singular vectors, and solves (Zᵀ M Z) y = Zᵀ(tau − h − M a_p) by
// Cholesky: a = a_p + Z y. Redundant rows are thereby treated in the least-squares sense at
// the selected numerical rank.
//
// Solve works in float64 (gonum); SolveBig repeats the same steps in extended precision
// (math/big, Prec bits) and rounds the result to float64. DeltaA, DeltaF and ResidualC are
// the comparison metrics of eq. 21.
package kktref

// DefaultRTol is the relative singular-value cut used when rtol <= 0: singular values
// σ_i > DefaultRTol·σ₁ are retained.
const DefaultRTol = 1e-9
