package kkt

import (
	"math"

	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/internal/dense"
	"github.com/robocompiler/robocompiler/spatial"
)

// system is one maximal-coordinate constraint system G A = g over the bodies' spatial
// accelerations (or twists) A, with the body inertias H = blockdiag(I_b) as the metric:
// the KKT system [H Gᵀ; G 0] is solved through K = G H⁻¹ Gᵀ (symmetric positive definite
// when G has full row rank), factored by a sparse block Cholesky. Its rows come in groups:
// one per tree joint (the 6 − nd directions its motion subspace forbids, plus in the
// pinned system one row per independent speed of the joint) and one per comparison with
// selected rows (those rows, projected onto the complement of the dependent cut-joint
// columns). The pinned system also fixes the independent speeds, so that it determines A
// alone (G square): it gives the lift v = E u and the curvature. Its A (and its
// multipliers for g = 0, the transposed solve of ReducedForce) do not depend on the
// metric, so it takes the identity instead of H: K = G Gᵀ, no H⁻¹ products to form.
type system struct {
	pinned bool
	groups []group
	chol   *blockCholesky
	// grow holds each group's rows of G per body slot (6-vectors, body frame) and hgrow
	// the same rows scaled by the metric, U⁻ᵀ r for H = UᵀU (the pinned system: grow
	// itself), so that K's blocks are dot products of scaled rows: slot s of group g at
	// [rowOff + s·n, rowOff + (s+1)·n).
	grow, hgrow []spatial.Vec6
	// Incidences of each node (body) at inc[incPtr[b]:incPtr[b+1]].
	incPtr []int
	inc    []incidence
	// pairs are the products G_g,b H_b⁻¹ G_h,bᵀ that make K's stored blocks.
	pairs []pair
	// edgeGroup and cutGroup are each tree edge's and each comparison's group (−1: none).
	edgeGroup, cutGroup []int
	rhs                 []float64 // right-hand side and then solution, len chol.n
	ok                  bool      // factored at the solver's current placement
	// Iterative refinement: the right-hand side g and multipliers λ (len chol.n) and the
	// correction per node.
	g, lam []float64
	dA     []spatial.Vec6
	// gnorm is ‖G‖∞ at the current placement (the largest absolute row sum), the scale
	// of refinement's backward-error test, computed on its first use (gnormOK).
	gnorm   float64
	gnormOK bool
}

// group is one group of constraint rows.
type group struct {
	edge, cut int    // tree edge index or comparison index (the other −1)
	n         int    // rows
	body      [2]int // nodes of slot 0 and 1 (0: the ground, no unknowns)
	rowOff    int
	// pins are the joint's independent velocity offsets k (tree edges, pinned system);
	// dep and ind the cut joint's dependent and independent ones (comparisons).
	pins, dep, ind []int
	qr             *smallQR // cut: QR of the dependent columns P_dep, per placement
}

// incidence is one body slot of one group as the solves walk them: the slot's rows at
// grow[row:row+n] (and hgrow) and the group's multipliers from lam in the vector of
// unknowns.
type incidence struct{ row, n, lam int }

// slotRef names one body slot of one group.
type slotRef struct{ g, s int }

// pair is one term of K's assembly: slots a and b on a common body, into block dst
// (transposed when stored as block (b, a)).
type pair struct {
	a, b slotRef
	dst  int
	tr   bool
}

