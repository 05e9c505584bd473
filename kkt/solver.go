package kkt

import (
	"errors"
	"fmt"
	"slices"

	"github.com/robocompiler/robocompiler/closure"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/dyn"
	"github.com/robocompiler/robocompiler/internal/dense"
	"github.com/robocompiler/robocompiler/spatial"
)

// ErrSingular reports a numerically singular constraint system at the current state: a
// cut joint whose selected rows do not determine its dependent velocities, or a K that is
// not positive definite (the constraints have lost rank: the partition must change).
var ErrSingular = errors.New("kkt: the maximal-coordinate constraint system is singular at this configuration (the partition's dependent block has lost rank)")

// Solver is the loop form of a closed-chain model's interfaces and dynamics under one
// partition: the lift v = E u, the curvature Ė u and the reduced forward dynamics, each
// by one sparse solve in maximal coordinates instead of the dense E, M_T and M_r. It is a
// caller-owned workspace of O(n) memory for mechanisms whose body graph has bounded width
// (chains, trees, ladders of loops); no evaluation allocates.
type Solver struct {
	m *compile.Model
	p *closure.Partition
	// indPos[k] is velocity k's position in p.Independent, or −1.
	indPos []int
	// Per node (0 unused): the Cholesky factor U of the spatial inertia H = UᵀU and the
	// reciprocals of its diagonal.
	hu    []block
	hdinv [][6]float64
	edges []edgeGeom // per tree edge
	cuts  []cutGeom  // per comparison
	dyn   *system    // the dynamics: constraints only
	lift  *system    // constraints and independent speeds pinned
	// rowsFrom is the system assembled first at the current placement (nil: none yet),
	// whose tree-edge rows the other copies.
	rowsFrom *system
	// Per node, at the current placement: pose X_ground←node, twist, velocity-product
	// acceleration of the tree edge, wrench and solved acceleration or twist.
	pose                  []spatial.Transform
	twist, cb, force, acc []spatial.Vec6
	xe                    []spatial.Transform // per edge X_parent←child (the closure's)
	s                     []spatial.Vec6      // per velocity, tree subspace columns (the closure's)
	placedQ               []float64
	placed                bool
	// Refinement of the forward dynamics in joint coordinates: the tree dynamics, the
	// multipliers, per node the cut wrenches and the correction, the tree residual and
	// the correction of a.
	tree    *dyn.Data
	lam     []float64
	fx, dA  []spatial.Vec6
	rho, da []float64
	// The saved velocity-product terms and the closure residuals of a refinement step.
	cbSave []spatial.Vec6
	kres   [][6]float64
}

// edgeGeom is a tree joint's geometry at the current placement: the QR factorisation of
// its motion subspace S (6 × nd, child frame) and the rows of S's left inverse
// S⁺ = R⁻¹Q₁ᵀ, kept while S stays the same (constant for most joints on forward edges).
type edgeGeom struct {
	qr    smallQR
	spinv [6]spatial.Vec6
	sub   [6]spatial.Vec6 // the S they were computed for
	ok    bool            // computed at least once
}

// cutGeom is a comparison's geometry at the current placement.
type cutGeom struct {
	sel   []int             // the comparison's selected rows (offsets within it)
	nd    int               // retained cut joint's velocities (0: none)
	rates [6]spatial.Vec6   // rate rows (closure.Data.ComparisonRates)
	sc    [6]spatial.Vec6   // cut joint subspace, in Fa
	w     spatial.Transform // FrameA·Q_cut(q): Fa in NodeA
	yb    spatial.Transform // Fa←NodeB
	kappa [6]float64        // acceleration right-hand side per row (after velocities)
}

