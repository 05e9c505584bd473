package kktref

import (
	"errors"

	"gonum.org/v1/gonum/mat"
)

// Solve computes the constrained acceleration a (len n) of eq. 22 in float64 with gonum's
// SVD and Cholesky. M is n×n row-major (kg, kg·m² …), h and tau have n entries (N, N·m),
// Jc is m×n row-major and gamma has m entries (units of the constraint rows). rtol <= 0
// selects DefaultRTol. rank is the number of retained singular values. An error reports
// inconsistent sizes, a failed SVD or a reduced inertia ZᵀMZ that is not positive definite.
func Solve(M, h, tau, Jc, gamma []float64, n, m int, rtol float64) (a []float64, rank int, err error) {
	if err := checkSizes(M, h, tau, Jc, gamma, n, m); err != nil {
		return nil, 0, err
	}
	if rtol <= 0 {
		rtol = DefaultRTol
	}
	// Right singular vectors V (n×n) and retained pairs.
	V := mat.NewDense(n, n, nil)
	ap := mat.NewVecDense(n, nil)
	if m > 0 && n > 0 {
		var svd mat.SVD
		if !svd.Factorize(mat.NewDense(m, n, append([]float64(nil), Jc...)), mat.SVDFull) {
			return nil, 0, errors.New("kktref: SVD of Jc did not converge")
		}
		sv := svd.Values(nil)
		var U mat.Dense
		svd.UTo(&U)
		svd.VTo(V)
		g := mat.NewVecDense(m, append([]float64(nil), gamma...))
		for i, s := range sv {
			if s <= rtol*sv[0] || s == 0 {
				break
			}
			rank++
			c := -mat.Dot(U.ColView(i), g) / s
			ap.AddScaledVec(ap, c, V.ColView(i))
		}
	} else {
		for i := range n {
			V.Set(i, i, 1)
		}
	}
	k := n - rank
	a = make([]float64, n)
	copy(a, ap.RawVector().Data)
	if k == 0 {
		return a, rank, nil
	}
	Z := V.Slice(0, n, rank, n)
	Md := mat.NewDense(n, n, append([]float64(nil), M...))
	// rhs = Zᵀ(tau − h − M a_p)
	r := mat.NewVecDense(n, nil)
	r.MulVec(Md, ap)
	for i := range n {
		r.SetVec(i, tau[i]-h[i]-r.AtVec(i))
	}
	var rhs mat.VecDense
	rhs.MulVec(Z.T(), r)
	// Reduced inertia ZᵀMZ, symmetrised.
	var mz, tmp mat.Dense
	tmp.Mul(Md, Z)
	mz.Mul(Z.T(), &tmp)
	S := mat.NewSymDense(k, nil)
	for i := range k {
		for j := i; j < k; j++ {
			S.SetSym(i, j, 0.5*(mz.At(i, j)+mz.At(j, i)))
		}
	}
	var ch mat.Cholesky
	if !ch.Factorize(S) {
		return nil, rank, errors.New("kktref: reduced inertia ZᵀMZ is not positive definite")
	}
	var y mat.VecDense
	if err := ch.SolveVecTo(&y, &rhs); err != nil {
		return nil, rank, err
	}
	var zy mat.VecDense
	zy.MulVec(Z, &y)
	for i := range n {
		a[i] += zy.AtVec(i)
	}
	return a, rank, nil
}
