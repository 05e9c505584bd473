package tasks

import (
	"fmt"

	"gonum.org/v1/gonum/mat"
)

// effortRCond is the singular-value ratio below which a direction of Lᵀ counts as
// unactuated.
const effortRCond = 1e-9

// portEfforts writes the least-norm port efforts f (len nf) with Lᵀ f = τ_r exactly
// (eq. 13) for a port map L (nf × D) that actuates every independent direction; it
// fails otherwise.
func portEfforts(L *mat.Dense, tauR, f []float64) error {
	if n := leastSquaresEfforts(L, tauR, f); n > 0 {
		return fmt.Errorf("the port map L leaves %d independent directions unactuated", n)
	}
	return nil
}

// leastSquaresEfforts writes the least-squares, least-norm port efforts f (len nf) for the
// reduced effort tauR (len D) through τ_r = Lᵀ f (eq. 13), f = (Lᵀ)⁺ τ_r with the
// pseudo-inverse from the SVD of the port map L (nf × D). When the ports actuate every
// independent direction this is exact; otherwise the component of τ_r along the
// unactuated directions (singular values below effortRCond of the largest) is dropped —
// for example the roll of a quadruped about the line through two point feet. It returns
// the number of unactuated directions.
func leastSquaresEfforts(L *mat.Dense, tauR, f []float64) int {
	var svd mat.SVD
	svd.Factorize(L, mat.SVDThin) // L = U Σ Vᵀ, so Lᵀ = V Σ Uᵀ and (Lᵀ)⁺ = U Σ⁺ Vᵀ
	sv := svd.Values(nil)
	var u, v mat.Dense
	svd.UTo(&u)
	svd.VTo(&v)
	for i := range f {
		f[i] = 0
	}
	dropped := 0
	for k, s := range sv {
		if s <= effortRCond*sv[0] {
			dropped++
			continue
		}
		c := 0.0
		for a, t := range tauR {
			c += v.At(a, k) * t
		}
		c /= s
		for i := range f {
			f[i] += u.At(i, k) * c
		}
	}
	return dropped + len(tauR) - len(sv)
}
