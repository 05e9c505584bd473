package kkt

import (
	"math"

	"github.com/robocompiler/robocompiler/closure"
	"github.com/robocompiler/robocompiler/internal/dense"
)

// The closure tracker's linear systems in maximal coordinates (closure.LoopSolver): the
// Newton correction of the partition's selected rows over its dependent velocities is the
// lift with the independent speeds pinned at zero and the closure residual as the cut
// rows' right-hand side — the velocity-level system of Velocity, the same factors.

// Correction writes into dv (len NV) the Newton correction at the configuration q (len
// NQ) of the closure residual rho (len Rows, evaluated at q): the velocity whose
// independent entries are zero and whose selected rows of C give C_S dv = −ρ_S, by one
// solve with the pinned system placed and factored at q. ErrSingular reports a singular
// dependent block there.
func (s *Solver) Correction(c *closure.Data, q, rho, dv []float64) error {
	s.place(c, q)
	return s.Chord(rho, dv)
}

// Chord is Correction with the factors of the current placement (simplified Newton: the
// factors of an earlier iterate), for rho evaluated at another configuration near it.
func (s *Solver) Chord(rho, dv []float64) error {
	dense.CheckLen("kkt: Correction", "rho", len(rho), s.m.Rows)
	dense.CheckLen("kkt: Correction", "dv", len(dv), s.m.NV)
	if err := s.factored(s.lift); err != nil {
		return err
	}
	// The acceleration-level right-hand side with no velocity-product terms and κ = −ρ is
	// the velocity level's with the residual: rates·(relative twist − cut columns·v) = −ρ.
	// Acceleration and Forward evaluate both anew (velocities) before they read them.
	clear(s.cb)
	for ci := range s.cuts {
		cm := &s.m.Comparisons[ci]
		for k := range cm.Rows() {
			s.cuts[ci].kappa[k] = -rho[cm.Row+k]
		}
	}
	s.setRHS(s.lift, true, nil)
	// No refinement: the Newton iteration refines, from the residual evaluated anew.
	s.solveRefined(s.lift, nil, s.acc, 0)
	s.recover(s.lift, s.acc, true, nil, dv)
	return nil
}

// RCond places and factors the pinned system at the configuration q (len NQ) and returns
// its pivot ratio: the smallest over the largest diagonal entry of the Cholesky factor of
// K = G Gᵀ, an estimate of the reciprocal condition number of G (square, singular exactly
// when the partition's dependent block R_p is). ErrSingular reports a singular system.
func (s *Solver) RCond(c *closure.Data, q []float64) (float64, error) {
	s.place(c, q)
	if err := s.factored(s.lift); err != nil {
		return 0, err
	}
	f := s.lift.chol
	lo, hi := math.Inf(1), 0.0
	for v, n := range f.size {
		for i := range n {
			u := 1 / math.Abs(f.dinv[v][i])
			lo, hi = math.Min(lo, u), math.Max(hi, u)
		}
	}
	if hi == 0 {
		return 1, nil // no rows
	}
	return lo / hi, nil
}
