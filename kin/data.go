package kin

import (
	"slices"

	"github.com/robocompiler/robocompiler/closure"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/dyn"
	"github.com/robocompiler/robocompiler/internal/dense"
	"github.com/robocompiler/robocompiler/spatial"
	"gonum.org/v1/gonum/mat"
)

// Data is the caller-owned workspace of the interfaces of one compiled model under one
// partition: the stages Lifted, Curvature, Kinematics and PortMap evaluate its fields at a
// feasible state (q, u), in the order the front door (package robocompiler, Data.Interfaces)
// calls them; nothing allocates after NewData.
type Data struct {
	m *compile.Model
	// Lift holds the partition and E (NV × D), shared with the workspace's owner.
	Lift *closure.Lift
	// Closure is the closure workspace, shared with the owner, and Dyn the tree-dynamics
	// workspace, evaluated at the last Kinematics' q (Dyn's poses and twists at V).
	Closure *closure.Data
	Dyn     *dyn.Data
	// Ports are the model's compiled actuator ports (m.Ports), in record order.
	Ports []compile.Port

	// V is the feasible velocity E u (len NV) and Curv the curvature Ė u (len NV), both
	// in the model's velocity units.
	V, Curv []float64
	// Ell are the port displacements ℓ(q) (len nf; m or rad).
	Ell []float64
	// JEll is D ℓ N, the port Jacobian in velocity coordinates (nf × NV), and L = JEll E
	// the port map of eq. 12 (nf × D). Kinematics rewrites only the entries of JEll that
	// can be nonzero (the others stay zero from NewData on; do not write into JEll).
	JEll, L *mat.Dense

	// last[n] is the last tree velocity on node n's root path (−1 at the ground): the
	// path's velocities are last[n], λ(last[n]), … (dyn.Data.VelocityParent), O(n) storage
	// however deep the tree.
	last []int
	// portCols[i] are the columns of JEll's row i that can be nonzero, ascending: the
	// velocities of port i's joint terms, or those on its attachments' root paths. The
	// other entries of JEll stay zero from NewData on.
	portCols [][]int
	// portRow[i] holds, for a port of joint terms, its JEll row on portCols[i] (the sum of
	// its terms' coefficients per column, in term order), which does not depend on q; nil
	// for a two-point port.
	portRow [][]float64
	// portQ[i] holds the configuration index of each of the joint terms of port i.
	portQ [][]int
	// world[k] is WorldSubspace(k) at the last Kinematics.
	world []spatial.Vec6
	// placed[n] reports that the closure workspace's ground pose of node n is current
	// (closure.Data.GroundPlacements), for Kinematics; nil when no loop closes through the
	// ground (no comparison has the ground as its lowest common ancestor), so that the
	// closure evaluation places nothing against it.
	placed []bool
	// scratch for cut-joint subspaces.
	sj [6]spatial.Vec6
}

// NewData allocates the interfaces of m over the closure workspace c and the lift l (of a
// partition from closure.ChoosePartition), which it shares with their owner (in the front
// door, the closure tracker): one closure evaluation per configuration serves the tracker,
// the lift and the interfaces.
func NewData(m *compile.Model, c *closure.Data, l *closure.Lift) *Data {
	nf, d := len(m.Ports), l.P.Mobility
	kd := &Data{m: m, Lift: l, Closure: c, Dyn: dyn.NewData(m),
		Ports: m.Ports, V: make([]float64, m.NV), Curv: make([]float64, m.NV), Ell: make([]float64, nf),
		last: make([]int, len(m.Bodies)+1), world: make([]spatial.Vec6, m.NVT)}
	for _, c := range m.Comparisons {
		if c.LCA == compile.Ground {
			kd.placed = make([]bool, len(m.Bodies)+1)
			break
		}
	}
	kd.JEll, kd.L = denseOrEmpty(nf, m.NV), denseOrEmpty(nf, d)
	kd.last[compile.Ground] = -1
	for _, ed := range m.Edges {
		j := &m.Joints[ed.Joint]
		kd.last[ed.Child] = kd.last[ed.Parent]
		if j.NV > 0 {
			kd.last[ed.Child] = j.V0 + j.NV - 1
		}
	}
	kd.portCols = make([][]int, nf)
	for i := range kd.Ports {
		p := &kd.Ports[i]
		var cols []int
		if p.TwoPoint {
			cols = append(kd.Support(p.NodeA), kd.Support(p.NodeB)...)
		} else {
			for _, t := range p.Terms {
				cols = append(cols, m.Joints[t.Joint].V0)
			}
		}
		slices.Sort(cols)
		kd.portCols[i] = slices.Compact(cols)
		if !p.TwoPoint {
			row, qs := make([]float64, len(kd.portCols[i])), make([]int, len(p.Terms))
			for k, t := range p.Terms {
				j := &m.Joints[t.Joint]
				row[slices.Index(kd.portCols[i], j.V0)] += t.Coef
				qs[k] = j.Q0
			}
			kd.portRow, kd.portQ = append(kd.portRow, row), append(kd.portQ, qs)
		} else {
			kd.portRow, kd.portQ = append(kd.portRow, nil), append(kd.portQ, nil)
		}
	}
	return kd
}

