package dyn

import (
	"errors"
	"fmt"

	"github.com/robocompiler/robocompiler/internal/dense"
	"github.com/robocompiler/robocompiler/spatial"
	"gonum.org/v1/gonum/mat"
)

// ErrReducedNotPositiveDefinite reports a reduced inertia M_r that Cholesky factorisation
// rejects (a pivot not above D·ε times its diagonal entry; see dense.Cholesky): the lift E_T has lost column rank or the image of E_T carries no inertia (an
// auxiliary gauge freedom that must be removed before an inertia inverse is used).
var ErrReducedNotPositiveDefinite = errors.New("dyn: reduced inertia M_r = E_Tᵀ M_T E_T is not positive definite (lift rank loss or a massless independent direction)")

// Reduced is the reduced dynamics of eq. 14 at one state, for a lift with D independent
// speeds:
//
//	M_r u̇ + h_r = L^T f + τ_r,ext,   M_r = E_Tᵀ M_T E_T,   h_r = E_Tᵀ (h_T + M_T c_T)
//
// It is a caller-owned workspace: Data.ReducedDynamics fills it, Forward and Inverse use it,
// and none of them allocates.
type Reduced struct {
	// N is the tree velocity size NVT and D the mobility.
	N, D int
	// MT (N×N row-major) and HT (len N) are the tree mass matrix and bias h_T − Σ Jᵀ fext.
	MT, HT []float64
	// Mr (D×D row-major) and Hr (len D) are the reduced inertia and bias.
	Mr, Hr []float64

	chol []float64 // Cholesky factor of Mr (upper), valid after Forward
	me   []float64 // M_T E_T, N×D
	mc   []float64 // h_T + M_T c_T, len N
	enz  []int32   // column indices of the nonzero entries of E_T, row by row (cap N·D)
	eoff []int     // row offsets into enz, len N+1
	// identity reports that E_T was the identity at the last ReducedDynamics (a loop-free
	// model: M_r = M_T), so Forward factors M_r along the tree (tree, LTDL) in O(N·depth)
	// instead of a dense Cholesky.
	identity bool
	tree     *TreeMatrix
}

// NewReduced allocates the workspace for a model with nvt tree velocities and mobility d.
func NewReduced(nvt, d int) *Reduced {
	return &Reduced{N: nvt, D: d,
		MT: make([]float64, nvt*nvt), HT: make([]float64, nvt),
		Mr: make([]float64, d*d), Hr: make([]float64, d),
		chol: make([]float64, d*d), me: make([]float64, nvt*d), mc: make([]float64, nvt),
		enz: make([]int32, 0, nvt*d), eoff: make([]int, nvt+1)}
}

