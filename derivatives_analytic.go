package robocompiler

import (
	"github.com/robocompiler/robocompiler/closure"
	"github.com/robocompiler/robocompiler/dyn"
	"github.com/robocompiler/robocompiler/internal/dense"
	"github.com/robocompiler/robocompiler/spatial"
)

// analytic is the workspace of the analytic derivatives: the tree and closure workspaces
// with their tangent scratch, and the directional derivatives of one column.
type analytic struct {
	dd *dyn.Data
	tg *dyn.Tangent
	cd *closure.Data
	ct *closure.Tangent

	av, ej, dv, dc, da, col, psi []float64 // len NV
	dC, dCv                      []float64 // Rows × NV: δC along a_j, and along v
	dCjv                         []float64 // D × Rows: δC_j v per direction
	dg, gp, rhs, y               []float64 // len Rows
	tau, dt                      []float64 // len NVT
	xr                           []float64 // len D
}

// analyticCase reports whether d's model takes the analytic path (the tangent recursions
// cover its joints, its ports are joint ports, and Differences is not set), making the
// path's workspace on first use.
func (w *Derivatives) analyticCase(d *Data) bool {
	m := d.m
	if w.Differences {
		return false
	}
	for i := range m.Ports {
		if m.Ports[i].TwoPoint {
			return false
		}
	}
	if w.an == nil || w.an.dd.Model() != m.Model {
		dd, cd := dyn.NewData(m.Model), closure.NewData(m.Model)
		if !dd.TangentSupported() || !cd.TangentSupported() {
			return false
		}
		nv, nvt, n, r := m.NV, m.NVT, w.D, m.Rows
		vec := func(k int) []float64 { return make([]float64, k) }
		w.an = &analytic{dd: dd, tg: dd.NewTangent(), cd: cd, ct: cd.NewTangent(),
			av: vec(nv), ej: vec(nv), dv: vec(nv), dc: vec(nv), da: vec(nv), col: vec(nv), psi: vec(nv),
			dC: vec(r * nv), dCv: vec(r * nv), dCjv: vec(n * r), dg: vec(r), gp: vec(r), rhs: vec(r), y: vec(r),
			tau: vec(nvt), dt: vec(nvt), xr: vec(n)}
	}
	return true
}