// New analyses model m under partition p. It refuses (an error naming the reason) models
// the loop form does not cover: couplings, joint armature, a body whose spatial inertia is
// not positive definite, a comparison of a body with itself, a cut joint with velocities
// but no selected rows.
func New(m *compile.Model, p *closure.Partition) (*Solver, error) {
	if len(m.Couplings) > 0 {
		return nil, fmt.Errorf("kkt: couplings are not supported")
	}
	nn := len(m.Bodies) + 1
	s := &Solver{m: m, p: p, indPos: make([]int, m.NV), hu: make([]block, nn), hdinv: make([][6]float64, nn),
		edges: make([]edgeGeom, len(m.Edges)), cuts: make([]cutGeom, len(m.Comparisons)),
		pose: make([]spatial.Transform, nn), twist: make([]spatial.Vec6, nn), cb: make([]spatial.Vec6, nn),
		force: make([]spatial.Vec6, nn), acc: make([]spatial.Vec6, nn), placedQ: make([]float64, m.NQ)}
	for i := range s.indPos {
		s.indPos[i] = -1
	}
	for k, c := range p.Independent {
		s.indPos[c] = k
	}
	for i := range m.Joints {
		if m.Joints[i].Armature != 0 {
			return nil, fmt.Errorf("kkt: joint %q has armature", m.Joints[i].ID)
		}
	}
	for b := range m.Bodies {
		u := &s.hu[b+1]
		*u = block(m.Bodies[b].Inertia.Mat6())
		if !cholesky(u[:], 6) {
			return nil, fmt.Errorf("kkt: body %q has no positive definite spatial inertia", m.Bodies[b].ID)
		}
		for i := range 6 {
			s.hdinv[b+1][i] = 1 / u[i][i]
		}
	}
	sel := map[int]bool{}
	for _, r := range p.Rows {
		sel[r] = true
	}
	for ci := range m.Comparisons {
		c := &m.Comparisons[ci]
		cg := &s.cuts[ci]
		for k := range c.Rows() {
			if sel[c.Row+k] {
				cg.sel = append(cg.sel, k)
			}
		}
		if c.Joint >= 0 {
			cg.nd = m.Joints[c.Joint].NV
		}
		if c.NodeA == c.NodeB {
			return nil, fmt.Errorf("kkt: comparison %q joins body %q to itself", c.ID, m.Node(c.NodeA))
		}
		if cg.nd > 0 && len(cg.sel) == 0 {
			return nil, fmt.Errorf("kkt: cut joint of comparison %q has no selected rows", c.ID)
		}
	}
	s.dyn, s.lift = s.newSystem(false), s.newSystem(true)
	s.tree, s.lam = dyn.NewData(m), make([]float64, s.dyn.chol.n)
	s.fx, s.dA = make([]spatial.Vec6, nn), make([]spatial.Vec6, nn)
	s.rho, s.da = make([]float64, m.NVT), make([]float64, m.NV)
	s.cbSave, s.kres = make([]spatial.Vec6, nn), make([][6]float64, len(m.Comparisons))
	s.pose[compile.Ground] = spatial.Identity()
	return s, nil
}

// Partition returns the partition the solver was built for.
func (s *Solver) Partition() *closure.Partition { return s.p }

// Bytes estimates the memory the solver holds: both factorisations, the constraint rows
// and the per-body state, counted from their lengths; the tree dynamics workspace of the
// refinement (dyn.Data, about 1 kB per body) and slice headers are not counted, so the real
// heap is about a quarter more (9.4 MB against 7.3 MB on the 300-loop ladder).
func (s *Solver) Bytes() int {
	n := 8*(len(s.indPos)+len(s.placedQ)) + (288+48)*len(s.hu) + (36+48+36)*8*len(s.edges) +
		len(s.cuts)*(8*(6*6*3+6+24)) + 24*8*len(s.pose) + 4*48*len(s.twist)
	for _, sy := range []*system{s.dyn, s.lift} {
		n += sy.chol.bytes() + 48*len(sy.grow)
		if !sy.pinned {
			n += 48 * len(sy.hgrow)
		}
		n += 8*(len(sy.incPtr)+3*len(sy.inc)+len(sy.rhs)) + len(sy.pairs)*6*8 + len(sy.groups)*8*16 + len(s.cuts)*(2*36*8)
	}
	return n
}