// newSystem builds the symbolic system: groups, incidences and the factorisation's
// pattern. indPos maps velocity indices to independent positions (−1: dependent).
func (s *Solver) newSystem(pinned bool) *system {
	m := s.m
	sy := &system{pinned: pinned, edgeGroup: make([]int, len(m.Edges)), cutGroup: make([]int, len(m.Comparisons))}
	for e, ed := range m.Edges {
		sy.edgeGroup[e] = -1
		j := &m.Joints[ed.Joint]
		g := group{edge: e, cut: -1, body: [2]int{ed.Child, ed.Parent}}
		if pinned {
			for k := range j.NV {
				if s.indPos[j.V0+k] >= 0 {
					g.pins = append(g.pins, k)
				}
			}
		}
		g.n = 6 - j.NV + len(g.pins)
		if g.n > 0 {
			sy.edgeGroup[e] = len(sy.groups)
			sy.groups = append(sy.groups, g)
		}
	}
	for ci := range m.Comparisons {
		c := &m.Comparisons[ci]
		cg := &s.cuts[ci]
		sy.cutGroup[ci] = -1
		if len(cg.sel) == 0 {
			continue
		}
		g := group{edge: -1, cut: ci, body: [2]int{c.NodeA, c.NodeB}, qr: new(smallQR)}
		for k := range cg.nd {
			if pinned && s.indPos[m.Joints[c.Joint].V0+k] >= 0 {
				g.ind = append(g.ind, k)
			} else {
				g.dep = append(g.dep, k)
			}
		}
		// A group of no rows still recovers its cut joint's dependent velocities.
		g.n = len(cg.sel) - len(g.dep)
		sy.cutGroup[ci] = len(sy.groups)
		sy.groups = append(sy.groups, g)
	}
	size := make([]int, len(sy.groups))
	nrow := 0
	incid := make([][]slotRef, len(m.Bodies)+1)
	for gi := range sy.groups {
		g := &sy.groups[gi]
		size[gi] = g.n
		g.rowOff = nrow
		nrow += 2 * g.n
		for sl, b := range g.body {
			if b != compile.Ground {
				incid[b] = append(incid[b], slotRef{gi, sl})
			}
		}
	}
	sy.grow = make([]spatial.Vec6, nrow)
	sy.hgrow = sy.grow // the pinned system's metric is the identity
	if !pinned {
		sy.hgrow = make([]spatial.Vec6, nrow)
	}
	var adj [][2]int
	sy.incPtr = make([]int, len(incid)+1)
	for b, refs := range incid {
		sy.incPtr[b+1] = sy.incPtr[b] + len(refs)
		for _, a := range refs {
			for _, c := range refs {
				adj = append(adj, [2]int{a.g, c.g})
			}
		}
	}
	sy.chol = newBlockCholesky(size, adj)
	for _, refs := range incid {
		for _, a := range refs {
			g := &sy.groups[a.g]
			sy.inc = append(sy.inc, incidence{g.rowOff + a.s*g.n, g.n, sy.chol.off[a.g]})
		}
	}
	pos := make([]int, len(size))
	for k, v := range sy.chol.order {
		pos[v] = k
	}
	for b := range incid {
		refs := incid[b]
		for _, a := range refs {
			for _, c := range refs {
				switch {
				case a.g == c.g && a.s == c.s:
					sy.pairs = append(sy.pairs, pair{a, c, sy.chol.diag[a.g], false})
				case a.g != c.g && pos[a.g] > pos[c.g]:
					dst, tr := sy.chol.block(a.g, c.g)
					sy.pairs = append(sy.pairs, pair{a, c, dst, tr})
				}
			}
		}
	}
	sy.rhs, sy.g, sy.lam = make([]float64, sy.chol.n), make([]float64, sy.chol.n), make([]float64, sy.chol.n)
	sy.dA = make([]spatial.Vec6, len(incid))
	return sy
}

// rows returns the rows of slot sl of group g.
func (sy *system) rows(g *group, sl int) []spatial.Vec6 {
	return sy.grow[g.rowOff+sl*g.n : g.rowOff+(sl+1)*g.n]
}

// hrows returns the rows of slot sl of group g scaled by the metric: U⁻ᵀ r for H = UᵀU
// (the pinned system: the rows themselves).
func (sy *system) hrows(g *group, sl int) []spatial.Vec6 {
	return sy.hgrow[g.rowOff+sl*g.n : g.rowOff+(sl+1)*g.n]
}

