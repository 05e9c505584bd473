// Package closure evaluates the PACDM closure of a compiled model (section III of the
// paper): residuals rho(q) (eq. 7), the analytic closure Jacobian C = D rho N (eq. 8),
// the constraint drift Ċv, the rank-revealing partition and lift E (eqs. 9–10), defect-
// homotopy assembly (eq. 11), tracking, and the modular solver.
package closure

import (
	"slices"

	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/joint"
	"github.com/robocompiler/robocompiler/spatial"
	"gonum.org/v1/gonum/mat"
)

// EvalOptions selects how a Data evaluates the closure; the zero value is the default
// cycle-local evaluator. It is fixed when the Data is made (NewDataWith).
type EvalOptions struct {
	// Global selects the root-based reference evaluator (every body propagated from the
	// ground) instead of the cycle-local one (each comparison propagated from its lowest
	// common ancestor along its own path only).
	Global bool
	// NoJacobian leaves the dense Jacobian C out (nil) for a model whose linear systems
	// are solved in maximal coordinates (the front door's loop form): Jacobian evaluates
	// the residual only, Drift the residual and the drift, and neither a Rows × NV matrix
	// nor the comparisons' paths are held (Tangent is not available).
	NoJacobian bool
}

// Data is the caller-owned workspace of the closure evaluator for one model. Evaluation
// writes into it and allocates nothing.
type Data struct {
	m    *compile.Model
	opts EvalOptions

	// Rho is the residual, len Rows: metres for translational rows, radians for
	// rotational rows, dimensionless for axis rows and couplings in their joints' units.
	Rho []float64
	// C is the closure Jacobian, Rows × NV, in v coordinates (qdot = N(q) v). Its entries
	// outside the structure (compile.Model.Blocks) stay zero: callers must not write into
	// it.
	C *mat.Dense
	// Gamma is the drift Ċ(q,v)·v, len Rows, for a velocity v with C v = 0.
	Gamma []float64

	// Per node: pose, twist and velocity-product acceleration relative to the current
	// evaluation base, in the base frame.
	g  []spatial.Transform
	w  []spatial.Vec6
	wd []spatial.Vec6
	s  []spatial.Vec6 // per velocity index: edge subspace in the child frame (tree) or the cut joint's own S
	// sb holds, per tree velocity index, the subspace column in the frame of the child
	// node's current base (Ad_g·s), valid with the child's g; cols asks propagate for it.
	sb   []spatial.Vec6
	cols bool
	rows [6]float64
	// rateAd is the rate map of the current comparison composed with Ad(frame A⁻¹): row
	// rates per base-frame twist (Rows × 6, row-major), for the Jacobian's tree columns.
	rateAd [36]float64

	// Defect homotopy (eq. 11): per comparison, the defect transform inverse (log rows) or
	// per-row offsets (other rows), and whether it is active.
	defectInv []spatial.Transform
	defectOff []float64
	homotopy  bool
	// branchCut is the first comparison (lowest index) whose logarithm left its branch
	// during the last evaluation, or -1.
	branchCut int

	// Placement cache, so that one evaluation places each edge once and DriftOnly and
	// EdgePlacements reuse the previous evaluation's placement: gen advances with every
	// evaluation except those two at the q (compared bit for bit with placedQ) of the
	// previous one, and when the defect homotopy changes. xe[e]
	// (X_parent←child of edge e) and the edge's columns of s are valid when
	// edgeGen[e] == gen; comps[ci] when its gen equals gen.
	gen     uint64
	placedQ []float64
	xe      []spatial.Transform
	edgeGen []uint64
	comps   []placedComp
	// cutScrews are the precomputed placements FrameA·Q(q) of the comparisons' cut joints
	// with at most one screw axis, where cutScrewOK is set.
	cutScrews  []joint.Screw
	cutScrewOK []bool
	// pass counts evaluations; node n's g, w and wd hold its quantities relative to base
	// node[n].base when node[n].pass == pass, so comparisons with a common base share the
	// propagation of their common path edges. Node n's pose g (and, with node[n].cols, its
	// edge's base-frame columns sb) hold relative to base node[n].gbase at placement
	// node[n].gen, so an evaluation at an unchanged placement (DriftOnly after Jacobian)
	// propagates only the velocities.
	pass uint64
	node []nodeState
	// edges holds the static data of the tree edges that propagate reads.
	edges []edgeInfo

	// fdJacobian replaces the analytic Jacobian by central differences of the residual
	// (a benchmark baseline for the corrector only).
	fdJacobian bool
	fdq        []float64
	fdrho      []float64
	fddv       []float64

	// active lists the comparisons and couplings evaluated (nil: all); see setActive.
	activeComp, activeCoup []int

	// rootA and rootB are the global evaluator's root paths of the comparison whose
	// Jacobian rows are evaluated: the edges from the ground down to its nodes A and B
	// (rootPaths; capacity: the forest's depth; nil without a Jacobian).
	rootA, rootB []int
	// Local paths, per comparison: edges from the LCA down to A and down to B (nil without
	// a Jacobian: the propagation walks the tree up from A and B, see propagateTo;
	// with them it runs along them, see propagatePath).
	downA, downB [][]int
	// stack is propagateTo's scratch (capacity: the bodies).
	stack []int
	// order is the evaluation order of the comparisons: by evaluation base (LCA), so that
	// comparisons with a common base share the propagation of their common edges.
	order []int
	// pathCols are the velocity columns of each comparison's local paths, pathSign their
	// signs (−1 down to A, +1 down to B).
	pathCols [][]int
	pathSign [][]float64
}