// Invalidate forgets the placement, so that the next evaluation places the geometry and
// factors again even at an unchanged q (after the closure workspace was evaluated anew).
func (s *Solver) Invalidate() { s.placed = false }

// place evaluates the geometry at q (len NQ) from the closure workspace c (its edge
// placements and comparison row maps, evaluated there unless already placed at q), unless
// the solver is placed at q already.
func (s *Solver) place(c *closure.Data, q []float64) {
	if s.placed && compile.SameConfig(q, s.placedQ) {
		return
	}
	m := s.m
	c.PlaceComparisons(q)
	s.xe, s.s = c.EdgePlacements(q)
	for e, ed := range m.Edges {
		s.pose[ed.Child] = s.pose[ed.Parent].Mul(s.xe[e])
		j := &m.Joints[ed.Joint]
		eg := &s.edges[e]
		if eg.ok && slices.Equal(s.s[j.V0:j.V0+j.NV], eg.sub[:j.NV]) {
			continue // the subspace in the child frame is that of the last placement
		}
		copy(eg.sub[:], s.s[j.V0:j.V0+j.NV])
		eg.ok = true
		var a [6][6]float64
		for k := range j.NV {
			for i := range 6 {
				a[i][k] = s.s[j.V0+k][i]
			}
		}
		eg.qr.factor(&a, 6, j.NV) // a joint's subspace has full column rank
		for i := range 6 {
			var y, x [6]float64
			y[i] = 1
			eg.qr.pinv(y[:], x[:j.NV])
			for k := range j.NV {
				eg.spinv[k][i] = x[k]
			}
		}
	}
	for ci := range m.Comparisons {
		cm := &m.Comparisons[ci]
		cg := &s.cuts[ci]
		c.ComparisonRates(ci, cg.rates[:cm.Rows()])
		cg.w = cm.FrameA
		if cm.Joint >= 0 {
			j := &m.Joints[cm.Joint]
			qj := q[j.Q0 : j.Q0+j.NQ]
			cg.w = cg.w.Mul(j.Model.Transform(qj))
			j.Model.MotionSubspace(qj, cg.sc[:j.NV])
		}
		cg.yb = s.pose[cm.NodeA].Mul(cg.w).Inv().Mul(s.pose[cm.NodeB])
	}
	copy(s.placedQ, q)
	s.placed = true
	s.dyn.ok, s.lift.ok, s.rowsFrom = false, false, nil
}

// velocities evaluates the twists and velocity-product terms at the feasible velocity v
// (len NV) at the current placement: per tree edge cb = V × S v̇ + Ṡ v, per comparison the
// acceleration right-hand side κ of its rows.
func (s *Solver) velocities(c *closure.Data, q, v []float64) {
	m := s.m
	for e, ed := range m.Edges {
		j := &m.Joints[ed.Joint]
		var rel spatial.Vec6
		for k := range j.NV {
			rel = rel.Add(s.s[j.V0+k].Scale(v[j.V0+k]))
		}
		tw := s.xe[e].InvActMotion(s.twist[ed.Parent]).Add(rel)
		s.twist[ed.Child] = tw
		s.cb[ed.Child] = spatial.CrossMotion(tw, rel).Add(m.EdgeBias(e, q, v))
	}
	var beta [6]float64
	for ci := range m.Comparisons {
		cm := &m.Comparisons[ci]
		cg := &s.cuts[ci]
		var rel, bias spatial.Vec6
		if cm.Joint >= 0 {
			j := &m.Joints[cm.Joint]
			for k := range j.NV {
				rel = rel.Add(cg.sc[k].Scale(v[j.V0+k]))
			}
			bias = j.Model.BiasTwist(q[j.Q0:j.Q0+j.NQ], v[j.V0:j.V0+j.NV])
		}
		vf := cg.w.InvActMotion(s.twist[cm.NodeA]).Add(rel)
		vrel := cg.yb.ActMotion(s.twist[cm.NodeB]).Sub(vf)
		n := cm.Rows()
		c.ComparisonDrift(ci, vrel, beta[:n])
		t := spatial.CrossMotion(vf, rel).Add(bias).Add(spatial.CrossMotion(vf, vrel))
		for k := range n {
			cg.kappa[k] = cg.rates[k].Dot(t) - beta[k]
		}
	}
}

