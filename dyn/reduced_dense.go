package dyn

import (
	"fmt"

	"github.com/robocompiler/robocompiler/spatial"
	"gonum.org/v1/gonum/mat"
)

// DenseReducedDynamics is ReducedDynamics by dense products: M_T by CRBA into the N×N
// array and M_T E_T by scanning its rows. It is the test oracle of ReducedDynamics' structured
// path (equal to round-off) and fills the same fields (r must not be a tree form).
//
// It evaluates eq. 14 into r at the augmented configuration q (len NQ) and the
// feasible velocity v = E u (len NV). E is the lift (NV×D; its first NVT rows are E_T) and
// c the curvature Ė u (len NV; c_T = c[:NVT]). fext is nil or one body-frame spatial force
// per node as for RNEA; it enters h_T, so Hr = E_Tᵀ(h_T − τ_ext,T + M_T c_T) and the
// remaining right-hand side is the actuator term Lᵀf. M_T and h_T share one evaluation of
// the poses and twists, that of the workspace's last ForwardKinematics (as in
// kin.Data.Update) when no other evaluation came since and q's tree coordinates (for the
// twists also v's) are unchanged bit for bit.
func (d *Data) DenseReducedDynamics(r *Reduced, q, v []float64, E *mat.Dense, c []float64, fext []spatial.Vec6) {
	n, nd := r.N, r.D
	if n != d.m.NVT {
		panic(fmt.Sprintf("dyn: DenseReducedDynamics: r.N = %d; want NVT = %d", n, d.m.NVT))
	}
	d.checkQ("dyn: DenseReducedDynamics", q)
	d.checkV("dyn: DenseReducedDynamics", "v", v)
	d.checkV("dyn: DenseReducedDynamics", "c", c)
	d.checkF("dyn: DenseReducedDynamics", fext)
	if r.Tree {
		panic("dyn: DenseReducedDynamics: r is a tree form (no dense M_T)")
	}
	d.kinematicsFor(q, v)
	d.crba(r.MT)
	d.rnea(q, v, nil, fext, r.HT)
	if nd == 0 {
		return
	}
	e := E.RawMatrix()
	if e.Cols != nd || e.Rows < n {
		panic(fmt.Sprintf("dyn: DenseReducedDynamics: E is %d×%d; want at least %d×%d", e.Rows, e.Cols, n, nd))
	}
	// The nonzero pattern of E_T, row by row (E is block sparse: an independent coordinate
	// reaches the coordinates of its own dependency modules only).
	nz := r.pattern(e, n, nd)
	if r.identity && (r.tree == nil || r.tree.N != n) {
		r.tree = d.NewTreeMatrix() // once per workspace
	}
	// me = M_T E_T; mc = h_T + M_T c_T (zero products skipped: the same sums).
	for i := range n {
		mi := r.MT[i*n : i*n+n]
		row := r.me[i*nd : i*nd+nd]
		clear(row)
		s := r.HT[i]
		for j, mij := range mi {
			if mij == 0 {
				continue
			}
			s += mij * c[j]
			ej := e.Data[j*e.Stride : j*e.Stride+nd]
			for _, k := range nz[r.eoff[j]:r.eoff[j+1]] {
				row[k] += mij * ej[k]
			}
		}
		r.mc[i] = s
	}
	r.project(e, n, nd)
}