// NewData allocates the workspace for model m with the default (cycle-local) evaluator.
func NewData(m *compile.Model) *Data { return NewDataWith(m, EvalOptions{}) }

// NewDataWith allocates the workspace for model m with the evaluator selected by opts.
func NewDataWith(m *compile.Model, opts EvalOptions) *Data {
	nn := len(m.Bodies) + 1
	d := &Data{m: m, opts: opts,
		Rho: make([]float64, m.Rows), Gamma: make([]float64, m.Rows),
		g: make([]spatial.Transform, nn), w: make([]spatial.Vec6, nn), wd: make([]spatial.Vec6, nn),
		s: make([]spatial.Vec6, m.NV), sb: make([]spatial.Vec6, m.NV),
		placedQ: make([]float64, m.NQ), xe: make([]spatial.Transform, len(m.Edges)),
		edgeGen: make([]uint64, len(m.Edges)), comps: make([]placedComp, len(m.Comparisons)),
		node: make([]nodeState, nn), edges: make([]edgeInfo, len(m.Edges)), stack: make([]int, 0, nn),
		defectInv: make([]spatial.Transform, len(m.Comparisons)), defectOff: make([]float64, m.Rows),
	}
	if m.Rows > 0 && m.NV > 0 && !opts.NoJacobian {
		d.C = mat.NewDense(m.Rows, m.NV, nil)
	}
	for e := range m.Edges {
		ed := &m.Edges[e]
		j := &m.Joints[ed.Joint]
		d.edges[e] = edgeInfo{parent: ed.Parent, child: ed.Child, v0: j.V0, nv: j.NV, bias: !j.Model.ConstantSubspace()}
	}
	for i := range d.defectInv {
		d.defectInv[i] = spatial.Identity()
	}
	d.cutScrews, d.cutScrewOK = make([]joint.Screw, len(m.Comparisons)), make([]bool, len(m.Comparisons))
	for ci, c := range m.Comparisons {
		if c.Joint >= 0 {
			j := &m.Joints[c.Joint]
			if j.NQ == j.Model.NQ() && j.NV == j.Model.NV() {
				d.cutScrews[ci], d.cutScrewOK[ci] = j.Model.Screw(c.FrameA, spatial.Identity(), false)
			}
		}
	}
	d.order = make([]int, len(m.Comparisons))
	for i := range d.order {
		d.order[i] = i
	}
	slices.SortStableFunc(d.order, func(a, b int) int { return m.Comparisons[a].LCA - m.Comparisons[b].LCA })
	if opts.Global && d.C != nil {
		// The root paths of a deep mechanism's cuts are long (on a ladder their total
		// grows like loops²): they are walked per comparison into these.
		depth := 0
		for i := range m.Bodies {
			depth = max(depth, m.Bodies[i].Depth)
		}
		d.rootA, d.rootB = make([]int, 0, depth), make([]int, 0, depth)
	}
	var path []compile.Factor // one comparison's path, reused
	for _, c := range m.Comparisons {
		if d.C == nil {
			continue // no Jacobian rows to write, nor their paths to keep
		}
		var da, db []int
		path, _ = m.AppendPath(path[:0], c.NodeA, c.NodeB)
		for _, f := range path {
			if f.Up {
				da = append(da, f.Edge)
			} else {
				db = append(db, f.Edge)
			}
		}
		slices.Reverse(da)
		d.downA = append(d.downA, da)
		d.downB = append(d.downB, db)
		var cols []int
		var signs []float64
		for pass, edges := range [2][]int{da, db} {
			for _, e := range edges {
				j := &m.Joints[m.Edges[e].Joint]
				for k := j.V0; k < j.V0+j.NV; k++ {
					cols, signs = append(cols, k), append(signs, float64(2*pass-1))
				}
			}
		}
		d.pathCols, d.pathSign = append(d.pathCols, cols), append(d.pathSign, signs)
	}
	return d
}

