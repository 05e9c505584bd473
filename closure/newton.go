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
}

func newNewton(m *compile.Model, rows, cols, check []int) *newton {
	n := len(rows)
	return &newton{m: m, rows: rows, cols: cols, check: check, rs: RowScales(m),
		lu: newLU(n), b: blas64.General{Rows: n, Cols: 1, Stride: 1, Data: make([]float64, n)},
		dv: make([]float64, m.NV), save: make([]float64, m.NQ), maxIt: 10}
}

// correct runs Newton iterations on q in place until the selected rows reach
// CorrectTol; it returns the iterations used and whether every checked row is then
// within GapTol. lastResidual is the largest checked residual (m or rad) at the last
// iterate. On failure q is restored.
func (n *newton) correct(d *Data, q []float64) (int, bool) {
	copy(n.save, q)
	for it := 0; it <= n.maxIt; it++ {
		d.Jacobian(q)
		n.lastResidual, _ = maxResidual(d.Rho, n.check, nil)
		if sel, _ := maxResidual(d.Rho, n.rows, n.rs); sel <= CorrectTol {
			if n.lastResidual <= GapTol {
				return it, true
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
	return n.maxIt, false
}