// factored makes sure sy is factored at the current placement.
func (s *Solver) factored(sy *system) error {
	if !sy.ok && !s.assemble(sy) {
		return ErrSingular
	}
	return nil
}

// Velocity writes the feasible velocity v = E u (len NV) for the independent speeds u
// (len D) at the feasible configuration q (len NQ), with c the model's closure workspace
// (its placements are reused at q).
func (s *Solver) Velocity(c *closure.Data, q, u, v []float64) error {
	dense.CheckLen("kkt: Velocity", "u", len(u), s.p.Mobility)
	dense.CheckLen("kkt: Velocity", "v", len(v), s.m.NV)
	s.place(c, q)
	if err := s.factored(s.lift); err != nil {
		return err
	}
	s.setRHS(s.lift, false, u)
	s.solveLift(s.acc)
	s.recover(s.lift, s.acc, false, u, v)
	return nil
}

// Acceleration writes a = E u̇ + Ė u (len NV), the acceleration of the independent
// accelerations udot (len D; nil: zero, which gives the curvature Ė u) at the feasible
// state (q, v = E u).
func (s *Solver) Acceleration(c *closure.Data, q, v, udot, a []float64) error {
	dense.CheckLen("kkt: Acceleration", "v", len(v), s.m.NV)
	dense.CheckLen("kkt: Acceleration", "a", len(a), s.m.NV)
	if udot != nil {
		dense.CheckLen("kkt: Acceleration", "udot", len(udot), s.p.Mobility)
	}
	s.place(c, q)
	if err := s.factored(s.lift); err != nil {
		return err
	}
	s.velocities(c, q, v)
	s.setRHS(s.lift, true, udot)
	s.solveLift(s.acc)
	s.recover(s.lift, s.acc, true, udot, a)
	return nil
}

// ReducedForce writes r = E_Tᵀ y (len D) for the generalised tree force y (len NVT) at
// the feasible configuration q, by one solve with the transpose of the pinned system
// (the virtual power of y over the motion of each independent speed).
func (s *Solver) ReducedForce(c *closure.Data, q, y, r []float64) error {
	m := s.m
	dense.CheckLen("kkt: ReducedForce", "y", len(y), m.NVT)
	dense.CheckLen("kkt: ReducedForce", "r", len(r), s.p.Mobility)
	s.place(c, q)
	sy := s.lift
	if err := s.factored(sy); err != nil {
		return err
	}
	clear(s.force)
	s.jointWrenches(nil, y, false)
	clear(sy.rhs)
	s.solveRefined(sy, s.force, s.dA, refineSteps)
	// r = Bᵀλ for the pinned right-hand side g = B u: a tree joint's pin row carries its
	// speed with coefficient 1, a cut joint's independent columns enter as Zᵀ P_ind.
	clear(r)
	for gi := range sy.groups {
		g := &sy.groups[gi]
		lam := sy.lam[sy.chol.off[gi] : sy.chol.off[gi]+g.n]
		if g.edge >= 0 {
			j := &m.Joints[m.Edges[g.edge].Joint]
			base := g.n - len(g.pins)
			for k, p := range g.pins {
				r[s.indPos[j.V0+p]] = lam[base+k]
			}
			continue
		}
		if len(g.ind) == 0 {
			continue
		}
		cg := &s.cuts[g.cut]
		v0 := m.Joints[m.Comparisons[g.cut].Joint].V0
		for _, k := range g.ind {
			x := 0.0
			for i, row := range cg.sel {
				z := 0.0
				for t := range g.n {
					z += g.qr.q[i][len(g.dep)+t] * lam[t]
				}
				x += cg.rates[row].Dot(cg.sc[k]) * z
			}
			r[s.indPos[v0+k]] = x
		}
	}
	return nil
}

