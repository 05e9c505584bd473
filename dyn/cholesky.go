package dyn

import "math"

// choleskySolve overwrites the symmetric positive definite n×n row-major matrix a with
// its Cholesky factor U (upper triangle, a = UᵀU; LAPACK's unblocked Potf2 order) and x
// (len n) with a⁻¹x. It returns false, leaving x unchanged, when a is not positive
// definite. It allocates nothing; at these sizes plain loops beat LAPACK's call overhead.
func choleskySolve(a []float64, n int, x []float64) bool {
	for j := range n {
		s := a[j*n+j]
		for i := range j {
			s -= a[i*n+j] * a[i*n+j]
		}
		if s <= 0 || math.IsNaN(s) {
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
	for i := range n {
		t := x[i]
		for k := range i {
			t -= a[k*n+i] * x[k]
		}
		x[i] = t / a[i*n+i]
	}
	for i := n - 1; i >= 0; i-- {
		t := x[i]
		for k := i + 1; k < n; k++ {
			t -= a[i*n+k] * x[k]
		}
		x[i] = t / a[i*n+i]
	}
	return true
}
