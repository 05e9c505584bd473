package control

import "math"

// activeFactor is the Goldfarb–Idnani factorisation of the q active constraint normals
// N (n×q, each normal written in the "nᵀu ≥ c" sense): with W = L Lᵀ (L = Uᵀ for the
// Cholesky factor U of dense.Cholesky),
//
//	J = L⁻ᵀ Q,   Qᵀ L⁻¹ N = [R; 0],   hence Jᵀ N = [R; 0],
//
// Q orthogonal and R q×q upper triangular. The last n−q columns of J span the
// W-orthogonal complement of the active normals (primal step directions), and the first q
// give the dual directions through R. Both J and R are stored column-major in n×n buffers;
// they are updated only by Givens rotations, never refactored.
type activeFactor struct {
	n, q int
	j    []float64 // column c is j[c*n : c*n+n]
	r    []float64 // column c is r[c*n : c*n+n]; rows ≥ c+1 are zero
	// linv is ‖L⁻¹‖_F = √trace(W⁻¹) ≥ ‖L⁻¹‖₂: a change of a constraint normal by δn moves
	// its projection Jᵀn by at most linv·‖δn‖₂ (W⁻¹ metric).
	linv float64
}

// reset starts from an empty active set: J = L⁻ᵀ = U⁻¹ for the row-major upper
// Cholesky factor u (W = UᵀU).
func (f *activeFactor) reset(u []float64, n int) {
	f.n, f.q = n, 0
	invFactor(u, n, f.j[:n*n])
	clear(f.r[:n*n])
	f.linv = math.Sqrt(dot(f.j[:n*n], f.j[:n*n]))
}

// invFactor writes U⁻¹ (upper triangular) for the n×n row-major upper triangular u into jc,
// stored column-major (column c is jc[c*n : c*n+n]), by back substitution of U x = e_c for
// each column.
func invFactor(u []float64, n int, jc []float64) {
	for c := 0; c < n; c++ {
		col := jc[c*n : c*n+n]
		clear(col)
		col[c] = 1 / u[c*n+c]
		for i := c - 1; i >= 0; i-- {
			s := 0.0
			for k := i + 1; k <= c; k++ {
				s -= u[i*n+k] * col[k]
			}
			col[i] = s / u[i*n+i]
		}
	}
}

// independent reports whether a normal n with ‖n‖₂² = nn, whose projection has the part
// ‖d₂‖² = dd2 outside the span of the active normals (primalDir), is numerically
// independent of them: ‖d₂‖ must exceed what a perturbation of n's entries by depTol·‖n‖₂
// could produce, depTol·‖n‖₂·‖L⁻¹‖_F. A smaller d₂ cannot be told apart from rounding
// in the constraint data; treating it as independent would take a primal step of size
// ∝ 1/‖d₂‖ (and multipliers ∝ 1/‖d₂‖²) through the rounding errors.
func (f *activeFactor) independent(dd2, nn float64) bool {
	tol := depTol * f.linv
	return dd2 > tol*tol*nn
}

// project sets d = Jᵀ np (length n).
func (f *activeFactor) project(np, d []float64) {
	n := f.n
	for c := 0; c < n; c++ {
		d[c] = dot(f.j[c*n:c*n+n], np)
	}
}

// primalDir sets z = J₂ d₂ = Σ_{c≥q} d_c J_c, the step direction in u that keeps the active
// constraints unchanged, and returns ‖d₂‖² = zᵀ W z = zᵀ np.
func (f *activeFactor) primalDir(d, z []float64) float64 {
	n, q := f.n, f.q
	clear(z[:n])
	ss := 0.0
	for c := q; c < n; c++ {
		dc := d[c]
		if dc == 0 {
			continue
		}
		ss += dc * dc
		axpy(dc, f.j[c*n:c*n+n], z[:n])
	}
	return ss
}

// dualDir solves R r = d₁ (the first q entries of d) by back substitution: r is the rate at
// which the active multipliers decrease per unit increase of the new multiplier.
func (f *activeFactor) dualDir(d, r []float64) {
	n, q := f.n, f.q
	copy(r[:q], d[:q])
	for i := q - 1; i >= 0; i-- {
		col := f.r[i*n : i*n+i+1]
		r[i] /= col[i]
		ri := r[i]
		for k := 0; k < i; k++ {
			r[k] -= col[k] * ri
		}
	}
}

// solveRT overwrites the first q entries of y with the solution of Rᵀ y = y (forward
// substitution).
func (f *activeFactor) solveRT(y []float64) {
	n, q := f.n, f.q
	for i := 0; i < q; i++ {
		col := f.r[i*n : i*n+i+1]
		y[i] = (y[i] - dot(col[:i], y[:i])) / col[i]
	}
}

// add appends the normal whose projection is d = Jᵀ np: rotations zero d[q+1:] (mixing
// the corresponding columns of J) and the remaining d[:q+1] becomes column q of R.
// The caller must ensure d₂ ≠ 0 (q < n and the normal independent of the active ones).
func (f *activeFactor) add(d []float64) {
	n, q := f.n, f.q
	for c := n - 1; c > q; c-- {
		b := d[c]
		if b == 0 {
			continue
		}
		a := d[c-1]
		h := math.Hypot(a, b)
		cs, sn := a/h, b/h
		d[c-1], d[c] = h, 0
		rotate(f.j[(c-1)*n:c*n], f.j[c*n:c*n+n], cs, sn)
	}
	col := f.r[q*n : q*n+n]
	copy(col[:q+1], d[:q+1])
	clear(col[q+1:])
	f.q++
}

// drop removes active normal k (0 ≤ k < q): the columns of R right of k shift left, and the
// resulting upper-Hessenberg part is re-triangularised by rotations of adjacent rows of R,
// applied to the same adjacent columns of J.
func (f *activeFactor) drop(k int) {
	n, q := f.n, f.q
	for c := k; c < q-1; c++ {
		copy(f.r[c*n:c*n+c+2], f.r[(c+1)*n:(c+1)*n+c+2])
	}
	clear(f.r[(q-1)*n : q*n])
	for c := k; c < q-1; c++ {
		a, b := f.r[c*n+c], f.r[c*n+c+1]
		if b == 0 {
			continue
		}
		h := math.Hypot(a, b)
		cs, sn := a/h, b/h
		f.r[c*n+c], f.r[c*n+c+1] = h, 0
		for cc := c + 1; cc < q-1; cc++ {
			x, y := f.r[cc*n+c], f.r[cc*n+c+1]
			f.r[cc*n+c], f.r[cc*n+c+1] = cs*x+sn*y, -sn*x+cs*y
		}
		rotate(f.j[c*n:(c+1)*n], f.j[(c+1)*n:(c+2)*n], cs, sn)
	}
	f.q--
}

// rotate applies the plane rotation (x, y) ← (c x + s y, −s x + c y) elementwise.
func rotate(x, y []float64, c, s float64) {
	y = y[:len(x)]
	for i, xi := range x {
		yi := y[i]
		x[i] = c*xi + s*yi
		y[i] = -s*xi + c*yi
	}
}

func dot(x, y []float64) float64 {
	y = y[:len(x)]
	s := 0.0
	for i, v := range x {
		s += v * y[i]
	}
	return s
}

func axpy(a float64, x, y []float64) {
	y = y[:len(x)]
	for i, v := range x {
		y[i] += a * v
	}
}