// assemble writes G at the solver's placement and factors K = G H⁻¹ Gᵀ. It reports false
// when a cut's dependent columns or K are numerically singular. A tree edge's forbidden
// directions, and a cut's rows and QR factors when its dependent columns are the same,
// are the same in both systems: the second system assembled at a placement copies them
// from the first (s.rowsFrom), whose QR factorisations succeeded.
func (s *Solver) assemble(sy *system) bool {
	sy.ok = false
	src := s.rowsFrom
	if src == sy {
		src = nil
	}
	for gi := range sy.groups {
		g := &sy.groups[gi]
		r0, r1 := sy.rows(g, 0), sy.rows(g, 1)
		if g.edge >= 0 {
			ed := &s.m.Edges[g.edge]
			eg := &s.edges[g.edge]
			nd := s.m.Joints[ed.Joint].NV
			k := 0
			if src != nil {
				if sg := src.edgeGroup[g.edge]; sg >= 0 {
					h := &src.groups[sg]
					k = copy(r0[:6-nd], src.rows(h, 0))
					copy(r1[:6-nd], src.rows(h, 1))
				}
			}
			if k == 0 {
				for t := nd; t < 6; t++ {
					for i := range 6 {
						r0[k][i] = eg.qr.q[i][t]
					}
					r1[k] = s.xe[g.edge].ActForce(r0[k]).Scale(-1)
					k++
				}
			}
			for _, p := range g.pins {
				r0[k] = eg.spinv[p]
				r1[k] = s.xe[g.edge].ActForce(r0[k]).Scale(-1)
				k++
			}
		} else if h := src.cutGroupOf(g); h != nil { // the same dependent columns
			*g.qr = *h.qr
			copy(r0, src.rows(h, 0))
			copy(r1, src.rows(h, 1))
		} else {
			cg := &s.cuts[g.cut]
			var a [6][6]float64
			for i, row := range cg.sel {
				for j, k := range g.dep {
					a[i][j] = cg.rates[row].Dot(cg.sc[k])
				}
			}
			if !g.qr.factor(&a, len(cg.sel), len(g.dep)) {
				return false
			}
			for t := range g.n {
				var r spatial.Vec6
				for i, row := range cg.sel {
					r = r.Add(cg.rates[row].Scale(g.qr.q[i][len(g.dep)+t]))
				}
				r0[t] = cg.w.ActForce(r).Scale(-1)
				r1[t] = cg.yb.InvActForce(r)
			}
		}
		for sl, b := range g.body {
			if b == compile.Ground || sy.pinned {
				continue
			}
			u, dinv, hr := &s.hu[b], &s.hdinv[b], sy.hrows(g, sl)
			copy(hr, sy.rows(g, sl))
			for i := range hr {
				forwardUT6(u, dinv, (*[6]float64)(&hr[i]))
			}
		}
	}
	if s.rowsFrom == nil {
		s.rowsFrom = sy
	}
	sy.gnormOK = false
	f := sy.chol
	clear(f.val)
	for _, p := range sy.pairs {
		ga, gb := &sy.groups[p.a.g], &sy.groups[p.b.g]
		ha, rb := sy.hrows(ga, p.a.s), sy.hrows(gb, p.b.s)
		dst := f.val[p.dst:]
		switch {
		case p.a == p.b: // a diagonal block: its upper triangle only (factor reads no more)
			for i := range ha {
				addDots(&dst[i], (*[6]float64)(&ha[i]), rb, i)
			}
		case p.tr:
			for i := range ha {
				addDotsCol(dst, i, (*[6]float64)(&ha[i]), rb)
			}
		default:
			for i := range ha {
				addDots(&dst[i], (*[6]float64)(&ha[i]), rb, 0)
			}
		}
	}
	sy.ok = f.factor()
	return sy.ok
}

// cutGroupOf returns the group of sy (nil: none, or sy is nil) of the comparison of the
// cut group g with the same dependent columns.
func (sy *system) cutGroupOf(g *group) *group {
	if sy == nil {
		return nil
	}
	if i := sy.cutGroup[g.cut]; i >= 0 && len(sy.groups[i].dep) == len(g.dep) {
		return &sy.groups[i]
	}
	return nil
}

// solveA solves the KKT system for the body wrenches f (per node; nil: zero) and the
// right-hand side g already in sy.rhs, writing the bodies' A into out (per node).
func (s *Solver) solveA(sy *system, f, out []spatial.Vec6) {
	// out holds U⁻ᵀ f until the multipliers are known, then U⁻¹(U⁻ᵀ f − Σ U⁻ᵀ Gᵀ λ).
	out[compile.Ground] = spatial.Vec6{}
	for b := 1; b < len(out); b++ {
		switch {
		case f == nil:
			out[b] = spatial.Vec6{}
		case sy.pinned:
			out[b] = f[b]
		default:
			out[b] = f[b]
			forwardUT6(&s.hu[b], &s.hdinv[b], (*[6]float64)(&out[b]))
		}
	}
	for i, x := range sy.rhs {
		sy.rhs[i] = -x
	}
	if f != nil {
		for b := 1; b < len(out); b++ {
			for _, in := range sy.inc[sy.incPtr[b]:sy.incPtr[b+1]] {
				addRowDots(sy.rhs[in.lam:in.lam+in.n], sy.hgrow[in.row:in.row+in.n], &out[b], 1)
			}
		}
	}
	sy.chol.solve(sy.rhs)
	for b := 1; b < len(out); b++ {
		a := &out[b]
		for _, in := range sy.inc[sy.incPtr[b]:sy.incPtr[b+1]] {
			subRows(a, sy.hgrow[in.row:in.row+in.n], sy.rhs[in.lam:])
		}
		if !sy.pinned {
			backwardU6(&s.hu[b], &s.hdinv[b], (*[6]float64)(a))
		}
	}
}