// ReducedDynamics evaluates eq. 14 into r at the augmented configuration q (len NQ) and the
// feasible velocity v = E u (len NV). E is the lift (NV×D; its first NVT rows are E_T) and
// c the curvature Ė u (len NV; c_T = c[:NVT]). fext is nil or one body-frame spatial force
// per node as for RNEA; it enters h_T, so Hr = E_Tᵀ(h_T − τ_ext,T + M_T c_T) and the
// remaining right-hand side is the actuator term Lᵀf. M_T and h_T share one evaluation of
// the poses and twists, that of the workspace's last ForwardKinematics (as in
// kin.Data.Update) when no other evaluation came since and q's tree coordinates (for the
// twists also v's) are unchanged bit for bit.
func (d *Data) ReducedDynamics(r *Reduced, q, v []float64, E *mat.Dense, c []float64, fext []spatial.Vec6) {
	n, nd := r.N, r.D
	if n != d.m.NVT {
		panic(fmt.Sprintf("dyn: ReducedDynamics: r.N = %d; want NVT = %d", n, d.m.NVT))
	}
	d.checkQ("dyn: ReducedDynamics", q)
	d.checkV("dyn: ReducedDynamics", "v", v)
	d.checkV("dyn: ReducedDynamics", "c", c)
	d.checkF("dyn: ReducedDynamics", fext)
	d.kinematicsFor(q, v)
	d.crba(r.MT)
	d.rnea(q, v, nil, fext, r.HT)
	if nd == 0 {
		return
	}
	e := E.RawMatrix()
	if e.Cols != nd || e.Rows < n {
		panic(fmt.Sprintf("dyn: ReducedDynamics: E is %d×%d; want at least %d×%d", e.Rows, e.Cols, n, nd))
	}
	// The nonzero pattern of E_T, row by row (E is block sparse: an independent coordinate
	// reaches the coordinates of its own dependency modules only).
	nz := r.enz[:0]
	for j := range n {
		for k, x := range e.Data[j*e.Stride : j*e.Stride+nd] {
			if x != 0 {
				nz = append(nz, int32(k))
			}
		}
		r.eoff[j+1] = len(nz)
	}
	r.enz = nz
	r.identity = nd == n && len(nz) == n
	for j := 0; r.identity && j < n; j++ {
		r.identity = nz[j] == int32(j) && e.Data[j*e.Stride+j] == 1
	}
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
	// Mr = E_Tᵀ me, Hr = E_Tᵀ mc.
	clear(r.Mr)
	clear(r.Hr)
	for i := range n {
		ei := e.Data[i*e.Stride : i*e.Stride+nd]
		mei := r.me[i*nd : i*nd+nd]
		for _, a32 := range nz[r.eoff[i]:r.eoff[i+1]] {
			a := int(a32)
			x := ei[a]
			r.Hr[a] += x * r.mc[i]
			row := r.Mr[a*nd : a*nd+nd]
			for b, y := range mei {
				row[b] += x * y
			}
		}
	}
	// Symmetrise against round-off.
	for a := range nd {
		for b := a + 1; b < nd; b++ {
			s := 0.5 * (r.Mr[a*nd+b] + r.Mr[b*nd+a])
			r.Mr[a*nd+b], r.Mr[b*nd+a] = s, s
		}
	}
}

// Forward solves M_r u̇ = tauR − h_r for u̇ (len D) by Cholesky, with tauR = Lᵀf (plus any
// reduced external effort not already in fext) of len D. When the lift was the identity
// (a loop-free model, M_r = M_T) it factors M_r as Lᵀ D L along the tree instead
// (TreeMatrix.FactorLTDL: O(N·depth) rather than O(N³); equal to round-off). It returns
// ErrReducedNotPositiveDefinite when M_r is not positive definite.
func (r *Reduced) Forward(tauR, udot []float64) error {
	nd := r.D
	if nd == 0 {
		return nil
	}
	for i := range nd {
		udot[i] = tauR[i] - r.Hr[i]
	}
	if r.identity {
		// M_r = M_T: factor it along the tree (its entries off the tree pattern are 0).
		t := r.tree
		for k := range nd {
			p := t.Off[k]
			for i := k; i >= 0; i = t.parent[i] {
				t.Val[p] = r.Mr[i*nd+k]
				p++
			}
		}
		if !t.FactorLTDL() {
			return ErrReducedNotPositiveDefinite
		}
		t.SolveLTDL(udot[:nd])
		return nil
	}
	copy(r.chol, r.Mr)
	if !dense.Cholesky(r.chol, nd) {
		return ErrReducedNotPositiveDefinite
	}
	dense.CholeskySolve(r.chol, nd, udot)
	return nil
}

// Inverse returns in tauR (len D) the reduced effort M_r u̇ + h_r that produces the
// independent acceleration udot (len D).
func (r *Reduced) Inverse(udot, tauR []float64) {
	dense.MulVecAdd(r.Mr, r.D, udot[:r.D], r.Hr, tauR[:r.D])
}

// TreeAcceleration writes the augmented acceleration a = E u̇ + c (len NV) of a feasible
// motion with independent acceleration udot (len D), lift E (NV×D) and curvature c (len NV).
func TreeAcceleration(E *mat.Dense, c, udot, a []float64) {
	e := E.RawMatrix()
	dense.MulVecAdd(e.Data, e.Stride, udot, c, a)
}