// BranchViolation returns the id of the first comparison whose logarithm left its
// principal branch in the last evaluation, and false when none did.
func (d *Data) BranchViolation() (string, bool) {
	if d.branchCut < 0 {
		return "", false
	}
	return d.m.Comparisons[d.branchCut].ID, true
}

// setActive restricts evaluation to the given comparisons and couplings (indices into
// Model.Comparisons and Model.Couplings), for the modular solver; rows of the others are
// left untouched. nil, nil restores full evaluation. d must use the cycle-local
// evaluator.
func (d *Data) setActive(comparisons, couplings []int) {
	d.activeComp, d.activeCoup = comparisons, couplings
}

func (d *Data) nComp() int {
	if d.activeComp == nil && d.activeCoup == nil {
		return len(d.m.Comparisons)
	}
	return len(d.activeComp)
}

func (d *Data) comp(k int) int {
	if d.activeComp == nil && d.activeCoup == nil {
		return d.order[k]
	}
	return d.activeComp[k]
}

func (d *Data) nCoup() int {
	if d.activeComp == nil && d.activeCoup == nil {
		return len(d.m.Couplings)
	}
	return len(d.activeCoup)
}

func (d *Data) coup(k int) int {
	if d.activeComp == nil && d.activeCoup == nil {
		return k
	}
	return d.activeCoup[k]
}

// Model returns the compiled model the workspace belongs to.
func (d *Data) Model() *compile.Model { return d.m }

// Residual evaluates rho(q) into d.Rho.
func (d *Data) Residual(q []float64) { d.eval(q, nil, false, false) }

// Jacobian evaluates rho(q) into d.Rho and C(q) into d.C.
func (d *Data) Jacobian(q []float64) {
	if d.fdJacobian {
		d.differenceJacobian(q)
		return
	}
	d.eval(q, nil, true, false)
}

// differenceJacobian fills C by central differences of rho along each velocity direction
// (the baseline the analytic corrector is benchmarked against), then rho at q.
func (d *Data) differenceJacobian(q []float64) {
	m := d.m
	if d.fdq == nil {
		d.fdq, d.fdrho, d.fddv = make([]float64, m.NQ), make([]float64, m.Rows), make([]float64, m.NV)
	}
	const h = 1e-7
	raw := d.C.RawMatrix()
	for c := 0; c < m.NV; c++ {
		d.fddv[c] = 1
		m.Integrate(q, d.fddv, h, d.fdq)
		d.eval(d.fdq, nil, false, false)
		copy(d.fdrho, d.Rho)
		m.Integrate(q, d.fddv, -h, d.fdq)
		d.eval(d.fdq, nil, false, false)
		for r := 0; r < m.Rows; r++ {
			raw.Data[r*raw.Stride+c] = (d.fdrho[r] - d.Rho[r]) / (2 * h)
		}
		d.fddv[c] = 0
	}
	d.eval(q, nil, false, false)
}

// Drift evaluates rho(q), C(q) and the drift Ċ(q,v)·v into d.Gamma. The drift is exact
// for velocities in the tangent space (C v = 0): there the derivative of the logarithm's
// differential contributes nothing, because it is linear in ρ̇ = C v.
func (d *Data) Drift(q, v []float64) { d.eval(q, v, true, false) }

// DriftOnly is Drift without the Jacobian: it evaluates rho(q) and the drift into d.Gamma
// and leaves d.C untouched, for a caller that already evaluated C at the same q. It reuses
// the placement (edge transforms, subspaces, logarithms) of the previous evaluation when
// q is unchanged since then bit for bit.
func (d *Data) DriftOnly(q, v []float64) { d.eval(q, v, false, true) }

// placedComp is the configuration-only part of one comparison at placement gen: frame A
// (moved by the cut joint, if any) relative to the evaluation base, its inverse, and the
// row map at the relative transform.
type placedComp struct {
	gen       uint64
	fp, fpInv spatial.Transform
	rf        rowMap
}

// place starts a new placement generation at q, unless reuse is set and q is that of the
// current one.
func (d *Data) place(q []float64, reuse bool) {
	if !reuse || d.gen == 0 || !compile.SameConfig(q, d.placedQ) {
		d.forget()
		copy(d.placedQ, q)
	}
}