// refineSteps is the number of steps of iterative refinement after the solve through
// K = G H⁻¹ Gᵀ, whose condition number is that of the KKT system squared: one step brings
// the residual back to round-off of the unsquared system on the ladders and built-ins
// (solveLift takes more only where its backward-error test asks for them).
const refineSteps = 1

// solveRefined is solveA followed by steps steps of iterative refinement (the corrected
// semi-normal equations): since solveA forms A = H⁻¹(f − Gᵀλ) from the multipliers, the
// wrench equations hold to the round-off of that product, and the residual that carries
// the error of K's solve is the constraint rows' g − G A; each step solves K again for it
// and corrects A and λ, all in O(n). The multipliers λ are left in sy.lam.
func (s *Solver) solveRefined(sy *system, f, out []spatial.Vec6, steps int) {
	copy(sy.g, sy.rhs)
	s.solveA(sy, f, out)
	copy(sy.lam, sy.rhs)
	for range steps {
		s.residual(sy, out)
		s.correct(sy, out)
	}
}

// maxRefineSteps bounds the steps of iterative refinement of one solveLift.
const maxRefineSteps = 4

// refineTol is the normwise backward error ‖g − G A‖∞ / (‖g‖∞ + ‖G‖∞‖A‖∞) of the pinned
// system's rows above which solveLift takes another step: 2 ε, above the round-off of
// forming the residual (at most 0.85 ε after one step on the 100- to 1,000-loop ladders
// at their seeds). At the 1,000-loop ladder's walked states of check, where K is much
// worse conditioned, one step leaves up to 70 ε on a column of the lift (median 8 ε),
// which the condition of G turned into up to 5e-12 of C E; the gated steps bring that to
// 1.6e-13.
const refineTol = 2 * 0x1p-52

// solveLift solves the pinned system for the right-hand side in its rhs alone (no
// wrenches: the lift and the curvature), writing the bodies' A into out (per node), with
// refineSteps steps of refinement and then more, up to maxRefineSteps in all, while the
// backward error of its rows exceeds refineTol and each step at least halves the
// residual. The test costs one product with G per solve. (ReducedForce keeps the fixed
// steps: its result is the multipliers, whose error this residual does not show.)
func (s *Solver) solveLift(out []spatial.Vec6) {
	sy := s.lift
	s.solveRefined(sy, nil, out, 0)
	last := math.Inf(1)
	for k := 0; ; k++ {
		r := s.residual(sy, out)
		if k >= refineSteps && (k == maxRefineSteps || r > last/2 || s.backwardStable(sy, out, r)) {
			return
		}
		s.correct(sy, out)
		last = r
	}
}

// backwardStable reports that the residual r = ‖g − G A‖∞ of the solution out (per
// node) is within refineTol of ‖g‖∞ + ‖G‖∞‖A‖∞ (‖g‖∞ alone first, which often decides;
// ‖G‖∞ once per placement).
func (s *Solver) backwardStable(sy *system, out []spatial.Vec6, r float64) bool {
	gmax := dense.MaxAbs(sy.g)
	if r <= refineTol*gmax {
		return true
	}
	if !sy.gnormOK {
		sy.gnorm, sy.gnormOK = sy.rowNorm(), true
	}
	return r <= refineTol*(gmax+sy.gnorm*maxAbs6(out))
}

// residual writes the constraint rows' residual g − G A of the bodies' A (per node) into
// sy.rhs and returns its largest magnitude.
func (s *Solver) residual(sy *system, out []spatial.Vec6) float64 {
	copy(sy.rhs, sy.g)
	for b := 1; b < len(out); b++ {
		for _, in := range sy.inc[sy.incPtr[b]:sy.incPtr[b+1]] {
			addRowDots(sy.rhs[in.lam:in.lam+in.n], sy.grow[in.row:in.row+in.n], &out[b], -1)
		}
	}
	return dense.MaxAbs(sy.rhs)
}

// correct is one step of iterative refinement for the residual in sy.rhs: it solves K
// for it and corrects A (out, per node) and the multipliers sy.lam.
func (s *Solver) correct(sy *system, out []spatial.Vec6) {
	s.solveA(sy, nil, sy.dA)
	for b := 1; b < len(out); b++ {
		out[b] = out[b].Add(sy.dA[b])
	}
	for i, x := range sy.rhs {
		sy.lam[i] += x
	}
}

