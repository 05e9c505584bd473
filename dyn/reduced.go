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
}

// NewReduced allocates the workspace for a model with nvt tree velocities and mobility d.
func NewReduced(nvt, d int) *Reduced {
	return &Reduced{N: nvt, D: d,
		MT: make([]float64, nvt*nvt), HT: make([]float64, nvt),
		Mr: make([]float64, d*d), Hr: make([]float64, d),
		chol: make([]float64, d*d), me: make([]float64, nvt*d), mc: make([]float64, nvt)}
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
	// me = M_T E_T; mc = h_T + M_T c_T.
	for i := range n {
		mi := r.MT[i*n : i*n+n]
		row := r.me[i*nd : i*nd+nd]
		for k := range row {
			row[k] = 0
		}
		s := r.HT[i]
		for j, mij := range mi {
			if mij == 0 {
				continue
			}
			s += mij * c[j]
			ej := e.Data[j*e.Stride : j*e.Stride+nd]
			for k, x := range ej {
				row[k] += mij * x
			}
		}
		r.mc[i] = s
	}
	// Mr = E_Tᵀ me, Hr = E_Tᵀ mc.
	for a := range nd {
		for b := range nd {
			r.Mr[a*nd+b] = 0
		}
		r.Hr[a] = 0
	}
	for i := range n {
		ei := e.Data[i*e.Stride : i*e.Stride+nd]
		mei := r.me[i*nd : i*nd+nd]
		for a, x := range ei {
			if x == 0 {
				continue
			}
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
// reduced external effort not already in fext) of len D. It returns
// ErrReducedNotPositiveDefinite when M_r is not positive definite.
func (r *Reduced) Forward(tauR, udot []float64) error {
	nd := r.D
	if nd == 0 {
		return nil
	}
	copy(r.chol, r.Mr)
	if !dense.Cholesky(r.chol, nd) {
		return ErrReducedNotPositiveDefinite
	}
	for i := range nd {
		udot[i] = tauR[i] - r.Hr[i]
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
