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
// swapped with row k). The solves read compressed copies: the nonzero off-diagonal
// entries of row i of L are l.val[l.ptr[i]:l.ptr[i+1]] in columns l.col[...] of the same
// range, likewise for U, and diag holds U's diagonal.
type lu struct {
	a    blas64.General
	ipiv []int
	l, u sparseRows
	diag []float64
	rows []int // factor scratch: the rows below the pivot with a nonzero in its column
	// lo and hi give, per index k, the extent [lo[k], hi[k]) of the diagonal block of
	// row and column k when the matrix is block diagonal with square blocks (nil: one
	// block); the factorisation then never leaves the blocks.
	lo, hi []int
}

// sparseRows holds the nonzero entries of the rows of a matrix, row after row.
type sparseRows struct {
	ptr []int
	col []int
	val []float64
}

// newLU allocates the factorisation of an n×n matrix.
func newLU(n int) *lu {
	rows := func() sparseRows {
		return sparseRows{ptr: make([]int, n+1), col: make([]int, n*n), val: make([]float64, n*n)}
	}
	return &lu{a: blas64.General{Rows: n, Cols: n, Stride: max(n, 1), Data: make([]float64, n*n)},
		ipiv: make([]int, n), l: rows(), u: rows(), diag: make([]float64, n), rows: make([]int, n)}
}

// factor factorises the matrix in f.a in place, visiting only the rows with a nonzero
// multiplier and the nonzero columns of the pivot row. It returns false, leaving f.a
// partially factored, when a pivot column is exactly zero.
func (f *lu) factor() bool {
	a, n, s := f.a.Data, f.a.Rows, f.a.Stride
	nu := 0
	for k := range n {
		lo, hi := f.extent(k)
		// Pivot search, collecting the rows below k with a nonzero in column k.
		p, best := k, math.Abs(a[k*s+k])
		rows := f.rows[:0]
		for i := k + 1; i < hi; i++ {
			if x := a[i*s+k]; x != 0 {
				rows = append(rows, i)
				if v := math.Abs(x); v > best {
					p, best = i, v
				}
			}
		}
		f.ipiv[k] = p
		if best == 0 {
			return false
		}
		rk := a[k*s : k*s+n]
		if p != k {
			rp := a[p*s+lo : p*s+hi]
			// Row p now holds the old row k: it stays in the list only if that has a nonzero.
			if rk[k] == 0 {
				for q, i := range rows {
					if i == p {
						rows = append(rows[:q], rows[q+1:]...)
						break
					}
				}
			}
			for j, x := range rk[lo:hi] {
				rk[lo+j], rp[j] = rp[j], x
			}
		}
		// Row k of U is final: record its nonzeros right of the diagonal.
		f.diag[k] = rk[k]
		f.u.ptr[k] = nu
		for j := k + 1; j < hi; j++ {
			if rk[j] != 0 {
				f.u.col[nu], f.u.val[nu] = j, rk[j]
				nu++
			}
		}
		cols := f.u.col[f.u.ptr[k]:nu]
		for _, i := range rows {
			ri := a[i*s : i*s+n]
			l := ri[k] / rk[k]
			ri[k] = l
			for _, j := range cols {
				ri[j] -= l * rk[j]
			}
		}
	}
	f.u.ptr[n] = nu
	// L's rows are final only now (the interchanges move them).
	nl := 0
	for i := range n {
		f.l.ptr[i] = nl
		lo, _ := f.extent(i)
		for j, x := range a[i*s+lo : i*s+i] {
			if x != 0 {
				f.l.col[nl], f.l.val[nl] = lo+j, x
				nl++
			}
		}
	}
	f.l.ptr[n] = nl
	return true
}

