package kkt

// SpoilLiftFactor scales the pinned system's Cholesky factor by 1 + rel (its stored
// blocks and the reciprocals of its pivots alike) after it was factored at the current
// placement: the solves through it then miss by a relative 2·rel, which the iterative
// refinement of the lift must remove, as it must an ill-conditioned K's error.
func (s *Solver) SpoilLiftFactor(rel float64) {
	f := s.lift.chol
	for i := range f.val {
		for j := range f.val[i] {
			f.val[i][j] *= 1 + rel
		}
	}
	for i := range f.dinv {
		for j := range f.dinv[i] {
			f.dinv[i][j] /= 1 + rel
		}
	}
}
