package closure

import (
	"math"

	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/lapack/gonum"
)

// The LU kernels below replace LAPACK's Getrf, Getrs and Gecon for the square blocks of
// closure Jacobians (tens of rows, mostly zeros). They work on row-major matrices like
// lapack64, skip zero entries, and allocate nothing; the factors and pivots follow
// Getrf's conventions.

// lu is an LU factorisation with partial pivoting, P·A = L·U, of a square matrix A held
// in place in a (L unit lower triangular below the diagonal, U upper; ipiv[k] is the row
// swapped with row k). The solves read a compressed copy: the nonzero off-diagonal
// entries of row i are vals[lo[i]:mid[i]] in L and vals[mid[i]:hi[i]] in U, in columns
// cols[...] of the same ranges, and diag holds U's diagonal.
type lu struct {
	a           blas64.General
	ipiv        []int
	cols        []int
	vals, diag  []float64
	lo, mid, hi []int
}

// newLU allocates the factorisation of an n×n matrix.
func newLU(n int) *lu {
	return &lu{a: blas64.General{Rows: n, Cols: n, Stride: max(n, 1), Data: make([]float64, n*n)},
		ipiv: make([]int, n), cols: make([]int, n*n), vals: make([]float64, n*n), diag: make([]float64, n),
		lo: make([]int, n), mid: make([]int, n), hi: make([]int, n)}
}

// factor factorises the matrix in f.a in place. Zero multipliers and zero entries of the
// pivot row are skipped. It returns false, leaving f.a partially factored, when a pivot
// column is exactly zero.
func (f *lu) factor() bool {
	a, n := f.a.Data, f.a.Rows
	s := f.a.Stride
	for k := range n {
		p, best := k, math.Abs(a[k*s+k])
		for i := k + 1; i < n; i++ {
			if v := math.Abs(a[i*s+k]); v > best {
				p, best = i, v
			}
		}
		f.ipiv[k] = p
		if best == 0 {
			return false
		}
		rk := a[k*s : k*s+n]
		if p != k {
			rp := a[p*s : p*s+n]
			for j := range rk {
				rk[j], rp[j] = rp[j], rk[j]
			}
		}
		// The nonzero columns of the pivot row right of the diagonal (row k of U).
		cols := f.cols[:0]
		for j := k + 1; j < n; j++ {
			if rk[j] != 0 {
				cols = append(cols, j)
			}
		}
		for i := k + 1; i < n; i++ {
			ri := a[i*s : i*s+n]
			if ri[k] == 0 {
				continue
			}
			l := ri[k] / rk[k]
			ri[k] = l
			for _, j := range cols {
				ri[j] -= l * rk[j]
			}
		}
	}
	// Compress the nonzeros of L and U row by row.
	c := 0
	for i := range n {
		ri := a[i*s : i*s+n]
		f.lo[i] = c
		for j, x := range ri {
			if j == i {
				f.mid[i] = c
				f.diag[i] = x
			} else if x != 0 {
				f.cols[c], f.vals[c] = j, x
				c++
			}
		}
		f.hi[i] = c
	}
	return true
}

// solve overwrites b (n × nrhs) with A⁻¹·b.
func (f *lu) solve(b blas64.General) {
	for k, p := range f.ipiv {
		if p != k {
			rk, rp := b.Data[k*b.Stride:k*b.Stride+b.Cols], b.Data[p*b.Stride:p*b.Stride+b.Cols]
			for j := range rk {
				rk[j], rp[j] = rp[j], rk[j]
			}
		}
	}
	f.triSolve(b)
}

// triSolve overwrites b (n × nrhs) with U⁻¹·L⁻¹·b (no interchanges), one right-hand
// side at a time.
func (f *lu) triSolve(b blas64.General) {
	n, bs := f.a.Rows, b.Stride
	for c := range b.Cols {
		x := b.Data[c:]
		for i := range n {
			t := x[i*bs]
			vs := f.vals[f.lo[i]:f.mid[i]]
			for k, j := range f.cols[f.lo[i]:f.mid[i]][:len(vs)] {
				t -= vs[k] * x[j*bs]
			}
			x[i*bs] = t
		}
		for i := n - 1; i >= 0; i-- {
			t := x[i*bs]
			vs := f.vals[f.mid[i]:f.hi[i]]
			for k, j := range f.cols[f.mid[i]:f.hi[i]][:len(vs)] {
				t -= vs[k] * x[j*bs]
			}
			x[i*bs] = t / f.diag[i]
		}
	}
}

// triSolveT overwrites x (len n) with L⁻ᵀ·U⁻ᵀ·x (no interchanges).
func (f *lu) triSolveT(x []float64) {
	n := f.a.Rows
	for i := range n {
		x[i] /= f.diag[i]
		xi := x[i]
		vs := f.vals[f.mid[i]:f.hi[i]]
		for k, j := range f.cols[f.mid[i]:f.hi[i]][:len(vs)] {
			x[j] -= vs[k] * xi
		}
	}
	for i := n - 1; i > 0; i-- {
		xi := x[i]
		vs := f.vals[f.lo[i]:f.mid[i]]
		for k, j := range f.cols[f.lo[i]:f.mid[i]][:len(vs)] {
			x[j] -= vs[k] * xi
		}
	}
}

// rcond returns the reciprocal condition number 1/(‖A‖₁·‖A⁻¹‖₁) from the factors and
// anorm = ‖A‖₁, estimating ‖A⁻¹‖₁ by LAPACK's Dlacn2 as Gecon does. It returns 0 when
// anorm is 0 or infinite or a solve overflows, and NaN for a NaN anorm. work has
// len ≥ 2n and isgn len ≥ n.
func (f *lu) rcond(anorm float64, work []float64, isgn []int) float64 {
	n := f.a.Rows
	switch {
	case n == 0:
		return 1
	case math.IsNaN(anorm):
		return anorm
	case anorm == 0 || math.IsInf(anorm, 1):
		return 0
	}
	x, v := work[:n], work[n:2*n]
	var isave [3]int
	var est float64
	kase := 0
	for {
		est, kase = gonum.Implementation{}.Dlacn2(n, v, x, isgn, est, kase, &isave)
		switch kase {
		case 0:
			if est == 0 {
				return 0
			}
			return (1 / est) / anorm
		case 1:
			f.triSolve(blas64.General{Rows: n, Cols: 1, Stride: 1, Data: x})
		default:
			f.triSolveT(x)
		}
		for _, xi := range x {
			if math.IsInf(xi, 0) || math.IsNaN(xi) {
				return 0
			}
		}
	}
}

// sign returns the sign of det A (+1 or -1; 0 when a pivot is zero).
func (f *lu) sign() int {
	sign := 1
	for i, p := range f.ipiv {
		if p != i {
			sign = -sign
		}
		switch d := f.diag[i]; {
		case d < 0:
			sign = -sign
		case d == 0:
			return 0
		}
	}
	return sign
}
