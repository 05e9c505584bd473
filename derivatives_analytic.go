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

	av, ej, dv, dc, da, vp, col []float64 // len NV
	dE                          []float64 // NV × D
	dC                          []float64 // Rows × NV
	dg, gp, rhs                 []float64 // len Rows
	tau, dt                     []float64 // len NVT
	xr                          []float64 // len D
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
			av: vec(nv), ej: vec(nv), dv: vec(nv), dc: vec(nv), da: vec(nv), vp: vec(nv), col: vec(nv),
			dE: vec(nv * n), dC: vec(r * nv), dg: vec(r), gp: vec(r), rhs: vec(r),
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
// solved on the partition's dependent block (closure.Lift.Curvature), δC and ∂_qγ·δq by
// closure.Data.Tangent and ∂_vγ·δv by polarisation of the quadratic drift. Nothing is
// differenced: the result is exact to round-off. M_r's Cholesky factor (forward) or Lᵀ's
// LU factors (inverse) are in w.mr.
func (w *Derivatives) analyticPartials(d *Data, f []float64, fext []spatial.Vec6, inverse bool) {
	an, m := w.an, d.m
	n, nv, nvt, rows, nf := w.D, m.NV, m.NVT, m.Rows, w.NF
	q, v, u, ud, c := d.Q, d.V, d.U, d.Udot, d.Curv
	lift := d.Lift()
	e := lift.E.RawMatrix()
	jl := d.Kin.JEll.RawMatrix()
	an.dd.RNEA(q, v, an.av, fext, an.tau)
	if rows > 0 {
		an.cd.Drift(q, v)
	}
	outQ, outU := w.DUdotDq, w.DUdotDU
	if inverse {
		outQ, outU = w.DfDq, w.DfDU
	}
	for j := range n {
		for i := range nv {
			an.ej[i] = e.Data[i*e.Stride+j]
		}
		clear(an.dE)
		clear(an.dv)
		clear(an.da)
		if rows > 0 {
			an.cd.Tangent(an.ct, q, v, an.ej, an.dC, an.dg)
			for k := range n {
				for r := range rows {
					row := an.dC[r*nv : r*nv+nv]
					s := 0.0
					for i, x := range row {
						if x != 0 {
							s += x * e.Data[i*e.Stride+k]
						}
					}
					an.gp[r] = s
				}
				lift.Curvature(an.gp, an.col) // δE e_k
				for i, x := range an.col {
					an.dE[i*n+k] = x
				}
			}
			for i := range nv {
				s := 0.0
				for k := range n {
					s += an.dE[i*n+k] * u[k]
				}
				an.dv[i] = s
			}
			an.polarize(q, v, an.dv)
			for r := range rows {
				row := an.dC[r*nv : r*nv+nv]
				s := an.dg[r] + an.gp[r]
				for i, x := range row {
					if x != 0 {
						s += x * c[i]
					}
				}
				an.rhs[r] = s
			}
			lift.Curvature(an.rhs, an.dc)
			for i := range nv {
				s := an.dc[i]
				for k := range n {
					s += an.dE[i*n+k] * ud[k]
				}
				an.da[i] = s
			}
		}
		an.dd.RNEATangent(an.tg, v, an.av, an.ej, an.dv, an.da, an.dt)
		for k := range n {
			s := 0.0
			for i := range nvt {
				s += e.Data[i*e.Stride+k]*an.dt[i] + an.dE[i*n+k]*an.tau[i]
			}
			for p := range nf {
				if f == nil || f[p] == 0 {
					continue
				}
				dl := 0.0
				for i, x := range jl.Data[p*jl.Stride : p*jl.Stride+nv] {
					if x != 0 {
						dl += x * an.dE[i*n+k]
					}
				}
				s -= f[p] * dl
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
			an.polarize(q, v, an.ej)
			lift.Curvature(an.gp, an.dc)
		}
		an.dd.RNEATangent(an.tg, v, an.av, nil, an.ej, an.dc, an.dt)
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

// polarize writes into gp the derivative ∂_vγ(q, v)·dv of the drift, exactly, as
// (γ(v + dv) − γ(v − dv))/2: the drift is a quadratic polynomial in the velocity.
func (an *analytic) polarize(q, v, dv []float64) {
	for i := range v {
		an.vp[i] = v[i] + dv[i]
	}
	an.cd.DriftOnly(q, an.vp)
	copy(an.gp, an.cd.Gamma)
	for i := range v {
		an.vp[i] = v[i] - dv[i]
	}
	an.cd.DriftOnly(q, an.vp)
	for r, g := range an.cd.Gamma {
		an.gp[r] = (an.gp[r] - g) / 2
	}
}