// forget invalidates every cached placement (after a change of q or of the defect
// homotopy).
func (d *Data) forget() { d.gen++ }

// eval evaluates the residual at q, the Jacobian when jac is set and the drift for a
// non-nil v; reuse keeps the previous evaluation's placement at an unchanged q.
func (d *Data) eval(q, v []float64, jac, reuse bool) {
	m := d.m
	d.place(q, reuse)
	d.pass++
	d.branchCut = -1
	d.cols = jac && d.C != nil || v != nil
	if jac && d.C != nil {
		d.clearPattern()
	}
	if d.opts.Global {
		d.setBase(compile.Ground)
		for e := range m.Edges {
			d.propagate(e, compile.Ground, q, v)
		}
	}
	for k := 0; k < d.nComp(); k++ {
		ci := d.comp(k)
		c := &m.Comparisons[ci]
		var ea, eb []int // the paths, for the Jacobian's rows
		switch {
		case d.opts.Global:
			if jac && d.C != nil {
				ea, eb = d.rootPaths(ci)
			}
		default:
			d.setBase(c.LCA)
			if d.downA != nil {
				ea, eb = d.downA[ci], d.downB[ci]
				d.propagatePath(ea, c.LCA, q, v)
				d.propagatePath(eb, c.LCA, q, v)
			} else {
				d.propagateTo(c.NodeA, c.LCA, q, v)
				d.propagateTo(c.NodeB, c.LCA, q, v)
			}
		}
		d.compare(ci, ea, eb, q, v, jac)
	}
	for k := 0; k < d.nCoup(); k++ {
		cp := &m.Couplings[d.coup(k)]
		js, jm := &m.Joints[cp.Slave], &m.Joints[cp.Master]
		d.Rho[cp.Row] = q[js.Q0] - cp.Multiplier*q[jm.Q0] - cp.Offset - d.defectOff[cp.Row]
		if jac {
			d.C.Set(cp.Row, js.V0, d.C.At(cp.Row, js.V0)+1)
			d.C.Set(cp.Row, jm.V0, d.C.At(cp.Row, jm.V0)-cp.Multiplier)
		}
		if v != nil {
			d.Gamma[cp.Row] = 0
		}
	}
}

// rootPaths returns the global evaluator's paths of comparison ci, the edges from the
// ground down to its nodes A and B, in the workspace's scratch rootA and rootB (valid
// until the next call; d must have a Jacobian).
func (d *Data) rootPaths(ci int) ([]int, []int) {
	c := &d.m.Comparisons[ci]
	d.rootA, d.rootB = d.rootPath(d.rootA[:0], c.NodeA), d.rootPath(d.rootB[:0], c.NodeB)
	return d.rootA, d.rootB
}

// rootPath appends to buf the edges from the ground down to node n.
func (d *Data) rootPath(buf []int, n int) []int {
	start := len(buf)
	for ; n != compile.Ground; n = d.m.Bodies[n-1].Parent {
		buf = append(buf, d.m.Bodies[n-1].Edge)
	}
	slices.Reverse(buf[start:])
	return buf
}

// clearPattern zeroes the entries of C that the evaluation accumulates into: with the
// cycle-local evaluator the couplings' two entries (jacobianRows assigns the comparisons'
// structural entries, and every other entry of C is zero from its allocation and never
// written); with the global evaluator, whose root paths add and cancel columns outside
// the structure, all of C.
func (d *Data) clearPattern() {
	if d.opts.Global {
		d.C.Zero()
		return
	}
	m := d.m
	for k := 0; k < d.nCoup(); k++ {
		cp := &m.Couplings[d.coup(k)]
		d.C.Set(cp.Row, m.Joints[cp.Slave].V0, 0)
		d.C.Set(cp.Row, m.Joints[cp.Master].V0, 0)
	}
}

// placeEdge evaluates edge e's transform and subspace columns at q unless the current
// placement holds them.
func (d *Data) placeEdge(e int, q []float64) {
	if d.edgeGen[e] != d.gen {
		ed := &d.edges[e]
		d.m.EdgePlacementTo(&d.xe[e], e, q, d.s[ed.v0:ed.v0+ed.nv])
		d.edgeGen[e] = d.gen
	}
}

