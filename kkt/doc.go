// Package kkt is the loop form of the reduced dynamics of closed-chain models: the lift
// v = E u, the curvature Ė u and the forward dynamics of eq. 14 solved in maximal
// coordinates, each body's spatial acceleration (or twist) an unknown and the tree joints
// and the selected closure rows constraints (Baraff's Lagrange-multiplier formulation,
// "Linear-time dynamics using Lagrange multipliers", SIGGRAPH 1996). The constraint
// system is solved through K = G H⁻¹ Gᵀ by a sparse block Cholesky factorisation in a
// minimum-degree order, so that mechanisms whose body graph has bounded width — chains,
// trees, ladders of four-bar loops — cost O(n) time and memory, where the relative-
// coordinate path forms the dense E (NV × D), M_T (NVT²) and M_r (D²).
//
// It gives the dense path's accelerations (dyn.DenseReducedDynamics, the oracle) to
// round-off: for a fixed partition both solve the same problem, the least acceleration
// energy over the accelerations that satisfy the selected closure rows.
package kkt
