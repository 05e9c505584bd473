package closure

import (
	"github.com/robocompiler/robocompiler/compile"
	"gonum.org/v1/gonum/blas/blas64"
)

// CorrectTol is the scaled residual of the selected rows (in units of the declared
// scales) at which a tracking or modular Newton correction has converged; the correction
// is then accepted when every checked row is within GapTol (metres and radians). The
// rows outside the selection follow the selected ones and are not iterated on: a row
// that is redundant only to round-off keeps a residual Newton cannot reduce.
const CorrectTol = 1e-13

// chordRetry is the number of corrections a corrector makes with full Newton after a
// simplified Newton correction needed more than its budget, before it tries the reused
// factors again (the step sizes that made them too coarse tend to persist).
const chordRetry = 16

// maxChord is the most simplified Newton iterations of one correction. A residual costs
// about two thirds of a residual with its Jacobian, so a second simplified iteration
// would already cost about what the full Newton step (Jacobian, LU) it replaces does.
const maxChord = 1

// newton is the PACDM corrector on a square system: the selected rows over the dependent
// columns, holding every other coordinate. Its buffers are allocated once.
type newton struct {
	m            *compile.Model
	rows, cols   []int
	check        []int // rows whose residual must be within GapTol
	rs           []float64
	lu           *lu // the selected rows over the dependent columns, then their factors
	b            blas64.General
	dv, save     []float64
	maxIt        int
	lastResidual float64
	fullFor      int // corrections left that skip the simplified iterations (chordRetry)
}

func newNewton(m *compile.Model, rows, cols, check []int) *newton {
	n := len(rows)
	return &newton{m: m, rows: rows, cols: cols, check: check, rs: RowScales(m),
		lu: newLU(n), b: blas64.General{Rows: n, Cols: 1, Stride: 1, Data: make([]float64, n)},
		dv: make([]float64, m.NV), save: make([]float64, m.NQ), maxIt: maxNewton}
}

// correct runs Newton iterations on q in place until the selected rows reach
// CorrectTol; it returns the iterations used and whether every checked row is then
// within GapTol. lastResidual is the largest checked residual (m or rad) at the last
// iterate. On failure q is restored. On success the workspace holds rho and C at q.
func (n *newton) correct(d *Data, q []float64) (int, bool) {
	copy(n.save, q)
	return n.full(d, q, 0, false)
}

// correctChord is correct that first iterates with the factors of l, the lift of the
// corrector's own partition (its scaled R_p: the same rows and columns in the same
// order), evaluated at a nearby configuration — the tracker's configuration at the start
// of the step. Such a simplified (chord) Newton iteration needs the residual only, not
// the Jacobian and its LU. Its residuals contract linearly, by a ratio that grows with
// the distance from where l was factored, so it pays only when it converges within
// maxChord iterations (small steps, as in a rollout); otherwise the Jacobian is completed
// at the current iterate (reusing its placement) and full Newton takes over, and the
// next chordRetry corrections use full Newton directly. Both stop at the same CorrectTol and
// GapTol; on success the workspace holds rho and C at q, as after correct.
func (n *newton) correctChord(d *Data, q []float64, l *Lift) (int, bool) {
	copy(n.save, q)
	if len(n.cols) == 0 || l.P.Rank == 0 || l.P.Mobility == 0 || l.RCond < SingularTol || n.fullFor > 0 {
		n.fullFor = max(n.fullFor-1, 0)
		return n.full(d, q, 0, false) // no factors to reuse (none made, R_p singular there), or not now
	}
	d.Residual(q)
	prev := 0.0
	for it := 0; ; it++ {
		sel, _ := maxResidual(d.Rho, n.rows, n.rs)
		if sel <= CorrectTol {
			n.complete(d, q) // C at q for the caller's lift
			n.lastResidual, _ = maxResidual(d.Rho, n.check, nil)
			if n.lastResidual <= GapTol {
				return it, true
			}
			copy(q, n.save)
			return it, false
		}
		if it >= maxChord {
			n.fullFor = chordRetry
			if !(sel < prev) { // not contracting: full Newton from the start
				copy(q, n.save)
				return n.full(d, q, it, false)
			}
			n.complete(d, q)
			return n.full(d, q, it, true)
		}
		prev = sel
		// The lift's factors (l.lu: the general or the bordered LU) take its rows and give
		// its dependent columns in its own order (l.rows, l.dep: grouped by block when R_p
		// is block diagonal, by leg with the border last when it is bordered).
		rs, cs := l.P.rowScale, l.P.colScale
		for i, r := range l.rows {
			n.b.Data[i] = -d.Rho[r] * rs[r]
		}
		l.lu.solve(n.b)
		for k, c := range l.dep {
			n.dv[c] = n.b.Data[k] * cs[c]
		}
		n.m.Integrate(q, n.dv, 1, q)
		for _, c := range l.dep {
			n.dv[c] = 0
		}
		d.Residual(q)
	}
}

// full runs full Newton iterations (the Jacobian and its LU at every iterate) on q in
// place, counting from iteration it0; evaluated says the workspace already holds rho and
// C at q. On failure q is restored from n.save.
func (n *newton) full(d *Data, q []float64, it0 int, evaluated bool) (int, bool) {
	for it := 0; it <= n.maxIt; it++ {
		if !evaluated || it > 0 {
			d.Jacobian(q)
		}
		n.lastResidual, _ = maxResidual(d.Rho, n.check, nil)
		if sel, _ := maxResidual(d.Rho, n.rows, n.rs); sel <= CorrectTol {
			if n.lastResidual <= GapTol {
				return it0 + it, true
			}
			break
		}
		if it == n.maxIt || len(n.cols) == 0 {
			break
		}
		raw := d.C.RawMatrix()
		for i, r := range n.rows {
			for k, c := range n.cols {
				n.lu.a.Data[i*n.lu.a.Stride+k] = raw.Data[r*raw.Stride+c]
			}
			n.b.Data[i] = -d.Rho[r]
		}
		if !n.lu.factor() {
			break
		}
		n.lu.solve(n.b)
		for k, c := range n.cols {
			n.dv[c] = n.b.Data[k]
		}
		n.m.Integrate(q, n.dv, 1, q)
		for _, c := range n.cols {
			n.dv[c] = 0
		}
	}
	copy(q, n.save)
	return it0 + n.maxIt, false
}

// complete evaluates C at q after a Residual at the same q, reusing its placement (the
// difference-Jacobian baseline evaluates afresh).
func (n *newton) complete(d *Data, q []float64) {
	if d.fdJacobian {
		d.Jacobian(q)
		return
	}
	d.eval(q, nil, true, true)
}