// EdgePlacements returns the transform X_parent←child of every tree edge at q (indexed
// by edge) and the motion-subspace columns (indexed by velocity; the tree velocities'
// columns are those of compile.Model.EdgePlacement). It reuses the placements of the
// previous evaluation when q is unchanged since then bit for bit (as after Jacobian or
// DriftOnly at q) and evaluates the others, so the tree dynamics can be placed without
// evaluating the joints again (dyn.Data.ForwardKinematicsPlaced). The slices belong to
// the workspace: read them before its next evaluation.
func (d *Data) EdgePlacements(q []float64) ([]spatial.Transform, []spatial.Vec6) {
	d.place(q, true)
	for e := range d.m.Edges {
		d.placeEdge(e, q)
	}
	return d.xe, d.s
}

// GroundPlacements returns the poses g (per node) and base-frame subspace columns sb (per
// velocity) of the last evaluation and sets placed[n] (len Bodies+1) for the nodes whose
// entries hold, at the current placement, X_ground←n and the ground-frame columns Ad_g s of
// their tree edge: those placed against the ground (the base of loops that close through
// it; every node with the global evaluator) with the Jacobian's columns. After
// EdgePlacements at q they are the tree's poses and world subspaces at q
// (dyn.Data.ForwardKinematicsGround). The slices belong to the workspace: read them
// before its next evaluation.
func (d *Data) GroundPlacements(placed []bool) ([]spatial.Transform, []spatial.Vec6) {
	for n := range placed {
		ns := &d.node[n]
		placed[n] = d.gen != 0 && ns.gen == d.gen && ns.gbase == compile.Ground && ns.cols
	}
	return d.g, d.sb
}

// nodeState holds one node's validity stamps (Data.pass, Data.gen).
type nodeState struct {
	pass, gen   uint64
	base, gbase int
	cols        bool
}

// edgeInfo is the static data of one tree edge that propagate reads.
type edgeInfo struct {
	parent, child, v0, nv int
	bias                  bool // the joint's subspace moves (EdgeBias may be nonzero)
}

// setBase makes node n the evaluation base: identity pose, zero twist and acceleration.
func (d *Data) setBase(n int) {
	ns := &d.node[n]
	if ns.pass == d.pass && ns.base == n {
		return // the base already in this pass
	}
	d.g[n] = identity // a copy of the stored identity (spatial.Identity() is built on the stack)
	d.w[n], d.wd[n] = spatial.Vec6{}, spatial.Vec6{}
	*ns = nodeState{pass: d.pass, base: n, gen: d.gen, gbase: n}
}

// propagate advances pose, twist and velocity-product acceleration across tree edge e
// from its parent to its child (all relative to base, which the parent already is
// evaluated against), and stores the edge's subspace columns. v == nil skips velocities.
// A child already evaluated against base in this pass is left as it is.
func (d *Data) propagate(e, base int, q, v []float64) {
	ed := &d.edges[e]
	c := ed.child
	if ns := &d.node[c]; ns.pass == d.pass && ns.base == base {
		return
	}
	d.advance(e, base, q, v)
}

// advance is propagate across edge e whose child is not yet evaluated against base in
// this pass.
func (d *Data) advance(e, base int, q, v []float64) {
	ed := &d.edges[e]
	c := ed.child
	ns := &d.node[c]
	ns.pass, ns.base = d.pass, base
	sb := d.sb[ed.v0 : ed.v0+ed.nv]
	if ns.gen != d.gen || ns.gbase != base || d.cols && !ns.cols {
		d.placeEdge(e, q)
		g := &d.g[c]
		if ed.parent == base {
			copyTransform(g, &d.xe[e]) // the base's pose is the identity
		} else {
			g.SetMul(&d.g[ed.parent], &d.xe[e])
		}
		if d.cols {
			s := d.s[ed.v0 : ed.v0+ed.nv]
			for k := range s {
				g.ActMotionTo(&sb[k], &s[k])
			}
		}
		ns.gen, ns.gbase, ns.cols = d.gen, base, d.cols
	}
	if v == nil {
		return
	}
	var relW spatial.Vec6 // Σ (Ad_g s_k) v_k
	sumCols(&relW, sb, v[ed.v0:ed.v0+len(sb)])
	w, wp := &d.w[c], &d.w[ed.parent]
	w[0], w[1], w[2], w[3], w[4], w[5] = wp[0]+relW[0], wp[1]+relW[1], wp[2]+relW[2], wp[3]+relW[3], wp[4]+relW[4], wp[5]+relW[5]
	wd := &d.wd[c]
	wd.AddCrossMotion(&d.wd[ed.parent], w, &relW)
	if ed.bias {
		b := d.m.EdgeBias(e, q, v)
		var bb spatial.Vec6
		d.g[c].ActMotionTo(&bb, &b)
		wd[0], wd[1], wd[2], wd[3], wd[4], wd[5] = wd[0]+bb[0], wd[1]+bb[1], wd[2]+bb[2], wd[3]+bb[3], wd[4]+bb[4], wd[5]+bb[5]
	}
}

