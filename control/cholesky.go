package control

import "math"

// cholesky factors, in place, the n×n symmetric matrix a (row-major, only the lower
// triangle is read) as a = L Lᵀ with L lower triangular; the strict upper triangle is
// zeroed. It reports false when a pivot is not positive or falls below n·ε times the
// corresponding diagonal entry (numerically semidefinite), and for NaN input.
func cholesky(a []float64, n int) bool {
	tol := float64(n) * 0x1p-52
	for j := 0; j < n; j++ {
		rj := a[j*n : j*n+n]
		diag := rj[j]
		d := diag
		for k := 0; k < j; k++ {
			d -= rj[k] * rj[k]
		}
		if !(d > tol*diag) { // also rejects NaN
			return false
		}
		d = math.Sqrt(d)
		rj[j] = d
		for k := j + 1; k < n; k++ {
			rj[k] = 0
		}
		for i := j + 1; i < n; i++ {
			ri := a[i*n : i*n+n]
			s := ri[j]
			for k := 0; k < j; k++ {
				s -= ri[k] * rj[k]
			}
			ri[j] = s / d
		}
	}
	return true
}

// cholSolve overwrites x with the solution of (L Lᵀ) x = x, where l holds the row-major
// lower-triangular factor produced by cholesky.
func cholSolve(l []float64, n int, x []float64) {
	for i := 0; i < n; i++ { // L y = x
		ri := l[i*n : i*n+i]
		s := x[i]
		for k, v := range ri {
			s -= v * x[k]
		}
		x[i] = s / l[i*n+i]
	}
	for i := n - 1; i >= 0; i-- { // Lᵀ x = y
		s := x[i]
		for k := i + 1; k < n; k++ {
			s -= l[k*n+i] * x[k]
		}
		x[i] = s / l[i*n+i]
	}
}

// invTransposeFactor writes L⁻ᵀ (upper triangular) into jc, stored column-major (column c
// is jc[c*n : c*n+n]), by back substitution of Lᵀ x = e_c for each column.
func invTransposeFactor(l []float64, n int, jc []float64) {
	for c := 0; c < n; c++ {
		col := jc[c*n : c*n+n]
		for i := range col {
			col[i] = 0
		}
		col[c] = 1 / l[c*n+c]
		for i := c - 1; i >= 0; i-- {
			s := 0.0
			for k := i + 1; k <= c; k++ {
				s -= l[k*n+i] * col[k]
			}
			col[i] = s / l[i*n+i]
		}
	}
}
