package kkt

import "math"

// rankTol is the relative size below which a diagonal entry of a small QR factor counts
// as zero: the block does not determine its unknowns (the model is not for this solver).
const rankTol = 1e-10

// smallQR is the Householder QR factorisation A = Q [R; 0] of an m×n block (n ≤ m ≤ 6):
// the first n columns of the orthogonal Q span A's columns and the other m − n their
// orthogonal complement, which the solver uses as constraint directions, and R⁻¹Q₁ᵀ is
// A's left inverse.
type smallQR struct {
	m, n int
	q    [6][6]float64 // Q, q[i][j] = Q_ij
	r    [6][6]float64 // R (upper, n×n)
}

// factor computes the factorisation of a (a[i][j] = A_ij, i < m, j < n); it reports
// false when A has not full column rank (a diagonal entry of R below rankTol times the
// largest column norm).
func (f *smallQR) factor(a *[6][6]float64, m, n int) bool {
	f.m, f.n = m, n
	w := *a
	scale := 0.0
	for j := range n {
		s := 0.0
		for i := range m {
			s += w[i][j] * w[i][j]
		}
		scale = math.Max(scale, math.Sqrt(s))
	}
	for i := range m {
		for j := range m {
			f.q[i][j] = 0
		}
		f.q[i][i] = 1
	}
	for k := range n {
		// Householder vector v for column k below the diagonal.
		norm := 0.0
		for i := k; i < m; i++ {
			norm += w[i][k] * w[i][k]
		}
		norm = math.Sqrt(norm)
		if !(norm > rankTol*scale) {
			return false
		}
		alpha := -norm
		if w[k][k] < 0 {
			alpha = norm
		}
		var v [6]float64
		v[k] = w[k][k] - alpha
		for i := k + 1; i < m; i++ {
			v[i] = w[i][k]
		}
		vv := 0.0
		for i := k; i < m; i++ {
			vv += v[i] * v[i]
		}
		if vv == 0 {
			continue
		}
		// W ← (I − 2vvᵀ/vᵀv) W and Q ← Q (I − 2vvᵀ/vᵀv).
		for j := k; j < n; j++ {
			s := 0.0
			for i := k; i < m; i++ {
				s += v[i] * w[i][j]
			}
			s *= 2 / vv
			for i := k; i < m; i++ {
				w[i][j] -= s * v[i]
			}
		}
		for i := range m {
			s := 0.0
			for l := k; l < m; l++ {
				s += f.q[i][l] * v[l]
			}
			s *= 2 / vv
			for l := k; l < m; l++ {
				f.q[i][l] -= s * v[l]
			}
		}
	}
	for i := range n {
		for j := range n {
			f.r[i][j] = 0
			if j >= i {
				f.r[i][j] = w[i][j]
			}
		}
	}
	return true
}

// pinv writes x = R⁻¹ Q₁ᵀ y (len n) for y (len m): the coefficients of y in A's columns
// when y lies in their span.
func (f *smallQR) pinv(y, x []float64) {
	for k := range f.n {
		s := 0.0
		for i := range f.m {
			s += f.q[i][k] * y[i]
		}
		x[k] = s
	}
	for i := f.n - 1; i >= 0; i-- {
		t := x[i]
		for k := i + 1; k < f.n; k++ {
			t -= f.r[i][k] * x[k]
		}
		x[i] = t / f.r[i][i]
	}
}