// propagateTo propagates along the tree path from base down to node, below the path's
// deepest node already evaluated against base in this pass: the comparisons of a common
// base share their paths' common edges, so that an evaluation visits each edge once
// (O(n) on a ladder whose loops all close through the ground) rather than once per
// comparison whose path passes it. It walks the path up from node, so it needs no
// stored path.
func (d *Data) propagateTo(node, base int, q, v []float64) {
	up := d.stack[:0]
	for n := node; n != base; {
		if ns := &d.node[n]; ns.pass == d.pass && ns.base == base {
			break
		}
		b := &d.m.Bodies[n-1]
		up = append(up, b.Edge)
		n = b.Parent
	}
	for i := len(up) - 1; i >= 0; i-- {
		d.advance(up[i], base, q, v)
	}
}

// propagatePath is propagateTo along a stored path (the edges from base down to the
// node): it finds the path's deepest node already evaluated against base in this pass
// from the path's end and advances across the edges below it, a flat pass over the
// path instead of a walk up the tree into a scratch stack.
func (d *Data) propagatePath(path []int, base int, q, v []float64) {
	i := len(path)
	for ; i > 0; i-- {
		if ns := &d.node[d.edges[path[i-1]].child]; ns.pass == d.pass && ns.base == base {
			break
		}
	}
	for _, e := range path[i:] {
		d.advance(e, base, q, v)
	}
}

// cutScrew writes FrameA·Q(q) of comparison ci's cut joint into x from its precomputed
// placement, writing its subspace column, and reports false (x unchanged) when it has
// none or q is beyond its range.
func (d *Data) cutScrew(ci int, q []float64, x *spatial.Transform) bool {
	if !d.cutScrewOK[ci] {
		return false
	}
	j := &d.m.Joints[d.m.Comparisons[ci].Joint]
	qj := 0.0
	if j.NQ == 1 {
		qj = q[j.Q0]
	}
	k := &d.cutScrews[ci]
	ok := k.AtTo(x, qj)
	if ok && j.NV == 1 {
		d.s[j.V0] = k.Column()
	}
	return ok
}

// copyTransform sets *dst = *src entry by entry: a whole copy reads the entries in pairs,
// which stalls on a src whose entries were just stored one by one (as the joints'
// placements are).
func copyTransform(dst, src *spatial.Transform) {
	for i := range 3 {
		dst.R[i][0], dst.R[i][1], dst.R[i][2], dst.P[i] = src.R[i][0], src.R[i][1], src.R[i][2], src.P[i]
	}
}