// rowNorm returns ‖G‖∞ at the current placement: the largest absolute sum of a row's
// entries on both its bodies (none on the ground).
func (sy *system) rowNorm() float64 {
	n := 0.0
	for gi := range sy.groups {
		g := &sy.groups[gi]
		for i := range g.n {
			t := 0.0
			for sl, b := range g.body {
				if b != compile.Ground {
					for _, x := range sy.rows(g, sl)[i] {
						t += math.Abs(x)
					}
				}
			}
			if t > n {
				n = t
			}
		}
	}
	return n
}

// maxAbs6 returns the largest magnitude of the entries of x (per node).
func maxAbs6(x []spatial.Vec6) float64 {
	m := 0.0
	for i := range x {
		m = max(m, dense.MaxAbs(x[i][:]))
	}
	return m
}

// setRHS writes the constraints' right-hand side g into sy.rhs: accel selects the
// acceleration level (velocity-product terms; else the velocity level, all zero), and
// pin (len D, nil: zero) the values of the independent speeds or accelerations.
func (s *Solver) setRHS(sy *system, accel bool, pin []float64) {
	m := s.m
	for gi := range sy.groups {
		g := &sy.groups[gi]
		x := sy.rhs[sy.chol.off[gi] : sy.chol.off[gi]+g.n]
		rows := sy.rows(g, 0)
		if g.edge >= 0 {
			ed := &m.Edges[g.edge]
			j := &m.Joints[ed.Joint]
			for i := range x {
				x[i] = 0
				if accel {
					x[i] = rows[i].Dot(s.cb[ed.Child])
				}
			}
			if pin != nil {
				base := g.n - len(g.pins)
				for k, p := range g.pins {
					x[base+k] += pin[s.indPos[j.V0+p]]
				}
			}
			continue
		}
		y := s.cutRHS(g, accel, pin)
		for t := range x {
			v := 0.0
			for i := range s.cuts[g.cut].sel {
				v += g.qr.q[i][len(g.dep)+t] * y[i]
			}
			x[t] = v
		}
	}
}

// cutRHS returns, per selected row of the cut group g, κ (at the acceleration level) plus
// the independent cut-joint columns times their pinned values.
func (s *Solver) cutRHS(g *group, accel bool, pin []float64) [6]float64 {
	cg := &s.cuts[g.cut]
	var y [6]float64
	for i, row := range cg.sel {
		if accel {
			y[i] = cg.kappa[row]
		}
		if pin != nil && len(g.ind) > 0 {
			v0 := s.m.Joints[s.m.Comparisons[g.cut].Joint].V0
			for _, k := range g.ind {
				y[i] += cg.rates[row].Dot(cg.sc[k]) * pin[s.indPos[v0+k]]
			}
		}
	}
	return y
}

// recover writes the joint velocities (or accelerations) out (len NV) of the body
// quantities A (per node) solved in system sy, with the same accel and pin as setRHS.
func (s *Solver) recover(sy *system, A []spatial.Vec6, accel bool, pin []float64, out []float64) {
	m := s.m
	for e, ed := range m.Edges {
		j := &m.Joints[ed.Joint]
		d := A[ed.Child].Sub(s.xe[e].InvActMotion(A[ed.Parent]))
		if accel {
			d = d.Sub(s.cb[ed.Child])
		}
		for k := range j.NV {
			out[j.V0+k] = s.edges[e].spinv[k].Dot(d)
		}
	}
	for gi := range sy.groups {
		g := &sy.groups[gi]
		if g.edge >= 0 || s.cuts[g.cut].nd == 0 {
			continue
		}
		s.recoverCut(g, A, accel, pin, out)
	}
}

// recoverCut writes the cut joint's velocities (or accelerations) of group g.
func (s *Solver) recoverCut(g *group, A []spatial.Vec6, accel bool, pin []float64, out []float64) {
	m := s.m
	c := &m.Comparisons[g.cut]
	cg := &s.cuts[g.cut]
	j := &m.Joints[c.Joint]
	rel := cg.yb.ActMotion(A[c.NodeB]).Sub(cg.w.InvActMotion(A[c.NodeA]))
	y := s.cutRHS(g, accel, pin)
	for i, row := range cg.sel {
		y[i] = cg.rates[row].Dot(rel) - y[i]
	}
	var x [6]float64
	g.qr.pinv(y[:len(cg.sel)], x[:len(g.dep)])
	for t, k := range g.dep {
		out[j.V0+k] = x[t]
	}
	for _, k := range g.ind {
		out[j.V0+k] = 0
		if pin != nil {
			out[j.V0+k] = pin[s.indPos[j.V0+k]]
		}
	}
}