// extent returns the diagonal block [lo, hi) of index k.
func (f *lu) extent(k int) (lo, hi int) {
	if f.hi == nil {
		return 0, f.a.Rows
	}
	return f.lo[k], f.hi[k]
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

// row returns the columns and values of the nonzeros of row i.
func (r *sparseRows) row(i int) ([]int, []float64) {
	v := r.val[r.ptr[i]:r.ptr[i+1]]
	return r.col[r.ptr[i]:r.ptr[i+1]][:len(v)], v
}

// triSolve overwrites b (n × nrhs) with U⁻¹·L⁻¹·b (no interchanges). It sweeps whole
// rows of b (contiguous), subtracting each nonzero's multiple of an earlier row; every
// entry sees the same operations in the same order as a column-by-column substitution.
func (f *lu) triSolve(b blas64.General) {
	n, bs, nc := f.a.Rows, b.Stride, b.Cols
	if nc == 1 {
		f.triSolveVec(b.Data, bs)
		return
	}
	for i := range n {
		cols, vals := f.l.row(i)
		xi := b.Data[i*bs : i*bs+nc : i*bs+nc]
		for k, j := range cols {
			v, xj := vals[k], b.Data[j*bs:j*bs+nc:j*bs+nc]
			for c := range xi {
				xi[c] -= v * xj[c]
			}
		}
	}
	for i := n - 1; i >= 0; i-- {
		cols, vals := f.u.row(i)
		xi := b.Data[i*bs : i*bs+nc : i*bs+nc]
		for k, j := range cols {
			v, xj := vals[k], b.Data[j*bs:j*bs+nc:j*bs+nc]
			for c := range xi {
				xi[c] -= v * xj[c]
			}
		}
		d := f.diag[i]
		for c := range xi {
			xi[c] /= d
		}
	}
}

// triSolveVec is triSolve for one right-hand side x (entries x[i*stride]).
func (f *lu) triSolveVec(x []float64, stride int) {
	n := f.a.Rows
	for i := range n {
		cols, vals := f.l.row(i)
		t := x[i*stride]
		for k, j := range cols {
			t -= vals[k] * x[j*stride]
		}
		x[i*stride] = t
	}
	for i := n - 1; i >= 0; i-- {
		cols, vals := f.u.row(i)
		t := x[i*stride]
		for k, j := range cols {
			t -= vals[k] * x[j*stride]
		}
		x[i*stride] = t / f.diag[i]
	}
}

// triSolveT overwrites x (len n) with L⁻ᵀ·U⁻ᵀ·x (no interchanges).
func (f *lu) triSolveT(x []float64) {
	n := f.a.Rows
	for i := range n {
		x[i] /= f.diag[i]
		xi := x[i]
		cols, vals := f.u.row(i)
		for k, j := range cols {
			x[j] -= vals[k] * xi
		}
	}
	for i := n - 1; i > 0; i-- {
		xi := x[i]
		cols, vals := f.l.row(i)
		for k, j := range cols {
			x[j] -= vals[k] * xi
		}
	}
}

// solveT overwrites x (len n) with A⁻ᵀ·x = Pᵀ·L⁻ᵀ·U⁻ᵀ·x.
func (f *lu) solveT(x []float64) {
	f.triSolveT(x)
	for k := len(f.ipiv) - 1; k >= 0; k-- {
		if q := f.ipiv[k]; q != k {
			x[k], x[q] = x[q], x[k]
		}
	}
}

// factors is a factorisation of a square matrix A: the general sparse-aware lu or the
// bordered block-diagonal one.
type factors interface {
	// solve overwrites b (n × nrhs) with A⁻¹·b.
	solve(b blas64.General)
	// solveT overwrites x (len n) with A⁻ᵀ·x.
	solveT(x []float64)
	// sign returns the sign of det A (+1 or -1; 0 when a pivot is zero).
	sign() int
	// pivotRatio returns min |U_kk| / max |U_kk| over the pivots.
	pivotRatio() float64
	// rcond returns the estimate of 1/(‖A‖₁·‖A⁻¹‖₁) for anorm = ‖A‖₁ (work len ≥ 2n,
	// isgn len ≥ n).
	rcond(anorm float64, work []float64, isgn []int) float64
}

// rcond returns the reciprocal condition number 1/(‖A‖₁·‖A⁻¹‖₁) from the factors and
// anorm = ‖A‖₁ (see rcondEstimate), as Gecon does.
func (f *lu) rcond(anorm float64, work []float64, isgn []int) float64 {
	return rcondEstimate(f, f.a.Rows, anorm, work, isgn)
}

// solvePivoted overwrites x (len n) with U⁻¹·L⁻¹·x = A⁻¹·Pᵀ·x (no interchanges).
func (f *lu) solvePivoted(x []float64) { f.triSolveVec(x, 1) }

// solveTPivoted overwrites x (len n) with L⁻ᵀ·U⁻ᵀ·x = P·A⁻ᵀ·x (no interchanges).
func (f *lu) solveTPivoted(x []float64) { f.triSolveT(x) }

// pivotedSolver applies the factors of P·A = L·U without the interchanges: U⁻¹L⁻¹ and
// its transpose, whose 1-norm is that of A⁻¹.
type pivotedSolver interface {
	solvePivoted(x []float64)
	solveTPivoted(x []float64)
}

// rcondEstimate returns 1/(‖A‖₁·‖A⁻¹‖₁) for anorm = ‖A‖₁ and n × n A factored by f,
// estimating ‖A⁻¹‖₁ by LAPACK's Dlacn2 as Gecon does, from products with U⁻¹L⁻¹ and its
// transpose. It returns 0 when anorm is 0 or infinite or a solve overflows, and NaN for a
// NaN anorm. work has len ≥ 2n and isgn len ≥ n.
func rcondEstimate(f pivotedSolver, n int, anorm float64, work []float64, isgn []int) float64 {
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
			f.solvePivoted(x)
		default:
			f.solveTPivoted(x)
		}
		for _, xi := range x {
			if math.IsInf(xi, 0) || math.IsNaN(xi) {
				return 0
			}
		}
	}
}

// pivotRatio returns min |U_kk| / max |U_kk| over the pivots of the factorisation (1 for
// an empty matrix): a cheap indicator of a singular matrix, not a condition estimate.
func (f *lu) pivotRatio() float64 {
	lo, hi := math.Inf(1), 0.0
	for _, d := range f.diag {
		lo, hi = math.Min(lo, math.Abs(d)), math.Max(hi, math.Abs(d))
	}
	if hi == 0 {
		return 1
	}
	return lo / hi
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