// Forward solves the constrained dynamics at the feasible state (q, v) for the tree
// efforts tauT (len NVT; nil: none) and external wrenches fext (nil, or one body-frame
// wrench per node as for dyn.Data.RNEA), writing the accelerations a (len NV): the
// a = E u̇ + c whose independent part u̇ solves M_r u̇ = E_Tᵀ(τ_T − h_T − M_T c_T), where c
// is curv (len NV; the curvature Ė u of Acceleration, or anything else such as zero for
// an ablation, as the dense path takes it) or, for nil, the exact curvature, without
// forming E, M_T or M_r (Gauss's principle: the bodies' accelerations minimise the
// acceleration energy under the closure rows at the acceleration level).
func (s *Solver) Forward(c *closure.Data, q, v, curv, tauT []float64, fext []spatial.Vec6, a []float64) error {
	m := s.m
	dense.CheckLen("kkt: Forward", "v", len(v), m.NV)
	if curv != nil {
		dense.CheckLen("kkt: Forward", "curv", len(curv), m.NV)
	}
	dense.CheckLen("kkt: Forward", "a", len(a), m.NV)
	if tauT != nil {
		dense.CheckLen("kkt: Forward", "tauT", len(tauT), m.NVT)
	}
	if fext != nil {
		dense.CheckLen("kkt: Forward", "fext", len(fext), len(s.pose))
	}
	s.place(c, q)
	if err := s.factored(s.dyn); err != nil {
		return err
	}
	s.velocities(c, q, v)
	if curv != nil { // the closure rows' acceleration is that of curv: C a = C curv
		s.closureResidual(curv)
		for ci := range s.cuts {
			for k, x := range s.kres[ci] {
				s.cuts[ci].kappa[k] -= x
			}
		}
	}
	grav := spatial.NewVec6(spatial.Vec3{}, m.Gravity.Neg())
	for b := 1; b < len(s.force); b++ {
		in := &m.Bodies[b-1].Inertia
		tw := s.twist[b]
		f := in.MulMotion(s.pose[b].InvActMotion(grav)).Add(spatial.CrossForce(tw, in.MulMotion(tw)))
		if fext != nil {
			f = f.Sub(fext[b])
		}
		s.force[b] = f.Scale(-1)
	}
	s.jointWrenches(v, tauT, true)
	s.setRHS(s.dyn, true, nil)
	// No refinement on the KKT system here: the joint-space refinement below corrects the
	// first solve to the same accuracy (measured on the ladders and built-ins).
	s.solveRefined(s.dyn, s.force, s.acc, 0)
	s.recover(s.dyn, s.acc, true, nil, a)
	copy(s.lam, s.dyn.lam)
	for range forwardRefineSteps {
		s.refineForward(q, v, tauT, fext, a)
	}
	return nil
}

// forwardRefineSteps is the number of steps of iterative refinement of Forward with the
// residual of the tree equations of motion in joint coordinates (RNEA). The maximal-
// coordinate residual carries the round-off of the internal joint and loop forces, which
// along a long chain are much larger than the net generalised forces; the joint-space
// residual does not, so that the result agrees with the relative-coordinate path to
// round-off of the reduced equations.
const forwardRefineSteps = 1

