package dyn

import (
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/internal/dense"
	"github.com/robocompiler/robocompiler/spatial"
)

// Data is the workspace of the tree dynamics of one compiled model. It holds the results
// of the last evaluation (poses, twists, accelerations) and the scratch space of every
// algorithm; all of it is allocated by NewData. Nodes are indexed as in the model: 0 is
// the ground, body i is node i+1.
type Data struct {
	m *compile.Model

	// Per node (len(Bodies)+1 entries; index 0 is the ground).
	xup   []spatial.Transform // X_parent←node of the node's tree edge
	pose  []spatial.Transform // X_ground←node
	twist []spatial.Vec6      // body twist, body frame
	jt    []spatial.Vec6      // the node's tree-joint twist S v (node frame), with twist
	acc   []spatial.Vec6      // body acceleration d(twist)/dt, body frame
	accG  []spatial.Vec6      // RNEA acceleration with the gravity offset
	force []spatial.Vec6      // RNEA net joint wrench on the node, node frame
	ic    []spatial.Inertia   // CRBA composite inertia, node frame
	// sw[k] is WorldSubspace(k) at the current placement when swValid (worldSubspaces).
	sw      []spatial.Vec6
	swValid bool

	// s[V0+k] is column k of the child-frame motion subspace of the tree joint at V0.
	s []spatial.Vec6
	// vnode[k] is the child node of tree velocity k's edge.
	vnode []int
	// kinematic reports that xup, pose, s and twist still hold the evaluation of the last
	// ForwardKinematics, at the tree coordinates kinQ (len NQT) and tree velocities kinV
	// (len NVT); see kinematicsFor.
	kinematic  bool
	kinQ, kinV []float64

	// Forward dynamics scratch: M_T (NVT×NVT, overwritten by its Cholesky factor; allocated
	// by the first ForwardDynamics, so that a workspace is O(n) until then) and h_T.
	mbuf, hbuf []float64

	// edges is the fused passes' edge table (massBias) and nodeEdge[n] the tree edge whose
	// child is node n (unused at the ground).
	edges    []edgeRec
	nodeEdge []int

	// vparent is the velocity parent array λ (len NVT; VelocityParent).
	vparent []int
	// Articulated-body scratch (ABA), per node: articulated inertia, bias force and
	// velocity-product acceleration; per tree velocity: U = I^A S and u = τ − Sᵀ p^A; per
	// edge, the Cholesky factor of D = Sᵀ U + armature at dOff[e] (nv² entries).
	ia    []spatial.Mat6
	pa    []spatial.Vec6
	cb    []spatial.Vec6
	uu    []spatial.Vec6
	uvec  []float64
	dfac  []float64
	dOff  []int
	small [6]float64
}

// NewData allocates the workspace for m. The model is only read, never modified.
func NewData(m *compile.Model) *Data {
	nn := len(m.Bodies) + 1
	d := &Data{
		m:     m,
		xup:   make([]spatial.Transform, nn),
		pose:  make([]spatial.Transform, nn),
		twist: make([]spatial.Vec6, nn),
		jt:    make([]spatial.Vec6, nn),
		acc:   make([]spatial.Vec6, nn),
		accG:  make([]spatial.Vec6, nn),
		force: make([]spatial.Vec6, nn),
		ic:    make([]spatial.Inertia, nn),
		s:     make([]spatial.Vec6, m.NVT),
		vnode: make([]int, m.NVT),
		sw:    make([]spatial.Vec6, m.NVT),
		kinQ:  make([]float64, m.NQT),
		kinV:  make([]float64, m.NVT),
		hbuf:  make([]float64, m.NVT),

		edges:    edgeRecs(m),
		nodeEdge: make([]int, nn),
		vparent:  velocityParents(m),
		ia:       make([]spatial.Mat6, nn),
		pa:       make([]spatial.Vec6, nn),
		cb:       make([]spatial.Vec6, nn),
		uu:       make([]spatial.Vec6, m.NVT),
		uvec:     make([]float64, m.NVT),
		dOff:     make([]int, len(m.Edges)+1),
	}
	for e, ed := range m.Edges {
		nv := m.Joints[ed.Joint].NV
		d.dOff[e+1] = d.dOff[e] + nv*nv
	}
	d.dfac = make([]float64, d.dOff[len(m.Edges)])
	for e, ed := range m.Edges {
		d.nodeEdge[ed.Child] = e
		j := &m.Joints[ed.Joint]
		for k := range j.NV {
			d.vnode[j.V0+k] = ed.Child
		}
	}
	d.xup[compile.Ground] = spatial.Identity()
	d.pose[compile.Ground] = spatial.Identity()
	return d
}

// Model returns the model this workspace belongs to.
func (d *Data) Model() *compile.Model { return d.m }

// checkQ panics unless q has the augmented length NQ; where is "dyn: Func".
func (d *Data) checkQ(where string, q []float64) { dense.CheckLen(where, "q", len(q), d.m.NQ) }

// checkV panics unless the argument name has the augmented length NV.
func (d *Data) checkV(where, name string, v []float64) {
	dense.CheckLen(where, name, len(v), d.m.NV)
}

// checkT panics unless the argument name has the tree length NVT.
func (d *Data) checkT(where, name string, x []float64) {
	dense.CheckLen(where, name, len(x), d.m.NVT)
}

// checkF panics unless fext is nil or has one entry per node (len(Bodies)+1).
func (d *Data) checkF(where string, fext []spatial.Vec6) {
	if fext != nil {
		dense.CheckLen(where, "fext", len(fext), len(d.pose))
	}
}
