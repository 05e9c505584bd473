package kktref

import (
	"errors"
	"math/big"
	"sort"
)

// bigSVD is a singular value decomposition A = W Vᵀ of an m×n matrix in extended
// precision, computed by one-sided (Hestenes) Jacobi rotations: V is n×n orthogonal and
// the columns of W = A V are mutually orthogonal, so σ_j = ‖W_j‖ and U_j = W_j/σ_j.
// Columns are sorted by decreasing σ.
type bigSVD struct {
	// W[j] (length m) and V[j] (length n) are the j-th columns.
	W, V []bigVec
	// Sigma2[j] = ‖W_j‖² = σ_j².
	Sigma2 bigVec
}

// maxSweeps bounds the Jacobi sweeps; convergence is quadratic and typically takes < 15.
const maxSweeps = 100

// jacobiSVD computes the SVD of the m×n row-major float64 matrix a (converted exactly).
func jacobiSVD(a []float64, m, n int) (*bigSVD, error) {
	W := make([]bigVec, n)
	V := make([]bigVec, n)
	for j := range n {
		W[j] = newBigVec(m)
		for i := range m {
			W[j][i].SetFloat64(a[i*n+j])
		}
		V[j] = newBigVec(n)
		V[j][j].SetInt64(1)
	}
	// Orthogonality tolerance: |w_p·w_q| <= tol·‖w_p‖‖w_q‖, compared squared.
	tol2 := newBig().SetMantExp(big.NewFloat(1), -2*(Prec-24))
	alpha, beta, gam := newBig(), newBig(), newBig()
	// Columns with ‖w‖² <= tiny are round-off (A V is exact only to about 2^-Prec·‖A‖):
	// they are left alone, otherwise the noise they receive from every rotation with a
	// large column would prevent convergence. They end in the null space.
	tiny := newBig()
	for j := range n {
		dot(alpha, gam, W[j], W[j])
		tiny.Add(tiny, alpha)
	}
	tiny.Mul(tiny, newBig().SetMantExp(big.NewFloat(1), -2*(Prec-32)))
	t, c, s, zeta, tmp, lhs, rhs := newBig(), newBig(), newBig(), newBig(), newBig(), newBig(), newBig()
	one := newBig().SetInt64(1)
	x, y := newBig(), newBig()
	converged := false
	for sweep := 0; sweep < maxSweeps && !converged; sweep++ {
		converged = true
		for p := 0; p < n; p++ {
			for q := p + 1; q < n; q++ {
				dot(alpha, tmp, W[p], W[p])
				dot(beta, tmp, W[q], W[q])
				dot(gam, tmp, W[p], W[q])
				if gam.Sign() == 0 || alpha.Cmp(tiny) <= 0 || beta.Cmp(tiny) <= 0 {
					continue
				}
				lhs.Mul(gam, gam)
				rhs.Mul(alpha, beta)
				rhs.Mul(rhs, tol2)
				if lhs.Cmp(rhs) <= 0 {
					continue
				}
				converged = false
				// ζ = (β − α)/(2γ); t = sign(ζ)/(|ζ| + √(1+ζ²)); c = 1/√(1+t²); s = c·t.
				zeta.Sub(beta, alpha)
				tmp.Add(gam, gam)
				zeta.Quo(zeta, tmp)
				tmp.Mul(zeta, zeta)
				tmp.Add(tmp, one)
				tmp.Sqrt(tmp)
				t.Abs(zeta)
				t.Add(t, tmp)
				t.Quo(one, t)
				if zeta.Sign() < 0 {
					t.Neg(t)
				}
				tmp.Mul(t, t)
				tmp.Add(tmp, one)
				tmp.Sqrt(tmp)
				c.Quo(one, tmp)
				s.Mul(c, t)
				rotate(W[p], W[q], c, s, x, y, tmp)
				rotate(V[p], V[q], c, s, x, y, tmp)
			}
		}
	}
	if !converged {
		return nil, errors.New("kktref: extended-precision Jacobi SVD did not converge")
	}
	sv := &bigSVD{W: W, V: V, Sigma2: newBigVec(n)}
	for j := range n {
		dot(&sv.Sigma2[j], tmp, W[j], W[j])
	}
	idx := make([]int, n)
	for j := range idx {
		idx[j] = j
	}
	sort.SliceStable(idx, func(i, j int) bool { return sv.Sigma2[idx[i]].Cmp(&sv.Sigma2[idx[j]]) > 0 })
	out := &bigSVD{W: make([]bigVec, n), V: make([]bigVec, n), Sigma2: newBigVec(n)}
	for k, j := range idx {
		out.W[k], out.V[k] = W[j], V[j]
		out.Sigma2[k].Set(&sv.Sigma2[j])
	}
	return out, nil
}

// rotate applies (u, v) ← (c·u − s·v, s·u + c·v) elementwise, using x, y, t as scratch.
func rotate(u, v bigVec, c, s, x, y, t *big.Float) {
	for i := range u {
		x.Mul(c, &u[i])
		t.Mul(s, &v[i])
		x.Sub(x, t)
		y.Mul(s, &u[i])
		t.Mul(c, &v[i])
		y.Add(y, t)
		u[i].Set(x)
		v[i].Set(y)
	}
}
