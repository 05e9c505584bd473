package dense

import "math"

// LU factors the n×n row-major matrix a in place as P a = L U by Gaussian elimination with
// partial pivoting (L unit lower, U upper, both stored in a; piv, len n, records the row
// swaps). It reports false, leaving a partially overwritten, when a pivot is zero, not
// above n·ε times the largest entry of a, or NaN.
func LU(a []float64, n int, piv []int) bool {
	scale := 0.0
	for _, x := range a[:n*n] {
		scale = math.Max(scale, math.Abs(x))
	}
	tol := float64(n) * 0x1p-52 * scale
	for k := range n {
		p, best := k, math.Abs(a[k*n+k])
		for i := k + 1; i < n; i++ {
			if x := math.Abs(a[i*n+k]); x > best {
				p, best = i, x
			}
		}
		if !(best > tol) {
			return false
		}
		piv[k] = p
		if p != k {
			for j := range n {
				a[k*n+j], a[p*n+j] = a[p*n+j], a[k*n+j]
			}
		}
		d := a[k*n+k]
		for i := k + 1; i < n; i++ {
			l := a[i*n+k] / d
			a[i*n+k] = l
			for j := k + 1; j < n; j++ {
				a[i*n+j] -= l * a[k*n+j]
			}
		}
	}
	return true
}

// LUSolve overwrites x (len n) with a⁻¹x, where lu and piv hold the factors written by LU.
func LUSolve(lu []float64, n int, piv []int, x []float64) {
	for k := range n {
		if p := piv[k]; p != k {
			x[k], x[p] = x[p], x[k]
		}
	}
	for i := range n {
		t := x[i]
		for k := range i {
			t -= lu[i*n+k] * x[k]
		}
		x[i] = t
	}
	for i := n - 1; i >= 0; i-- {
		t := x[i]
		for k := i + 1; k < n; k++ {
			t -= lu[i*n+k] * x[k]
		}
		x[i] = t / lu[i*n+i]
	}
}
