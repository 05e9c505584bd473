package closure

import (
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/joint"
	"github.com/robocompiler/robocompiler/spatial"
)

// Tangent is the scratch of Data.Tangent: per velocity index, a Jacobian column's motion
// vector relative to the evaluation base and its directional derivative.
type Tangent struct {
	m, dm []spatial.Vec6
	rows  [6]float64
	// Per node: its pose relative to the base and its pathState, valid while
	// stamp[node] == pass (one pass per run of comparisons with a common base).
	g     []spatial.Transform
	st    []pathState
	stamp []uint64
	pass  uint64
}

// NewTangent allocates the scratch of Tangent for d's model.
func (d *Data) NewTangent() *Tangent {
	nn := len(d.m.Bodies) + 1
	return &Tangent{m: make([]spatial.Vec6, d.m.NV), dm: make([]spatial.Vec6, d.m.NV),
		g: make([]spatial.Transform, nn), st: make([]pathState, nn), stamp: make([]uint64, nn)}
}

// TangentSupported reports whether Tangent covers the model: every joint with coordinates
// (tree or retained cut) has a motion subspace constant in its joint frame (not universal
// or planar).
func (d *Data) TangentSupported() bool {
	for i := range d.m.Joints {
		j := &d.m.Joints[i]
		if j.Eliminated {
			continue
		}
		switch j.Model.Kind {
		case joint.Universal, joint.Planar:
			return false
		}
	}
	return true
}

