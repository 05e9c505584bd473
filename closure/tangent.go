package closure

import (
	"slices"

	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/joint"
	"github.com/robocompiler/robocompiler/spatial"
)

// Tangent is the workspace of Data.Tangent: the terms every direction shares at one state
// (PrepareTangent) and the per-node tangent scratch.
type Tangent struct {
	rows [6]float64
	// Per comparison ci, its path edges (down to A, then down to B) occupy the slots
	// edgeOff[ci]… of rel and w, and their velocity columns the slots colOff[ci]… of col.
	edgeOff, colOff []int
	// Per path edge: the twist S·v of the edge (base frame) and the twist of its child.
	rel, w []spatial.Vec6
	// Per path column: the base-frame column m_k = Ad_g S_k, and the Jacobian column's
	// relative twist ±Ad_{fp⁻¹} m_k (the sign of its path).
	m, col []spatial.Vec6
	cmp    []tangentComp
	// Per node, the tangent path state and the twist of a at the node and of its edge,
	// valid while stamp[node] == pass (one pass per run of comparisons with a common base).
	st         []pathState
	nodeW, rlA []spatial.Vec6
	stamp      []uint64
	pass       uint64
	prepared   bool
	prod       products // TangentProducts' arguments
	// The distinct path columns of comparison ci are ucols[ucolOff[ci]:ucolOff[ci+1]].
	ucolOff, ucols []int
}

// tangentComp holds one comparison's shared terms: the twist of A after the cut joint
// (wA), the cut's own twist (cut), the relative twist rel = w_B − w_A and the drift term
// x = ẇ_B − ẇ_A − w_A × rel, V and V̇ = Ad_{fp⁻¹} of those, and the cut's columns Ad_fp S_k.
type tangentComp struct {
	wA, cut, rel, x, V, Vd spatial.Vec6
	fpS                    [6]spatial.Vec6
}

// pathState is the tangent state at the end of a path from the evaluation base: the
// base-frame twist W of the direction a, and the derivatives dw, dwd of the twist and the
// velocity-product acceleration of v.
type pathState struct {
	W, dw, dwd spatial.Vec6
}

// NewTangent allocates the workspace of Tangent for d's model.
func (d *Data) NewTangent() *Tangent {
	m := d.m
	nn := len(m.Bodies) + 1
	t := &Tangent{edgeOff: make([]int, len(m.Comparisons)+1), colOff: make([]int, len(m.Comparisons)+1),
		cmp: make([]tangentComp, len(m.Comparisons)),
		st:  make([]pathState, nn), nodeW: make([]spatial.Vec6, nn), rlA: make([]spatial.Vec6, nn), stamp: make([]uint64, nn)}
	for ci := range m.Comparisons {
		ea, eb := d.paths(ci)
		ne, nc := 0, 0
		for _, edges := range [2][]int{ea, eb} {
			for _, e := range edges {
				ne++
				nc += m.Joints[m.Edges[e].Joint].NV
			}
		}
		t.edgeOff[ci+1], t.colOff[ci+1] = t.edgeOff[ci]+ne, t.colOff[ci]+nc
	}
	ne, nc := t.edgeOff[len(m.Comparisons)], t.colOff[len(m.Comparisons)]
	t.rel, t.w = make([]spatial.Vec6, ne), make([]spatial.Vec6, ne)
	t.m, t.col = make([]spatial.Vec6, nc), make([]spatial.Vec6, nc)
	// The distinct velocity columns of each comparison's paths: where dC can be nonzero.
	t.ucolOff = make([]int, len(m.Comparisons)+1)
	for ci := range m.Comparisons {
		ea, eb := d.paths(ci)
		start := len(t.ucols)
		for _, edges := range [2][]int{ea, eb} {
			for _, e := range edges {
				j := &m.Joints[m.Edges[e].Joint]
				for k := range j.NV {
					if !slices.Contains(t.ucols[start:], j.V0+k) {
						t.ucols = append(t.ucols, j.V0+k)
					}
				}
			}
		}
		t.ucolOff[ci+1] = len(t.ucols)
	}
	return t
}

// MulDC writes out = dC·x (len Rows) for dC (Rows × NV) written by Tangent with t, reading
// only the entries Tangent can make nonzero (each comparison's rows in its path columns).
func (d *Data) MulDC(t *Tangent, dC, x, out []float64) {
	m := d.m
	nv := m.NV
	for ci := range m.Comparisons {
		c := &m.Comparisons[ci]
		cols := t.ucols[t.ucolOff[ci]:t.ucolOff[ci+1]]
		for r := c.Row; r < c.Row+c.Rows(); r++ {
			row := dC[r*nv : r*nv+nv]
			s := 0.0
			for _, i := range cols {
				s += row[i] * x[i]
			}
			out[r] = s
		}
	}
}