// compare evaluates comparison ci from the node quantities relative to the current base;
// ea and eb are the edges from the base down to its nodes A and B.
func (d *Data) compare(ci int, ea, eb []int, q, v []float64, jac bool) {
	m := d.m
	c := &m.Comparisons[ci]
	pc := &d.comps[ci]
	if pc.gen != d.gen {
		var x spatial.Transform
		if d.cutScrew(ci, q, &x) {
			pc.fp.SetMul(&d.g[c.NodeA], &x)
		} else if c.Joint >= 0 {
			j := &m.Joints[c.Joint]
			qj := q[j.Q0 : j.Q0+j.NQ]
			var fa spatial.Transform
			fa.SetMul(&d.g[c.NodeA], &c.FrameA)
			x := j.Model.Transform(qj)
			pc.fp.SetMul(&fa, &x)
			j.Model.MotionSubspace(qj, d.s[j.V0:j.V0+j.NV])
		} else {
			pc.fp.SetMul(&d.g[c.NodeA], &c.FrameA)
		}
		pc.fpInv.SetInv(&pc.fp)
		var def *spatial.Transform
		if d.homotopy {
			def = &d.defectInv[ci]
		}
		var fb, delta spatial.Transform
		fb.SetMul(&d.g[c.NodeB], &c.FrameB)
		delta.SetMul(&pc.fpInv, &fb)
		pc.rf.init(c, &delta, def)
		pc.gen = d.gen
	}
	fp, fpInv, rf := &pc.fp, &pc.fpInv, &pc.rf
	wA, wdA := &d.w[c.NodeA], &d.wd[c.NodeA]
	var cutW, cutWd spatial.Vec6 // the twist and acceleration of A after the cut joint
	if c.Joint >= 0 && v != nil {
		j := &m.Joints[c.Joint]
		var rel, relW spatial.Vec6 // Σ S_k v_k, then Ad_fp of it
		sumCols(&rel, d.s[j.V0:j.V0+j.NV], v[j.V0:j.V0+j.NV])
		fp.ActMotionTo(&relW, &rel)
		cutW[0], cutW[1], cutW[2], cutW[3], cutW[4], cutW[5] = wA[0]+relW[0], wA[1]+relW[1], wA[2]+relW[2], wA[3]+relW[3], wA[4]+relW[4], wA[5]+relW[5]
		cutWd.AddCrossMotion(wdA, &cutW, &relW)
		if !j.Model.ConstantSubspace() {
			b := j.Model.BiasTwist(q[j.Q0:j.Q0+j.NQ], v[j.V0:j.V0+j.NV])
			var bb spatial.Vec6
			fp.ActMotionTo(&bb, &b)
			cutWd[0], cutWd[1], cutWd[2] = cutWd[0]+bb[0], cutWd[1]+bb[1], cutWd[2]+bb[2]
			cutWd[3], cutWd[4], cutWd[5] = cutWd[3]+bb[3], cutWd[4]+bb[4], cutWd[5]+bb[5]
		}
		wA, wdA = &cutW, &cutWd
	}
	if rf.branchErr != nil && (d.branchCut < 0 || ci < d.branchCut) {
		d.branchCut = ci
	}
	rho := d.Rho[c.Row : c.Row+c.Rows()]
	rf.residual(rho)
	if d.homotopy && c.Kind != compile.RowsSE3 && c.Kind != compile.RowsWeld {
		for k := range rho {
			rho[k] -= d.defectOff[c.Row+k]
		}
	}
	if jac && d.C != nil { // nil when no coordinate moves (a loop of fixed joints)
		d.jacobianRows(ci, ea, eb)
	}
	if v != nil {
		// V = Ad_{fp⁻¹}(w_B − w_A), V̇ = Ad_{fp⁻¹}(ẇ_B − ẇ_A − w_A × (w_B − w_A)).
		wB, wdB := &d.w[c.NodeB], &d.wd[c.NodeB]
		var rel, x, V, Vd spatial.Vec6
		rel[0], rel[1], rel[2], rel[3], rel[4], rel[5] = wB[0]-wA[0], wB[1]-wA[1], wB[2]-wA[2], wB[3]-wA[3], wB[4]-wA[4], wB[5]-wA[5]
		x.AddCrossMotion(wdA, wA, &rel)
		x[0], x[1], x[2], x[3], x[4], x[5] = wdB[0]-x[0], wdB[1]-x[1], wdB[2]-x[2], wdB[3]-x[3], wdB[4]-x[4], wdB[5]-x[5]
		fpInv.ActMotionTo(&V, &rel)
		fpInv.ActMotionTo(&Vd, &x)
		rf.accel(&V, &Vd, d.Gamma[c.Row:c.Row+c.Rows()])
	}
}