// Tangent writes the directional derivatives of the closure Jacobian and of the drift at
// the configuration q along the direction a (len NV, velocity coordinates, q ⊕ ε·a) and
// the velocity direction dv (len NV):
//
//	dC = d/dε C(q ⊕ ε a)                  (Rows × NV, row-major, stride NV)
//	dgamma = d/dε γ(q ⊕ ε a, v + ε dv)    (len Rows; γ the drift of Drift)
//
// a or dv may be nil (zero); with a nil, dC is not written (it may be nil).
// for a feasible q, a and v tangent (C a = 0, C v = 0) — the second and third derivatives
// of the residual that the derivatives of the lift and the curvature need (C Ė = −Ċ E).
// It is the forward-mode (tangent) form of the evaluation: poses move as
// g ↦ exp(ε W) g with W the base-frame twist of a, a subspace column of a reversed edge
// additionally by −ξ × S (ξ the edge's own motion), and the row maps of the logarithm rows
// are constant to first order because their logarithm is 0 at a feasible configuration
// and stays 0 along a tangent direction. It requires TangentSupported, no defect
// homotopy, and the workspace evaluated at q by Jacobian or Drift (it evaluates the
// Jacobian itself otherwise); it allocates nothing.
func (d *Data) Tangent(t *Tangent, q, v, a, dv []float64, dC, dgamma []float64) {
	m := d.m
	nv := m.NV
	if a != nil {
		clear(dC[:m.Rows*nv])
	}
	clear(dgamma[:m.Rows])
	if m.Rows == 0 {
		return
	}
	if d.gen == 0 || !compile.SameConfig(q, d.placedQ) {
		d.Jacobian(q)
	}
	for ci := range m.Comparisons {
		if d.comps[ci].gen != d.gen {
			d.Jacobian(q)
			break
		}
	}
	base := -1
	for ci := range m.Comparisons {
		c := &m.Comparisons[ci]
		ea, eb := d.downA[ci], d.downB[ci]
		b := c.LCA
		if d.opts.Global {
			ea, eb, b = d.rootA[ci], d.rootB[ci], compile.Ground
		}
		if b != base { // node quantities are relative to the base: start afresh
			base = b
			t.pass++
		}
		var A, B pathState
		d.tangentPath(t, ea, q, v, a, dv, &A)
		d.tangentPath(t, eb, q, v, a, dv, &B)
		pc := &d.comps[ci]
		fp, fpInv, rf := pc.fp, pc.fpInv, &pc.rf
		wfp, wA, wdA, dwA, dwdA := A.W, A.w, A.wd, A.dw, A.dwd
		if c.Joint >= 0 {
			j := &m.Joints[c.Joint]
			var sa, sv, sdv spatial.Vec6
			for k := range j.NV {
				s := d.s[j.V0+k]
				sa = sa.Add(s.Scale(at(a, j.V0+k)))
				sv = sv.Add(s.Scale(v[j.V0+k]))
				sdv = sdv.Add(s.Scale(at(dv, j.V0+k)))
			}
			wfp = wfp.Add(fp.ActMotion(sa))
			rel := fp.ActMotion(sv)
			drel := spatial.CrossMotion(wfp, rel).Add(fp.ActMotion(sdv))
			wA = wA.Add(rel)
			dwA = dwA.Add(drel)
			wdA = wdA.Add(spatial.CrossMotion(wA, rel))
			dwdA = dwdA.Add(spatial.CrossMotion(dwA, rel)).Add(spatial.CrossMotion(wA, drel))
		}
		// The relative twist of a moves Δ: δR = [ω_a] R, δp = v_a + ω_a × p.
		va := fpInv.ActMotion(B.W.Sub(wfp))
		tg := rowTangent{f: rf, dp: va.Linear().Add(va.Angular().Cross(rf.p)), dra: va.Angular().Cross(rf.ra)}
		nr := c.Rows()
		// Jacobian columns: ±rate(Ad_{fp⁻¹} m_k) of the path edges, −rate(S_k) of the cut.
		for pass, edges := range [2][]int{ea, eb} {
			if a == nil {
				break
			}
			sign := -1.0
			if pass == 1 {
				sign = 1
			}
			for _, e := range edges {
				j := &m.Joints[m.Edges[e].Joint]
				for k := range j.NV {
					i := j.V0 + k
					col := fpInv.ActMotion(t.m[i]).Scale(sign)
					dcol := fpInv.ActMotion(t.dm[i].Sub(spatial.CrossMotion(wfp, t.m[i]))).Scale(sign)
					tg.rate(col, dcol, t.rows[:nr])
					for r := range nr {
						dC[(c.Row+r)*nv+i] += t.rows[r]
					}
				}
			}
		}
		if c.Joint >= 0 && a != nil {
			j := &m.Joints[c.Joint]
			for k := range j.NV {
				tg.rate(d.s[j.V0+k].Scale(-1), spatial.Vec6{}, t.rows[:nr])
				for r := range nr {
					dC[(c.Row+r)*nv+j.V0+k] += t.rows[r]
				}
			}
		}
		// Drift: V = Ad_{fp⁻¹}(w_B − w_A), V̇ = Ad_{fp⁻¹}(ẇ_B − ẇ_A − w_A × (w_B − w_A)).
		rel := B.w.Sub(wA)
		x := B.wd.Sub(wdA).Sub(spatial.CrossMotion(wA, rel))
		drel := B.dw.Sub(dwA)
		dx := B.dwd.Sub(dwdA).Sub(spatial.CrossMotion(dwA, rel)).Sub(spatial.CrossMotion(wA, drel))
		V, Vd := fpInv.ActMotion(rel), fpInv.ActMotion(x)
		dV := fpInv.ActMotion(drel.Sub(spatial.CrossMotion(wfp, rel)))
		dVd := fpInv.ActMotion(dx.Sub(spatial.CrossMotion(wfp, x)))
		tg.accel(V, Vd, dV, dVd, dgamma[c.Row:c.Row+nr])
	}
}

// pathState is the end of a path from the evaluation base: the base-frame twist W of the
// direction a, the twist w and velocity-product acceleration wd of v, and their
// derivatives along a.
type pathState struct {
	W, w, wd, dw, dwd spatial.Vec6
}

