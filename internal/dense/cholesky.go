package dense

import "math"

// Cholesky factors the symmetric n×n row-major matrix a in place as a = UᵀU, with U upper
// triangular, in LAPACK's unblocked Potf2 order (each entry of U is a dot product over the
// rows above it, accumulated top down). Only the upper triangle of a is read, and U
// overwrites it; the strict lower triangle is neither read nor written.
//
// Tolerance policy (the one test of positive definiteness in the library): it reports
// false, leaving a partially overwritten, when a pivot a_jj − Σ_{i<j} U_ij² is not greater
// than n·ε·a_jj (ε = 2⁻⁵²), that is when a is not positive definite or numerically
// semidefinite relative to its own diagonal, and when a holds NaN.
func Cholesky(a []float64, n int) bool {
	tol := float64(n) * 0x1p-52
	for j := range n {
		diag := a[j*n+j]
		s := diag
		for i := range j {
			s -= a[i*n+j] * a[i*n+j]
		}
		if !(s > tol*diag) { // also rejects NaN
			return false
		}
		d := math.Sqrt(s)
		a[j*n+j] = d
		for k := j + 1; k < n; k++ {
			t := a[j*n+k]
			for i := range j {
				t -= a[i*n+j] * a[i*n+k]
			}
			a[j*n+k] = t / d
		}
	}
	return true
}

// CholeskySolve overwrites x (len n) with (UᵀU)⁻¹x, where u holds in its upper triangle the
// n×n row-major factor written by Cholesky: a forward substitution with Uᵀ, then a back
// substitution with U.
func CholeskySolve(u []float64, n int, x []float64) {
	ForwardUT(u, n, x)
	BackwardU(u, n, x)
}

// ForwardUT overwrites x (len n) with U⁻ᵀx for the upper factor u (n×n row-major) written
// by Cholesky.
func ForwardUT(u []float64, n int, x []float64) {
	for i := range n {
		t := x[i]
		for k := range i {
			t -= u[k*n+i] * x[k]
		}
		x[i] = t / u[i*n+i]
	}
}

// BackwardU overwrites x (len n) with U⁻¹x for the upper factor u (n×n row-major).
func BackwardU(u []float64, n int, x []float64) {
	for i := n - 1; i >= 0; i-- {
		t := x[i]
		for k := i + 1; k < n; k++ {
			t -= u[i*n+k] * x[k]
		}
		x[i] = t / u[i*n+i]
	}
}