// jacobianRows writes comparison ci's rows of C from its placement and the base-frame
// columns sb of the edges ea and eb (from the base down to nodes A and B). The rows are
// linear in the relative twist: the tree columns are ∓rateAd times sb, the cut joint's
// the rates of its own columns. The cycle-local evaluator's paths are disjoint, so each
// structural entry is written once (assigned); the global evaluator's root paths share
// their common prefix, whose columns cancel, so it accumulates into a cleared C.
func (d *Data) jacobianRows(ci int, ea, eb []int) {
	m := d.m
	c := &m.Comparisons[ci]
	rf := &d.comps[ci].rf
	raw := d.C.RawMatrix()
	nr := c.Rows()
	h := d.rateAd[:6*nr]
	na := rf.rateMatrix(&d.comps[ci].fpInv, h)
	rows := raw.Data[c.Row*raw.Stride:]
	acc := d.opts.Global
	switch {
	case !acc && nr == 6 && na == 3:
		// The logarithm rows: h = [[J R, 0], [X, J R]] (logRateCols).
		logRateCols((*[36]float64)(h), d.sb, d.pathCols[ci], d.pathSign[ci], rows, raw.Stride)
	case !acc && nr == 3 && na == 0:
		// Point rows, unrolled.
		st := raw.Stride
		h := (*[18]float64)(h)
		for n, k := range d.pathCols[ci] {
			t, sign := &d.sb[k], d.pathSign[ci][n]
			t0, t1, t2, t3, t4, t5 := sign*t[0], sign*t[1], sign*t[2], sign*t[3], sign*t[4], sign*t[5]
			col := rows[k : k+2*st+1]
			col[0] = h[0]*t0 + h[1]*t1 + h[2]*t2 + h[3]*t3 + h[4]*t4 + h[5]*t5
			col[st] = h[6]*t0 + h[7]*t1 + h[8]*t2 + h[9]*t3 + h[10]*t4 + h[11]*t5
			col[2*st] = h[12]*t0 + h[13]*t1 + h[14]*t2 + h[15]*t3 + h[16]*t4 + h[17]*t5
		}
	default:
		for pass, edges := range [2][]int{ea, eb} {
			sign := -1.0
			if pass == 1 {
				sign = 1
			}
			for _, e := range edges {
				j := &m.Joints[m.Edges[e].Joint]
				for k := j.V0; k < j.V0+j.NV; k++ {
					t := &d.sb[k]
					col := rows[k:]
					t0, t1, t2, t3, t4, t5 := sign*t[0], sign*t[1], sign*t[2], sign*t[3], sign*t[4], sign*t[5]
					for i := range na {
						hi := h[6*i : 6*i+3 : 6*i+3]
						x := hi[0]*t0 + hi[1]*t1 + hi[2]*t2
						if acc {
							x += col[i*raw.Stride]
						}
						col[i*raw.Stride] = x
					}
					for i := na; i < nr; i++ {
						hi := h[6*i : 6*i+6 : 6*i+6]
						x := hi[0]*t0 + hi[1]*t1 + hi[2]*t2 + hi[3]*t3 + hi[4]*t4 + hi[5]*t5
						if acc {
							x += col[i*raw.Stride]
						}
						col[i*raw.Stride] = x
					}
				}
			}
		}
	}
	if c.Joint >= 0 && !acc && !rf.usePre && (c.Kind == compile.RowsSE3 || c.Kind == compile.RowsWeld) &&
		m.Joints[c.Joint].Model.Kind == joint.Spherical {
		// A spherical cut's columns S = [I; 0] read J_l⁻¹'s first three columns.
		st, v0 := raw.Stride, m.Joints[c.Joint].V0
		for k := range 3 {
			col := rows[v0+k : v0+k+5*st+1]
			col[0], col[st], col[2*st] = -rf.jinv3[0][k], -rf.jinv3[1][k], -rf.jinv3[2][k]
			col[3*st], col[4*st], col[5*st] = -rf.jinvC[0][k], -rf.jinvC[1][k], -rf.jinvC[2][k]
		}
	} else if c.Joint >= 0 {
		j := &m.Joints[c.Joint]
		out := d.rows[:nr]
		for k := j.V0; k < j.V0+j.NV; k++ {
			rf.rateTo(&d.s[k], out)
			col := rows[k:]
			for i, x := range out {
				if acc {
					x -= col[i*raw.Stride]
				}
				col[i*raw.Stride] = -x
			}
		}
	}
}

// logRateCols writes, for every n, column k = cols[n] of the six logarithm rows of c (row
// stride stride) as h·t for the relative twist t = signs[n]·sb[k] of that column: rows 0–2
// read h's angular block only (h = [[J R, 0], [X, J R]]), each sum in the order of its
// terms. It checks the bounds rateCols6 (SSE2 assembly on amd64) relies on.
func logRateCols(h *[36]float64, sb []spatial.Vec6, cols []int, signs []float64, c []float64, stride int) {
	if len(signs) < len(cols) || stride < 1 {
		panic("closure: logRateCols: signs or stride")
	}
	for _, k := range cols {
		if k < 0 || k >= len(sb) || 5*stride+k >= len(c) {
			panic("closure: logRateCols: a column outside sb or c")
		}
	}
	rateCols6(h, sb, cols, signs, c, stride)
}

// sumCols adds Σ_k s[k] v[k] to out (len(v) ≥ len(s)), component by component in the
// order of k, on scalars (Go does not unroll the loop over a Vec6's six components).
func sumCols(out *spatial.Vec6, s []spatial.Vec6, v []float64) {
	v = v[:len(s)]
	o0, o1, o2, o3, o4, o5 := out[0], out[1], out[2], out[3], out[4], out[5]
	for k := range s {
		sk, vk := &s[k], v[k]
		o0, o1, o2, o3, o4, o5 = o0+sk[0]*vk, o1+sk[1]*vk, o2+sk[2]*vk, o3+sk[3]*vk, o4+sk[4]*vk, o5+sk[5]*vk
	}
	out[0], out[1], out[2], out[3], out[4], out[5] = o0, o1, o2, o3, o4, o5
}
