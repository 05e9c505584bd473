package dyn

import (
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/lapack/lapack64"
)

// choleskySolve overwrites the symmetric positive definite n×n row-major matrix a with
// its Cholesky factor and x (len n) with a⁻¹x. It returns false, leaving x unchanged, when
// a is not positive definite. It allocates nothing.
func choleskySolve(a []float64, n int, x []float64) bool {
	t, ok := lapack64.Potrf(blas64.Symmetric{Uplo: blas.Upper, N: n, Stride: n, Data: a})
	if !ok {
		return false
	}
	lapack64.Potrs(t, blas64.General{Rows: n, Cols: 1, Stride: 1, Data: x})
	return true
}
