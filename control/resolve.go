package control

import (
	"fmt"

	"github.com/robocompiler/robocompiler/internal/dense"
	"gonum.org/v1/gonum/mat"
)

// Resolve evaluates the closed form of eq. 17 (weighted redundancy resolution, no
// inequalities):
//
//	J_W^# = W⁻¹Jᵀ(JW⁻¹Jᵀ)⁻¹,   u* = J_W^# w − k (I − J_W^# J) W⁻¹ g,
//
// which is the minimiser of ½uᵀWu + k gᵀu subject to J u = w. J is m×n with full row rank
// (nil means m = 0, giving u* = −k W⁻¹ g), W is n×n symmetric positive definite, g has length
// n (objective differential, ∂Φ/∂u) and w length m (task velocity command); k = k_Φ is the
// objective gain. The result has length n. It is computed with Cholesky factorisations of
// W and of J W⁻¹ Jᵀ and triangular solves, never explicit inverses, as
// u* = Y S⁻¹ (w + k J h) − k h with h = W⁻¹g, Y = W⁻¹Jᵀ, S = J Y. Inconsistent
// dimensions panic (docs/conventions.md). Errors: ErrNotPositiveDefinite when W is not
// positive definite, and *InfeasibleError of kind KindEqualityRankDeficient (Constraint −1)
// when J W⁻¹ Jᵀ is numerically singular.
func Resolve(J, W *mat.Dense, g []float64, w []float64, k float64) ([]float64, error) {
	if W == nil {
		panic("control: Resolve: nil W")
	}
	n, c := W.Dims()
	if n != c {
		panic(fmt.Sprintf("control: Resolve: W is %d×%d; want square", n, c))
	}
	dense.CheckLen("control: Resolve", "g", len(g), n)
	m := 0
	if J != nil {
		var jc int
		m, jc = J.Dims()
		if jc != n {
			panic(fmt.Sprintf("control: Resolve: J is %d×%d; want %d columns", m, jc, n))
		}
	}
	dense.CheckLen("control: Resolve", "w", len(w), m)
	wf := make([]float64, n*n) // upper triangle of ½(W + Wᵀ), then its Cholesky factor
	wr := W.RawMatrix()
	for i := range n {
		for j := i; j < n; j++ {
			wf[i*n+j] = 0.5 * (wr.Data[i*wr.Stride+j] + wr.Data[j*wr.Stride+i])
		}
	}
	if !dense.Cholesky(wf, n) {
		return nil, ErrNotPositiveDefinite
	}
	hs := append([]float64(nil), g...)
	dense.CholeskySolve(wf, n, hs)
	h := mat.NewVecDense(n, hs)
	u := make([]float64, n)
	if m > 0 {
		y := mat.NewDense(n, m, nil) // Y = W⁻¹Jᵀ, n×m
		col := make([]float64, n)
		for c := range m {
			mat.Row(col, c, J)
			dense.CholeskySolve(wf, n, col)
			y.SetCol(c, col)
		}
		var sm mat.Dense // S = J W⁻¹ Jᵀ, m×m
		sm.Mul(J, y)
		var cs mat.Cholesky
		if !cs.Factorize(symmetrize(&sm)) || cs.Cond() > 1e14 {
			return nil, &InfeasibleError{Constraint: -1, Kind: KindEqualityRankDeficient}
		}
		rhs := mat.NewVecDense(m, append([]float64(nil), w...))
		var jh mat.VecDense
		jh.MulVec(J, h)
		rhs.AddScaledVec(rhs, k, &jh) // w + k J h
		var lam mat.VecDense
		if err := cs.SolveVecTo(&lam, rhs); err != nil {
			return nil, &InfeasibleError{Constraint: -1, Kind: KindEqualityRankDeficient}
		}
		uv := mat.NewVecDense(n, u)
		uv.MulVec(y, &lam)
	}
	for i := range u {
		u[i] -= k * hs[i]
	}
	return u, nil
}

// symmetrize returns the symmetric part ½(M + Mᵀ) of a square matrix as a SymDense.
func symmetrize(m mat.Matrix) *mat.SymDense {
	n, _ := m.Dims()
	s := mat.NewSymDense(n, nil)
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			s.SetSym(i, j, 0.5*(m.At(i, j)+m.At(j, i)))
		}
	}
	return s
}