// analyticPartials fills the configuration and speed partials of the forward dynamics
// (or, with inverse, of the inverse dynamics) at d's state with the efforts f, from the
// augmented acceleration a = E u̇ + c in an.av. With τ = RNEA(q, v, a) the reduced
// dynamics read E_Tᵀ τ = Lᵀ f; along a direction (configuration q_I,j: δq = E e_j,
// δv = δE u, δa = δE u̇ + δc; speed u_k: δq = 0, δv = E e_k, δa = δc)
//
//	E_Tᵀ δτ + δE_Tᵀ τ − δLᵀ f = −M_r δu̇   (forward)   or   = Lᵀ δf   (inverse),
//
// with δτ the tangent RNEA (dyn.Data.RNEATangent), δL = J_ℓ δE (joint ports), and the
// closure parts from C E = 0 and C c = −γ(q, E u):
//
//	C δE = −δC E,   C δc = −(δC c + ∂_qγ·δq + ∂_vγ·δv)
//
// solved on the partition's dependent block (closure.Lift.Curvature): δE is needed only
// as δE u, δE u̇ + δc (one solve each) and in the weighted sums zᵀ δE (one adjoint solve
// for all directions, closure.Lift.CurvatureAdjoint); δC and ∂_qγ·δq come from
// closure.Data.Tangent, as does ∂_vγ·δv. Nothing is differenced: the result is exact to
// round-off. M_r's Cholesky factor (forward) or Lᵀ's
// LU factors (inverse) are in w.mr.
func (w *Derivatives) analyticPartials(d *Data, f []float64, fext []spatial.Vec6, inverse bool) {
	an, m := w.an, d.m
	n, nv, nvt, rows, nf := w.D, m.NV, m.NVT, m.Rows, w.NF
	q, v := d.Q, d.V
	lift := d.Lift()
	e := lift.E.RawMatrix()
	jl := d.Kin.JEll.RawMatrix()
	an.dd.RNEA(q, v, an.av, fext, an.tau)
	an.dd.PrepareTangent(an.tg, v, an.av)
	if rows > 0 {
		an.cd.Drift(q, v)
		// δC along v itself: ∂_vγ·w = δC[w] v + δC[v] w for the quadratic drift, so the
		// speed directions w = E e_k need no pass of their own (δC[E e_k] v is δC_k v).
		an.cd.Tangent(an.ct, q, v, v, nil, an.dCv, an.dg)
	}
	outQ, outU := w.DUdotDq, w.DUdotDU
	if inverse {
		outQ, outU = w.DfDq, w.DfDU
	}
	// z weighs δE in the reduced equation: (δE_Tᵀ τ − δLᵀ f)_k = zᵀ δE e_k with
	// z = [τ; 0] − J_ℓᵀ f, and zᵀ δE e_k = yᵀ (δC E e_k) with y the adjoint solve.
	if rows > 0 {
		clear(an.col)
		copy(an.col, an.tau)
		for p := range nf {
			if f == nil || f[p] == 0 {
				continue
			}
			for i, x := range jl.Data[p*jl.Stride : p*jl.Stride+nv] {
				an.col[i] -= f[p] * x
			}
		}
		lift.CurvatureAdjoint(an.col, an.y)
	}
	for j := range n {
		for i := range nv {
			an.ej[i] = e.Data[i*e.Stride+j]
		}
		clear(an.dv)
		clear(an.da)
		clear(an.psi)
		if rows > 0 {
			// δC, ∂_qγ·a_j; then δv = δE u = Curvature(δC v), ψ = yᵀ δC, and
			// δa = δE u̇ + δc = Curvature(δC a + ∂_qγ·δq + ∂_vγ·δv) with a = E u̇ + c.
			an.cd.Tangent(an.ct, q, v, an.ej, nil, an.dC, an.dg)
			for r := range rows {
				row := an.dC[r*nv : r*nv+nv]
				sv, sa, yr := 0.0, an.dg[r], an.y[r]
				for i, x := range row {
					if x != 0 {
						sv += x * v[i]
						sa += x * an.av[i]
						an.psi[i] += yr * x
					}
				}
				an.gp[r], an.rhs[r] = sv, sa
				an.dCjv[j*rows+r] = sv
			}
			lift.Curvature(an.gp, an.dv)
			an.cd.Tangent(an.ct, q, v, nil, an.dv, nil, an.gp) // ∂_vγ·δv
			for r := range rows {
				an.rhs[r] += an.gp[r]
			}
			lift.Curvature(an.rhs, an.da)
		}
		an.dd.RNEATangent(an.tg, an.ej, an.dv, an.da, an.dt)
		for k := range n {
			s := 0.0
			for i := range nv {
				ek := e.Data[i*e.Stride+k]
				if ek == 0 {
					continue
				}
				s += ek * an.psi[i]
				if i < nvt {
					s += ek * an.dt[i]
				}
			}
			an.xr[k] = s
		}
		w.reducedSolve(inverse, outQ, j)
	}
	for k := range n {
		for i := range nv {
			an.ej[i] = e.Data[i*e.Stride+k]
		}
		clear(an.dc)
		if rows > 0 {
			for r := range rows { // ∂_vγ·E e_k = δC_k v + δC[v] E e_k
				s := an.dCjv[k*rows+r]
				for i, x := range an.dCv[r*nv : r*nv+nv] {
					if x != 0 {
						s += x * an.ej[i]
					}
				}
				an.gp[r] = s
			}
			lift.Curvature(an.gp, an.dc)
		}
		an.dd.RNEATangent(an.tg, nil, an.ej, an.dc, an.dt)
		for kk := range n {
			s := 0.0
			for i := range nvt {
				s += e.Data[i*e.Stride+kk] * an.dt[i]
			}
			an.xr[kk] = s
		}
		w.reducedSolve(inverse, outU, k)
	}
}

// reducedSolve writes column j of out (D columns): −M_r⁻¹ xr (forward) or L⁻ᵀ xr
// (inverse).
func (w *Derivatives) reducedSolve(inverse bool, out []float64, j int) {
	n, x := w.D, w.an.xr
	if inverse {
		dense.LUSolve(w.mr, n, w.piv, x)
	} else {
		dense.CholeskySolve(w.mr, n, x)
		for i := range x {
			x[i] = -x[i]
		}
	}
	for i, y := range x {
		out[i*n+j] = y
	}
}