// denseOrEmpty returns an r×c matrix, or an empty one when either size is zero (gonum
// rejects zero-sized dense matrices).
func denseOrEmpty(r, c int) *mat.Dense {
	if r == 0 || c == 0 {
		return &mat.Dense{}
	}
	return mat.NewDense(r, c, nil)
}

// Model returns the model the workspace belongs to.
func (d *Data) Model() *compile.Model { return d.m }

// Mobility is the number of independent speeds D.
func (d *Data) Mobility() int { return d.Lift.P.Mobility }

// Lifted writes the feasible velocity V = E u for the independent speeds u (len D) with
// the lift's E at its last update.
func (d *Data) Lifted(u []float64) {
	dense.CheckLen("kin: Lifted", "u", len(u), d.Mobility())
	if d.Lift.IdentityOnly() {
		copy(d.V, u)
		return
	}
	e := d.Lift.E.RawMatrix()
	dense.MulVec(e.Data, e.Stride, u, d.V)
}

// Curvature writes Curv = Ė u at the feasible configuration q (len NQ) for the velocity V
// of the last Lifted: the drift γ of the closure workspace (whose Jacobian must be at q)
// and the curvature of the lift's factorisation, R_p c_p = −γ_S.
func (d *Data) Curvature(q []float64) {
	if d.m.Rows == 0 {
		clear(d.Curv)
		return
	}
	d.Closure.DriftOnly(q, d.V) // C at q is already in place
	d.Lift.Curvature(d.Closure.Gamma, d.Curv)
}

// PortMap writes the port map L = JEll E (nf × D, eq. 12) from the JEll of the last
// Kinematics and the lift's E.
func (d *Data) PortMap() {
	switch {
	case len(d.Ports) == 0 || d.Mobility() == 0:
	case d.Lift.IdentityOnly():
		d.L.Copy(d.JEll)
	default:
		d.mulPortCols()
	}
}

// Kinematics evaluates only what depends on q alone: the tree poses (and twists at the
// current V), the world motion subspaces, the port displacements Ell and JEll. Task values
// and Jacobians J_x read it. It needs no feasible q, so differentials can be checked at
// off-manifold states; L, V and Curv keep their last values. The tree is placed from the
// closure workspace's edge placements, so after a closure evaluation at the same q the
// joints are not evaluated again, nor the poses and world subspaces that evaluation
// composed from the ground.
func (d *Data) Kinematics(q []float64) {
	x, s := d.Closure.EdgePlacements(q)
	if d.placed == nil {
		d.Dyn.ForwardKinematicsPlaced(q, d.V, x, s)
	} else {
		g, sb := d.Closure.GroundPlacements(d.placed)
		d.Dyn.ForwardKinematicsGround(q, d.V, x, s, g, sb, d.placed)
	}
	d.Dyn.WorldSubspaces(d.world)
	d.ports(q)
}

// mulPortCols writes L = JEll E over the columns of JEll's rows that can be nonzero
// (portCols), skipping the zero entries among them: the sums of the dense product over
// JEll's nonzeros, in its order.
func (d *Data) mulPortCols() {
	c, a, b := d.L.RawMatrix(), d.JEll.RawMatrix(), d.Lift.E.RawMatrix()
	for i, cols := range d.portCols {
		ci := c.Data[i*c.Stride : i*c.Stride+c.Cols]
		clear(ci)
		ai := a.Data[i*a.Stride : i*a.Stride+a.Cols]
		for _, l := range cols {
			x := ai[l]
			if x == 0 {
				continue
			}
			bl := b.Data[l*b.Stride : l*b.Stride+c.Cols]
			for j, y := range bl {
				ci[j] += x * y
			}
		}
	}
}
