package kktref

import "errors"

// bigCholeskySolve solves A x = b for a symmetric positive definite k×k matrix A
// (row-major, only the lower triangle is read) by Cholesky factorisation A = L Lᵀ in
// extended precision. A is overwritten by L.
func bigCholeskySolve(A bigVec, b bigVec, k int) (bigVec, error) {
	t := newBig()
	for j := range k {
		d := &A[j*k+j]
		for p := range j {
			t.Mul(&A[j*k+p], &A[j*k+p])
			d.Sub(d, t)
		}
		if d.Sign() <= 0 {
			return nil, errors.New("kktref: reduced inertia ZᵀMZ is not positive definite")
		}
		d.Sqrt(d)
		for i := j + 1; i < k; i++ {
			e := &A[i*k+j]
			for p := range j {
				t.Mul(&A[i*k+p], &A[j*k+p])
				e.Sub(e, t)
			}
			e.Quo(e, d)
		}
	}
	x := newBigVec(k)
	for i := range k { // L z = b
		x[i].Set(&b[i])
		for p := range i {
			t.Mul(&A[i*k+p], &x[p])
			x[i].Sub(&x[i], t)
		}
		x[i].Quo(&x[i], &A[i*k+i])
	}
	for i := k - 1; i >= 0; i-- { // Lᵀ x = z
		for p := i + 1; p < k; p++ {
			t.Mul(&A[p*k+i], &x[p])
			x[i].Sub(&x[i], t)
		}
		x[i].Quo(&x[i], &A[i*k+i])
	}
	return x, nil
}
