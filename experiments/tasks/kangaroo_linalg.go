package tasks

import (
	"errors"

	"gonum.org/v1/gonum/mat"
)

// denseOf wraps data (r × c, row-major) as a matrix sharing it.
func denseOf(r, c int, data []float64) *mat.Dense { return mat.NewDense(r, c, data) }

// mulDense returns a·b for a (r × k, row-major) and b (k × c, row-major with stride
// bStride), row-major r × c.
func mulDense(r, k, c int, a, b []float64, bStride int) []float64 {
	out := make([]float64, r*c)
	for i := range r {
		for l := range k {
			x := a[i*k+l]
			if x == 0 {
				continue
			}
			for j := range c {
				out[i*c+j] += x * b[l*bStride+j]
			}
		}
	}
	return out
}

// solveDense solves the square system A x = b (A n × n, row-major) by LU.
func solveDense(n int, A, b []float64) ([]float64, error) {
	var x mat.VecDense
	if err := x.SolveVec(mat.NewDense(n, n, append([]float64(nil), A...)), mat.NewVecDense(n, append([]float64(nil), b...))); err != nil {
		return nil, err
	}
	return x.RawVector().Data, nil
}

// leastNorm returns the least-squares, least-norm solution of A x = b for A (r × c,
// row-major), through the SVD with singular values below 1e-10 of the largest dropped.
func leastNorm(r, c int, A, b []float64) ([]float64, error) {
	var svd mat.SVD
	if !svd.Factorize(mat.NewDense(r, c, append([]float64(nil), A...)), mat.SVDThin) {
		return nil, errors.New("SVD did not converge")
	}
	sv := svd.Values(nil)
	var u, v mat.Dense
	svd.UTo(&u)
	svd.VTo(&v)
	x := make([]float64, c)
	for k, s := range sv {
		if s <= 1e-10*sv[0] {
			continue
		}
		coef := 0.0
		for i := range r {
			coef += u.At(i, k) * b[i]
		}
		coef /= s
		for j := range c {
			x[j] += v.At(j, k) * coef
		}
	}
	return x, nil
}