// tangentPath propagates pose, twists and their derivatives along a down the edges from
// the evaluation base, storing each edge's Jacobian columns m_k = Ad_g S_k and their
// derivatives in t.
func (d *Data) tangentPath(t *Tangent, edges []int, q, v, a, dv []float64, s *pathState) {
	m := d.m
	g := spatial.Identity()
	for _, e := range edges {
		ed := &m.Edges[e]
		j := &m.Joints[ed.Joint]
		if c := ed.Child; t.stamp[c] == t.pass { // evaluated for this base already
			g, *s = t.g[c], t.st[c]
			continue
		}
		d.placeEdge(e, q)
		g = g.Mul(d.xe[e])
		var sa, sv, sdv spatial.Vec6
		for k := range j.NV {
			sk := d.s[j.V0+k]
			sa = sa.Add(sk.Scale(at(a, j.V0+k)))
			sv = sv.Add(sk.Scale(v[j.V0+k]))
			sdv = sdv.Add(sk.Scale(at(dv, j.V0+k)))
		}
		relA, rel := g.ActMotion(sa), g.ActMotion(sv)
		s.W = s.W.Add(relA)
		drel := spatial.CrossMotion(s.W, rel).Add(g.ActMotion(sdv))
		if ed.Reversed {
			drel = drel.Sub(spatial.CrossMotion(relA, rel))
		}
		for k := 0; k < j.NV && a != nil; k++ {
			mk := g.ActMotion(d.s[j.V0+k])
			dmk := spatial.CrossMotion(s.W, mk)
			if ed.Reversed {
				dmk = dmk.Sub(spatial.CrossMotion(relA, mk))
			}
			t.m[j.V0+k], t.dm[j.V0+k] = mk, dmk
		}
		s.w = s.w.Add(rel)
		s.dw = s.dw.Add(drel)
		s.wd = s.wd.Add(spatial.CrossMotion(s.w, rel))
		s.dwd = s.dwd.Add(spatial.CrossMotion(s.dw, rel)).Add(spatial.CrossMotion(s.w, drel))
		t.g[ed.Child], t.st[ed.Child], t.stamp[ed.Child] = g, *s, t.pass
	}
}

// rowTangent is the row map of one comparison and the motion of its relative transform
// along the direction: δp and δ(R·Axis2).
type rowTangent struct {
	f       *rowMap
	dp, dra spatial.Vec3
}

// rate writes the derivative of rate(t) for the twist t moving by dt: the logarithm rows
// and the rotation rows of a prismatic comparison are linear in the twist with a constant
// map (their logarithm is 0 to first order); the other rows also follow p and R·Axis2.
func (g *rowTangent) rate(t, dt spatial.Vec6, out []float64) {
	f := g.f
	if f.kind == compile.RowsSE3 || f.kind == compile.RowsWeld {
		f.logRows(&dt, out)
		return
	}
	w := t.Angular()
	dw, dvl := dt.Angular(), dt.Linear()
	dpd := dvl.Add(dw.Cross(f.p)).Add(w.Cross(g.dp))
	drad := dw.Cross(f.ra).Add(w.Cross(g.dra))
	f.combine(dw, dpd, drad, out)
}

// accel writes the derivative of accel(V, Vd) for the twist and its derivative moving by
// dV, dVd.
func (g *rowTangent) accel(V, Vd, dV, dVd spatial.Vec6, out []float64) {
	f := g.f
	if f.kind == compile.RowsSE3 || f.kind == compile.RowsWeld {
		f.logRows(&dVd, out)
		return
	}
	w, vl := V.Angular(), V.Linear()
	wd := Vd.Angular()
	dw, dvl := dV.Angular(), dV.Linear()
	dwd, dvld := dVd.Angular(), dVd.Linear()
	pd := vl.Add(w.Cross(f.p))
	dpd := dvl.Add(dw.Cross(f.p)).Add(w.Cross(g.dp))
	dpdd := dvld.Add(dwd.Cross(f.p)).Add(wd.Cross(g.dp)).Add(dw.Cross(pd)).Add(w.Cross(dpd))
	wra := w.Cross(f.ra)
	dradd := dwd.Cross(f.ra).Add(wd.Cross(g.dra)).Add(dw.Cross(wra)).Add(w.Cross(dw.Cross(f.ra).Add(w.Cross(g.dra))))
	f.combine(dwd, dpdd, dradd, out)
}

// at is x[i], or 0 for a nil x.
func at(x []float64, i int) float64 {
	if x == nil {
		return 0
	}
	return x[i]
}
