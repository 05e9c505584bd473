package kktref

import "math/big"

// SolveBig computes the same constrained acceleration as Solve (eq. 22), with every step —
// the SVD of Jc (one-sided Jacobi), the particular solution, the null-space projection and
// the Cholesky solve — carried out in Prec-bit arithmetic on the exactly converted float64
// inputs; the result is rounded to the nearest float64. Arguments, units, rank and errors
// are as for Solve.
func SolveBig(M, h, tau, Jc, gamma []float64, n, m int, rtol float64) (a []float64, rank int, err error) {
	if err := checkSizes(M, h, tau, Jc, gamma, n, m); err != nil {
		return nil, 0, err
	}
	if rtol <= 0 {
		rtol = DefaultRTol
	}
	t, u := newBig(), newBig()
	ap := newBigVec(n)
	var Z []bigVec
	if m > 0 && n > 0 {
		sv, err := jacobiSVD(Jc, m, n)
		if err != nil {
			return nil, 0, err
		}
		// Retain σ_j > rtol·σ₁, i.e. σ_j² > rtol²·σ₁².
		cut := newBig().SetFloat64(rtol)
		cut.Mul(cut, cut)
		cut.Mul(cut, &sv.Sigma2[0])
		g := bigFrom(gamma)
		for j := range n {
			if sv.Sigma2[j].Sign() == 0 || sv.Sigma2[j].Cmp(cut) <= 0 {
				break
			}
			rank++
		}
		// a_p = −Σ_j V_j (W_j·γ)/σ_j².
		for j := range rank {
			dot(t, u, sv.W[j], g)
			t.Quo(t, &sv.Sigma2[j])
			t.Neg(t)
			axpy(ap, t, sv.V[j], u)
		}
		Z = sv.V[rank:]
	} else {
		Z = make([]bigVec, n)
		for j := range n {
			Z[j] = newBigVec(n)
			Z[j][j].SetInt64(1)
		}
	}
	k := len(Z)
	if k == 0 {
		return toFloat64(ap), rank, nil
	}
	Mb := bigFrom(M)
	mul := func(x bigVec) bigVec { // M x
		y := newBigVec(n)
		for i := range n {
			dot(&y[i], u, Mb[i*n:(i+1)*n], x)
		}
		return y
	}
	// r = tau − h − M a_p; rhs = Zᵀ r.
	r := mul(ap)
	tb, hb := bigFrom(tau), bigFrom(h)
	for i := range n {
		r[i].Sub(&tb[i], r[i].Add(&r[i], &hb[i]))
	}
	rhs := newBigVec(k)
	for i := range k {
		dot(&rhs[i], u, Z[i], r)
	}
	// K = Zᵀ M Z (symmetrised).
	MZ := make([]bigVec, k)
	for j := range k {
		MZ[j] = mul(Z[j])
	}
	K := newBigVec(k * k)
	for i := range k {
		for j := 0; j <= i; j++ {
			dot(t, u, Z[i], MZ[j])
			dot(&K[i*k+j], u, Z[j], MZ[i])
			K[i*k+j].Add(&K[i*k+j], t)
			K[i*k+j].Quo(&K[i*k+j], big.NewFloat(2))
		}
	}
	y, err := bigCholeskySolve(K, rhs, k)
	if err != nil {
		return nil, rank, err
	}
	for j := range k {
		axpy(ap, &y[j], Z[j], u)
	}
	return toFloat64(ap), rank, nil
}