// refineForward is one step of iterative refinement: with the cut wrenches of the
// current multipliers as external forces, the tree residual ρ = τ_T − RNEA(q, v, a) is
// the generalised force the solution still misses; the correction δa solves the dynamics
// for ρ alone (no gravity, no velocity terms, homogeneous constraints).
func (s *Solver) refineForward(q, v, tauT []float64, fext []spatial.Vec6, a []float64) {
	sy := s.dyn
	for b := range s.fx {
		s.fx[b] = spatial.Vec6{}
		if fext != nil {
			s.fx[b] = fext[b]
		}
	}
	for gi := range sy.groups {
		g := &sy.groups[gi]
		if g.cut < 0 {
			continue
		}
		for sl, b := range g.body {
			if b != compile.Ground {
				subRows(&s.fx[b], sy.rows(g, sl), s.lam[sy.chol.off[gi]:])
			}
		}
	}
	s.tree.RNEA(q, v, a, s.fx, s.rho)
	for i := range s.rho {
		s.rho[i] = -s.rho[i]
		if tauT != nil {
			s.rho[i] += tauT[i]
		}
	}
	clear(s.force)
	s.jointWrenches(nil, s.rho, false)
	// The closure rows' residual at the acceleration level, from the body accelerations
	// a produces through the tree (as the closure evaluator propagates them), becomes the
	// correction's right-hand side: zero velocity-product terms, κ ← −residual.
	s.closureResidual(a)
	copy(s.cbSave, s.cb)
	clear(s.cb)
	for ci := range s.cuts {
		s.cuts[ci].kappa, s.kres[ci] = s.kres[ci], s.cuts[ci].kappa
	}
	s.setRHS(sy, true, nil)
	s.solveRefined(sy, s.force, s.dA, 0) // a small correction: its own round-off is negligible
	s.recover(sy, s.dA, true, nil, s.da)
	copy(s.cb, s.cbSave)
	for ci := range s.cuts {
		s.cuts[ci].kappa, s.kres[ci] = s.kres[ci], s.cuts[ci].kappa
	}
	for i, x := range s.da {
		a[i] += x
	}
	for i, x := range sy.lam {
		s.lam[i] += x
	}
}

// closureResidual writes into kres, per comparison row, minus the residual of the row's
// acceleration constraint (rates·(relative acceleration) − κ) for the joint accelerations
// a (len NV), with the body accelerations propagated from a along the tree.
func (s *Solver) closureResidual(a []float64) {
	m := s.m
	acc := s.acc
	acc[compile.Ground] = spatial.Vec6{}
	for e, ed := range m.Edges {
		j := &m.Joints[ed.Joint]
		x := s.xe[e].InvActMotion(acc[ed.Parent]).Add(s.cb[ed.Child])
		for k := range j.NV {
			x = x.Add(s.s[j.V0+k].Scale(a[j.V0+k]))
		}
		acc[ed.Child] = x
	}
	for ci := range m.Comparisons {
		cm := &m.Comparisons[ci]
		cg := &s.cuts[ci]
		rel := cg.yb.ActMotion(acc[cm.NodeB]).Sub(cg.w.InvActMotion(acc[cm.NodeA]))
		if cm.Joint >= 0 {
			j := &m.Joints[cm.Joint]
			for k := range j.NV {
				rel = rel.Sub(cg.sc[k].Scale(a[j.V0+k]))
			}
		}
		for k := range cm.Rows() {
			s.kres[ci][k] = cg.kappa[k] - cg.rates[k].Dot(rel)
		}
	}
}

// jointWrenches adds to force the wrenches of the tree efforts tauT (len NVT; nil: none),
// with the joints' damping at the velocity v when damping is set, on each tree joint's
// child and (reacted) parent.
func (s *Solver) jointWrenches(v, tauT []float64, damping bool) {
	for e, ed := range s.m.Edges {
		j := &s.m.Joints[ed.Joint]
		var w spatial.Vec6
		for k := range j.NV {
			t := 0.0
			if damping {
				t = -j.Damping * v[j.V0+k]
			}
			if tauT != nil {
				t += tauT[j.V0+k]
			}
			w = w.Add(s.edges[e].spinv[k].Scale(t))
		}
		s.force[ed.Child] = s.force[ed.Child].Add(w)
		if ed.Parent != compile.Ground {
			s.force[ed.Parent] = s.force[ed.Parent].Sub(s.xe[e].ActForce(w))
		}
	}
}
