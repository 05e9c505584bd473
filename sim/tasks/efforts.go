package tasks

import (
	"fmt"

	"gonum.org/v1/gonum/mat"
)

// portEfforts writes the least-norm port efforts f (len nf) that produce the reduced
// effort tauR (len D) through τ_r = Lᵀ f (eq. 13), f = L (LᵀL)⁻¹ τ_r, for a port map L
// (nf × D) of full column rank: the ports must actuate every independent direction.
func portEfforts(L *mat.Dense, tauR, f []float64) error {
	var ltl mat.SymDense
	ltl.SymOuterK(1, L.T())
	var ch mat.Cholesky
	if !ch.Factorize(&ltl) {
		return fmt.Errorf("the port map L does not actuate every independent direction (LᵀL is singular)")
	}
	var y mat.VecDense
	if err := ch.SolveVecTo(&y, mat.NewVecDense(len(tauR), tauR)); err != nil {
		return fmt.Errorf("the port map L is ill-conditioned: %w", err)
	}
	mat.NewVecDense(len(f), f).MulVec(L, &y)
	return nil
}
