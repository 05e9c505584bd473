// Package compile turns a canonical mechanism graph into an immutable compiled structure:
// a spanning forest rooted at the ground, oriented tree edges, the augmented coordinate
// layout, closure comparisons with their ordered tree paths (pruned at the lowest common
// ancestor), coupling rows, the sparsity pattern of the closure Jacobian, dependency
// modules (section II of the paper), and the records the runtime evaluates: actuator
// ports, sites, scales and the branch window. The paths and the sparsity pattern are
// walked on demand (Model.AppendPath, Model.AppendColumns), so that the compiled model
// stays linear in the mechanism's size however deep its loops close. Support modes are derived from a compiled
// model (WithSupports) without compiling again.
//
// Every structure is derived from the physical records alone and is independent of the
// order of the records in the input: records are sorted by id before any choice is made.
// Only ports and sites keep the record order (a port's index is its effort's index).
package compile

import (
	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/joint"
	"github.com/robocompiler/robocompiler/spatial"
)

// Ground is the node index of the fixed ground frame; bodies are nodes 1..len(Bodies).
const Ground = 0

// Model is a compiled mechanism. It is immutable after Compile and safe to share between
// goroutines.
type Model struct {
	// Graph is a private deep copy of the source records, kept for the exporters and the
	// record-level lookups (seeds, partition requests). Runtime packages read only the
	// compiled fields below.
	Graph *cmg.Graph
	// GroundName is the id of the ground frame, node Ground.
	GroundName string
	// Bodies are the bodies in id order; Bodies[i] is node i+1.
	Bodies []Body
	// Joints are the physical joints in id order; tree joints and cut joints alike.
	Joints []Joint
	// Edges are the spanning-forest edges in topological order (a parent's edge comes
	// before its children's). Every body has exactly one.
	Edges []Edge
	// Comparisons are the closure comparisons, one per cut joint and per declared loop cut.
	Comparisons []Comparison
	// Couplings are the affine coupling rows, after the comparison rows.
	Couplings []Coupling
	// Ports are the compiled actuator ports, in record order.
	Ports []Port
	// Sites are the compiled task and contact sites, in record order.
	Sites []Site
	// Scales are the characteristic length and angle of the rank decisions.
	Scales Scales
	// BranchWindow bounds how far assembly may move 1-DoF joints from the seed.
	BranchWindow BranchWindow

	// NQ and NV are the sizes of the augmented configuration and velocity: every joint's
	// coordinates except those of eliminated cut joints.
	NQ, NV int
	// NQT and NVT are the sizes of the tree configuration and velocity: the tree joints'
	// coordinates come first in q and v, so q_T = q[:NQT] and v_T = v[:NVT].
	NQT, NVT int
	// Rows is the number of residual rows (comparisons, then couplings).
	Rows int
	// CycleRank is mu = |J| - |B| + kappa, counting the ground as a node and declared
	// loop cuts (and support cuts) as edges.
	CycleRank int
	// Gravity is the gravitational acceleration in the ground frame, m/s².
	Gravity spatial.Vec3
	// Eliminated reports whether cut joints were emitted in eliminated form.
	Eliminated bool

	bodyIndex, jointIndex map[string]int
}

// Scales are the characteristic length (m) and angle (rad) that weight residual rows and
// velocity columns before rank decisions; the compiler resolves an undeclared or zero
// scale to 1.
type Scales struct {
	LengthM, AngleRad float64
}

// BranchWindow bounds assembly: a revolute-like 1-DoF coordinate may move at most
// RevoluteRad (rad) and a prismatic one at most PrismaticM (m) from the seed. Zero means
// unbounded.
type BranchWindow struct {
	RevoluteRad, PrismaticM float64
}

// Body is a compiled rigid body.
type Body struct {
	ID string
	// Inertia is the spatial inertia in the body frame.
	Inertia spatial.Inertia
	// Edge is the index in Model.Edges of the tree edge that carries this body.
	Edge int
	// Parent is the parent node in the spanning forest; Depth counts edges to the ground.
	Parent, Depth int
}

// Joint is a compiled physical joint.
type Joint struct {
	ID string
	// Model is the joint's motion model Q(q).
	Model joint.Model
	// A and B are the joint frame in body A and in body B: X = A·Q(q)·B⁻¹. AInv and BInv
	// are their inverses, computed once at compile time.
	A, B, AInv, BInv spatial.Transform
	// NodeA and NodeB are the joined nodes (Ground or a body node).
	NodeA, NodeB int
	// Q0 and V0 are this joint's offsets in q and v; NQ and NV its sizes there: the
	// motion model's sizes, or 0 for an eliminated cut joint.
	Q0, V0, NQ, NV int
	// Tree reports whether the joint is a spanning-forest edge (otherwise it is a cut).
	Tree bool
	// Eliminated reports a cut joint emitted in eliminated form: its relative motion
	// follows from the tree coordinates, so it owns no coordinates in q and v.
	Eliminated bool
	// Armature, Damping and Friction are the joint's passive parameters (per velocity);
	// FrictionVelocity is the regularisation speed of the smooth Coulomb friction
	// −Friction·tanh(v/FrictionVelocity) (rad/s or m/s, the default resolved).
	Armature, Damping, Friction, FrictionVelocity float64

	// aIdentity and bIdentity report an identity A or B, which the edge placements skip.
	aIdentity, bIdentity bool
}

// Edge is a tree joint oriented from its parent node to its child node.
type Edge struct {
	// Joint is the index in Model.Joints.
	Joint int
	// Parent and Child are node indices.
	Parent, Child int
	// Reversed is true when the joint's body A is the child: then X_parent←child =
	// B·Q(q)⁻¹·A⁻¹.
	Reversed bool

	// screw is the edge's precomputed placement (joint.Screw) when screwOK: its joint
	// has at most one screw axis.
	screw   joint.Screw
	screwOK bool
}

// Node returns the body id of node n, or the ground name for Ground.
func (m *Model) Node(n int) string {
	if n == Ground {
		return m.GroundName
	}
	return m.Bodies[n-1].ID
}

// JointIndex returns the index of the joint with the given id, or -1.
func (m *Model) JointIndex(id string) int {
	if i, ok := m.jointIndex[id]; ok {
		return i
	}
	return -1
}

// BodyNode returns the node index of the body (or ground) with the given id, or -1.
func (m *Model) BodyNode(id string) int {
	if id == m.GroundName {
		return Ground
	}
	if i, ok := m.bodyIndex[id]; ok {
		return i + 1
	}
	return -1
}

// CutJoints returns the indices of the joints that are not in the spanning forest.
func (m *Model) CutJoints() []int {
	var out []int
	for i := range m.Joints {
		if !m.Joints[i].Tree {
			out = append(out, i)
		}
	}
	return out
}

// CoordinateNames labels each velocity coordinate: the joint id for 1-DoF joints,
// "id[k]" otherwise. Length NV.
func (m *Model) CoordinateNames() []string {
	names := make([]string, m.NV)
	for _, j := range m.Joints {
		for k := 0; k < j.NV; k++ {
			names[j.V0+k] = coordName(j.ID, k, j.NV)
		}
	}
	return names
}