// paths returns the edges from comparison ci's evaluation base down to its nodes A and B
// (the global evaluator's in the workspace's scratch, valid until the next call).
func (d *Data) paths(ci int) ([]int, []int) {
	if d.opts.Global {
		return d.rootPaths(ci)
	}
	return d.downA[ci], d.downB[ci]
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

// PrepareTangent computes into t the terms of Tangent that every direction shares at the
// feasible configuration q (len NQ) and the tangent velocity v (len NV): per comparison,
// the twists and columns of its paths and its drift terms. It evaluates the Jacobian at q
// first unless the workspace holds it (as after Jacobian or Drift at q). It requires
// TangentSupported and no defect homotopy, and allocates nothing.
func (d *Data) PrepareTangent(t *Tangent, q, v []float64) {
	m := d.m
	t.prepared = true
	if m.Rows == 0 {
		return
	}
	fresh := d.gen != 0 && compile.SameConfig(q, d.placedQ)
	for ci := 0; fresh && ci < len(m.Comparisons); ci++ {
		fresh = d.comps[ci].gen == d.gen
	}
	if !fresh {
		d.Jacobian(q)
	}
	for ci := range m.Comparisons {
		c := &m.Comparisons[ci]
		pc := &d.comps[ci]
		ea, eb := d.paths(ci)
		slot, cs := t.edgeOff[ci], t.colOff[ci]
		var end [2]struct{ w, wd spatial.Vec6 }
		for pass, edges := range [2][]int{ea, eb} {
			sign := -1.0
			if pass == 1 {
				sign = 1
			}
			g := spatial.Identity()
			var w, wd spatial.Vec6
			for _, e := range edges {
				j := &m.Joints[m.Edges[e].Joint]
				d.placeEdge(e, q)
				g = g.Mul(d.xe[e])
				var sv spatial.Vec6
				for k := range j.NV {
					mk := g.ActMotion(d.s[j.V0+k])
					t.m[cs], t.col[cs] = mk, pc.fpInv.ActMotion(mk).Scale(sign)
					sv = sv.Add(mk.Scale(v[j.V0+k]))
					cs++
				}
				w = w.Add(sv)
				wd = wd.Add(spatial.CrossMotion(w, sv))
				t.rel[slot], t.w[slot] = sv, w
				slot++
			}
			end[pass].w, end[pass].wd = w, wd
		}
		tc := &t.cmp[ci]
		wA, wdA := end[0].w, end[0].wd
		tc.cut = spatial.Vec6{}
		if c.Joint >= 0 {
			j := &m.Joints[c.Joint]
			for k := range j.NV {
				s := pc.fp.ActMotion(d.s[j.V0+k])
				tc.fpS[k] = s
				tc.cut = tc.cut.Add(s.Scale(v[j.V0+k]))
			}
			wA = wA.Add(tc.cut)
			wdA = wdA.Add(spatial.CrossMotion(wA, tc.cut))
		}
		tc.wA = wA
		tc.rel = end[1].w.Sub(wA)
		tc.x = end[1].wd.Sub(wdA).Sub(spatial.CrossMotion(wA, tc.rel))
		tc.V, tc.Vd = pc.fpInv.ActMotion(tc.rel), pc.fpInv.ActMotion(tc.x)
	}
}

// Tangent writes the directional derivatives of the closure Jacobian and of the drift at
// the state of the last PrepareTangent(t, q, v) along the configuration direction a (len
// NV, velocity coordinates, q ⊕ ε·a) and the velocity direction dv (len NV):
//
//	dC = d/dε C(q ⊕ ε a)                  (Rows × NV, row-major, stride NV)
//	dgamma = d/dε γ(q ⊕ ε a, v + ε dv)    (len Rows; γ the drift of Drift)
//
// for a feasible q and a, v tangent (C a = 0, C v = 0) — the second and third derivatives
// of the residual that the derivatives of the lift and the curvature need (C Ė = −Ċ E).
// a or dv may be nil (zero); with a nil, dC is not written (it may be nil). It is the
// forward-mode (tangent) form of the evaluation: poses move as g ↦ exp(ε W) g with W the
// base-frame twist of a, a subspace column of a reversed edge additionally by −ξ × S (ξ the
// edge's own motion), and the row maps of the logarithm rows are constant to first order
// because their logarithm is 0 at a feasible configuration and stays 0 along a tangent
// direction. It allocates nothing.
func (d *Data) Tangent(t *Tangent, a, dv []float64, dC, dgamma []float64) {
	d.tangent(t, a, dv, dC, nil, dgamma)
}

// TangentProducts is Tangent without forming dC: along the configuration direction a
// (len NV, not nil) and the velocity direction dv (nil: zero) it writes the products
//
//	dCx = dC·x, dCz = dC·z     (len Rows, for x, z of len NV)
//	psi = yᵀ dC                 (len NV, for y of len Rows)
//
// and dgamma as Tangent, accumulating the products column by column over each
// comparison's path columns (where dC can be nonzero). It allocates nothing.
func (d *Data) TangentProducts(t *Tangent, a, dv, x, z, y []float64, dCx, dCz, psi, dgamma []float64) {
	p := &t.prod
	*p = products{x: x, z: z, y: y, dCx: dCx, dCz: dCz, psi: psi}
	d.tangent(t, a, dv, nil, p, dgamma)
}

// products are TangentProducts' vectors.
type products struct {
	x, z, y, dCx, dCz, psi []float64
}

// tangent is Tangent, writing dC when it is not nil and the products p when p is not nil.
func (d *Data) tangent(t *Tangent, a, dv []float64, dC []float64, p *products, dgamma []float64) {
	m := d.m
	nv := m.NV
	if !t.prepared {
		panic("closure: Tangent before PrepareTangent")
	}
	if a != nil && dC != nil {
		clear(dC[:m.Rows*nv])
	}
	if p != nil {
		clear(p.psi[:nv])
		clear(p.dCx[:m.Rows])
		clear(p.dCz[:m.Rows])
	}
	clear(dgamma[:m.Rows])
	if m.Rows == 0 {
		return
	}
	base := -1
	for ci := range m.Comparisons {
		c := &m.Comparisons[ci]
		if !t.moves(d, ci, a, dv) {
			continue // every term of the comparison is 0
		}
		ea, eb := d.paths(ci)
		b := c.LCA
		if d.opts.Global {
			b = compile.Ground
		}
		if b != base { // node quantities are relative to the base: start afresh
			base = b
			t.pass++
		}
		var A, B pathState
		t.path(d, ea, t.edgeOff[ci], t.colOff[ci], a, dv, &A)
		cb := t.colOff[ci]
		for _, e := range ea {
			cb += m.Joints[m.Edges[e].Joint].NV
		}
		t.path(d, eb, t.edgeOff[ci]+len(ea), cb, a, dv, &B)
		pc, tc := &d.comps[ci], &t.cmp[ci]
		fpInv, rf := &pc.fpInv, &pc.rf
		wfp, dwA, dwdA := A.W, A.dw, A.dwd
		if c.Joint >= 0 {
			j := &m.Joints[c.Joint]
			var sa, sdv, dcut spatial.Vec6
			for k := range j.NV {
				fk, ak, dk := &tc.fpS[k], at(a, j.V0+k), at(dv, j.V0+k)
				for i := range sa {
					sa[i] += fk[i] * ak
					sdv[i] += fk[i] * dk
				}
			}
			for i := range wfp {
				wfp[i] += sa[i]
			}
			dcut.AddCrossMotion(&sdv, &wfp, &tc.cut) // wfp × cut + sdv
			for i := range dwA {
				dwA[i] += dcut[i]
			}
			dwdA.AddCrossMotion(&dwdA, &dwA, &tc.cut)
			dwdA.AddCrossMotion(&dwdA, &tc.wA, &dcut)
		}
		// The relative twist of a moves Δ: δR = [ω_a] R, δp = v_a + ω_a × p.
		var va, tmp spatial.Vec6
		for i := range tmp {
			tmp[i] = B.W[i] - wfp[i]
		}
		fpInv.ActMotionTo(&va, &tmp)
		tg := rowTangent{f: rf, dp: va.Linear().Add(va.Angular().Cross(rf.p)), dra: va.Angular().Cross(rf.ra)}
		nr := c.Rows()
		if a != nil {
			// Jacobian columns ±Ad_{fp⁻¹} m_k move by (Ad_{fp⁻¹}(W_c − W_fp)) × column (a
			// reversed edge's column also by −ξ); the cut's own columns are constant and
			// meet only logarithm rows, whose map is constant.
			k0 := t.colOff[ci]
			for _, edges := range [2][]int{ea, eb} {
				for _, e := range edges {
					ed := &m.Edges[e]
					j := &m.Joints[ed.Joint]
					var u spatial.Vec6
					nw := &t.nodeW[ed.Child]
					for i := range u {
						u[i] = nw[i] - wfp[i]
					}
					if ed.Reversed {
						u = u.Sub(t.rlA[ed.Child])
					}
					fpInv.ActMotionTo(&u, &u)
					for k := range j.NV {
						col := &t.col[k0]
						var dcol spatial.Vec6
						dcol.SetCrossMotion(&u, col)
						i := j.V0 + k
						if dC != nil {
							tg.rateTo(col, &dcol, t.rows[:nr])
							for r := range nr {
								dC[(c.Row+r)*nv+i] += t.rows[r]
							}
						}
						if p != nil {
							tg.rateTo(col, &dcol, t.rows[:nr])
							s, xi, zi := 0.0, p.x[i], p.z[i]
							dCx, dCz := p.dCx[c.Row:c.Row+nr], p.dCz[c.Row:c.Row+nr]
							for r, y := range p.y[c.Row : c.Row+nr] {
								g := t.rows[r]
								s += y * g
								dCx[r] += xi * g
								dCz[r] += zi * g
							}
							p.psi[i] += s
						}
						k0++
					}
				}
			}
		}
		// Drift: V = Ad_{fp⁻¹} rel, V̇ = Ad_{fp⁻¹} x with rel = w_B − w_A and
		// x = ẇ_B − ẇ_A − w_A × rel.
		var drel, dx, dV, dVd, x spatial.Vec6
		for i := range drel {
			drel[i], dx[i] = B.dw[i]-dwA[i], B.dwd[i]-dwdA[i]
		}
		x.SetCrossMotion(&dwA, &tc.rel)
		for i := range dx {
			dx[i] -= x[i]
		}
		x.SetCrossMotion(&tc.wA, &drel)
		for i := range dx {
			dx[i] -= x[i]
		}
		x.SetCrossMotion(&wfp, &tc.rel)
		for i := range x {
			x[i] = drel[i] - x[i]
		}
		fpInv.ActMotionTo(&dV, &x)
		x.SetCrossMotion(&wfp, &tc.x)
		for i := range x {
			x[i] = dx[i] - x[i]
		}
		fpInv.ActMotionTo(&dVd, &x)
		tg.accel(tc.V, tc.Vd, dV, dVd, dgamma[c.Row:c.Row+nr])
	}
}

// moves reports whether a or dv is nonzero on comparison ci's path or cut columns: when
// neither is, its relative motion and every derivative of its rows vanish.
func (t *Tangent) moves(d *Data, ci int, a, dv []float64) bool {
	for _, x := range [2][]float64{a, dv} {
		if x == nil {
			continue
		}
		for _, i := range t.ucols[t.ucolOff[ci]:t.ucolOff[ci+1]] {
			if x[i] != 0 {
				return true
			}
		}
		if cj := d.m.Comparisons[ci].Joint; cj >= 0 {
			j := &d.m.Joints[cj]
			for _, y := range x[j.V0 : j.V0+j.NV] {
				if y != 0 {
					return true
				}
			}
		}
	}
	return false
}

// path propagates the tangent state along a down the edges from the evaluation base
// (their shared terms from slot and column slot cs on), reusing nodes already
// propagated for the same base.
func (t *Tangent) path(d *Data, edges []int, slot, cs int, a, dv []float64, s *pathState) {
	m := d.m
	for _, e := range edges {
		ed := &m.Edges[e]
		j := &m.Joints[ed.Joint]
		c := ed.Child
		if t.stamp[c] == t.pass { // propagated for this base already
			*s = t.st[c]
			slot++
			cs += j.NV
			continue
		}
		var relA, sdv, drel spatial.Vec6 // on pointers: the hot loop of the derivatives
		for k := range j.NV {
			mk, ak, dk := &t.m[cs], at(a, j.V0+k), at(dv, j.V0+k)
			for i := range relA {
				relA[i] += mk[i] * ak
				sdv[i] += mk[i] * dk
			}
			cs++
		}
		rel, w := &t.rel[slot], &t.w[slot]
		slot++
		for i := range s.W {
			s.W[i] += relA[i]
		}
		drel.AddCrossMotion(&sdv, &s.W, rel) // W × rel + sdv
		if ed.Reversed {
			drel = drel.Sub(spatial.CrossMotion(relA, *rel))
		}
		for i := range s.dw {
			s.dw[i] += drel[i]
		}
		s.dwd.AddCrossMotion(&s.dwd, &s.dw, rel)
		s.dwd.AddCrossMotion(&s.dwd, w, &drel)
		t.st[c], t.nodeW[c], t.rlA[c], t.stamp[c] = *s, s.W, relA, t.pass
	}
}

// rowTangent is the row map of one comparison and the motion of its relative transform
// along the direction: δp and δ(R·Axis2).
type rowTangent struct {
	f       *rowMap
	dp, dra spatial.Vec3
}

// rateTo writes the derivative of rate(t) for the twist t moving by dt: the logarithm rows
// and the rotation rows of a prismatic comparison are linear in the twist with a constant
// map (their logarithm is 0 to first order); the other rows also follow p and R·Axis2.
func (g *rowTangent) rateTo(tp, dtp *spatial.Vec6, out []float64) {
	f := g.f
	if f.kind == compile.RowsSE3 || f.kind == compile.RowsWeld {
		f.logRows(dtp, out)
		return
	}
	t, dt := *tp, *dtp
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
