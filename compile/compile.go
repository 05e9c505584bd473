package compile

import (
	"fmt"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/joint"
	"github.com/robocompiler/robocompiler/spatial"
)

// Options steer compilation.
type Options struct {
	// Eliminate emits cut joints in eliminated form (rows on the tree: point 3,
	// universal 4, revolute 5, prismatic 5, planar 3, weld 6) instead of the full SE(3)
	// comparison that retains the cut joint's own coordinates; an eliminated cut joint
	// has no coordinates in q and v. Helical and free cut joints, and cut joints that an
	// actuator, coupling or partition request names, always keep the SE(3) form.
	Eliminate bool
}

// Compile builds the compiled structure of g. The graph is copied; g is not modified.
// g must have passed cmg validation; Compile reports any structural problem it still
// finds (for example a hinted cut that disconnects the forest, or an actuator that is no
// valid port) as an error naming the record and field.
func Compile(g *cmg.Graph, opts Options) (*Model, error) {
	m := &Model{Graph: g.Clone(), Eliminated: opts.Eliminate}
	m.GroundName = m.Graph.GroundName()
	m.Gravity = spatial.Vec3(m.Graph.GravityVec())
	m.Scales = Scales{LengthM: 1, AngleRad: 1}
	if s := m.Graph.Scales; s != nil {
		if s.LengthM > 0 {
			m.Scales.LengthM = s.LengthM
		}
		if s.AngleRad > 0 {
			m.Scales.AngleRad = s.AngleRad
		}
	}
	if bw := m.Graph.BranchWindow; bw != nil {
		m.BranchWindow = BranchWindow(*bw)
	}
	if err := m.buildBodies(); err != nil {
		return nil, err
	}
	if err := m.buildJoints(); err != nil {
		return nil, err
	}
	if err := m.chooseForest(); err != nil {
		return nil, err
	}
	if opts.Eliminate {
		m.eliminateCuts()
	}
	m.layoutCoordinates()
	if err := m.buildComparisons(); err != nil {
		return nil, err
	}
	if err := m.buildCouplings(); err != nil {
		return nil, err
	}
	m.numberRows()
	if err := m.buildPorts(); err != nil {
		return nil, err
	}
	if err := m.buildSites(); err != nil {
		return nil, err
	}
	return m, nil
}

func (m *Model) errorf(kind, id, field, format string, args ...any) error {
	return &cmg.FieldError{File: m.Graph.Source, Record: cmg.RecordName(kind, id), Field: field,
		Message: fmt.Sprintf(format, args...)}
}

func (m *Model) buildBodies() error {
	recs := byID(m.Graph.Bodies, func(b *cmg.Body) string { return b.ID })
	m.Bodies = make([]Body, len(recs))
	m.bodyIndex = make(map[string]int, len(recs))
	for i, b := range recs {
		m.bodyIndex[b.ID] = i
		in := b.Inertia
		icom := spatial.Mat3{{in[0], in[3], in[4]}, {in[3], in[1], in[5]}, {in[4], in[5], in[2]}}
		m.Bodies[i] = Body{ID: b.ID, Inertia: spatial.NewInertia(b.Mass, spatial.Vec3(b.COM), icom), Edge: -1, Parent: -1}
	}
	return nil
}

func (m *Model) buildJoints() error {
	recs := byID(m.Graph.Joints, func(j *cmg.Joint) string { return j.ID })
	m.Joints = make([]Joint, len(recs))
	m.jointIndex = make(map[string]int, len(recs))
	for i, r := range recs {
		m.jointIndex[r.ID] = i
		jm, err := JointModel(r)
		if err != nil {
			return m.errorf("joint", r.ID, "type", "%v", err)
		}
		a, b := m.BodyNode(r.BodyA), m.BodyNode(r.BodyB)
		if a < 0 {
			return m.errorf("joint", r.ID, "body_a", "unknown body %q", r.BodyA)
		}
		if b < 0 {
			return m.errorf("joint", r.ID, "body_b", "unknown body %q", r.BodyB)
		}
		j := &m.Joints[i]
		j.ID, j.Model, j.NodeA, j.NodeB, j.NQ, j.NV = r.ID, jm, a, b, jm.NQ(), jm.NV()
		j.A, j.B = r.FrameA.Transform(), r.FrameB.Transform()
		j.AInv, j.BInv = j.A.Inv(), j.B.Inv()
		j.aIdentity, j.bIdentity = j.A == spatial.Identity(), j.B == spatial.Identity()
		j.Armature, j.Damping, j.Friction = r.Armature, r.Damping, r.Friction
		j.FrictionVelocity = frictionVelocity(r.FrictionVelocity)
	}
	return nil
}

// JointModel converts a joint record into its motion model.
func JointModel(r *cmg.Joint) (joint.Model, error) {
	kind, err := joint.ParseKind(r.Type)
	if err != nil {
		return joint.Model{}, err
	}
	jm := joint.Model{Kind: kind, Pitch: r.Pitch}
	switch {
	case r.Axis != nil:
		jm.Axis = spatial.Vec3(*r.Axis)
	case kind == joint.Planar:
		jm.Axis = spatial.Vec3{0, 0, 1}
	}
	if r.Axis2 != nil {
		jm.Axis2 = spatial.Vec3(*r.Axis2)
	}
	if r.Limits != nil {
		jm.Limited = true
		copy(jm.Lower[:], r.Limits.Lower)
		copy(jm.Upper[:], r.Limits.Upper)
	}
	return jm, nil
}

// layoutCoordinates places tree joints first, in edge (topological) order, then cut
// joints in id order; eliminated cut joints take no room.
func (m *Model) layoutCoordinates() {
	q, v := 0, 0
	place := func(j *Joint) {
		if j.Eliminated {
			j.NQ, j.NV = 0, 0
		}
		j.Q0, j.V0 = q, v
		q += j.NQ
		v += j.NV
	}
	for _, e := range m.Edges {
		place(&m.Joints[e.Joint])
	}
	m.NQT, m.NVT = q, v
	for i := range m.Joints {
		if !m.Joints[i].Tree {
			place(&m.Joints[i])
		}
	}
	m.NQ, m.NV = q, v
}

// numberRows places the residual rows — comparisons in order, then couplings — and sets
// Rows and the cycle rank mu = |J| + (declared cuts) - (|B| + 1) + components.
func (m *Model) numberRows() {
	m.Rows = 0
	declared := 0
	for i := range m.Comparisons {
		c := &m.Comparisons[i]
		c.Row = m.Rows
		m.Rows += c.Rows()
		if c.Source != "joint" {
			declared++
		}
	}
	for i := range m.Couplings {
		m.Couplings[i].Row = m.Rows
		m.Rows++
	}
	m.CycleRank = len(m.Joints) + declared - (len(m.Bodies) + 1) + m.components()
}

// components counts the connected components of the body–joint graph, ground included.
func (m *Model) components() int {
	uf := newUnionFind(len(m.Bodies) + 1)
	for _, j := range m.Joints {
		uf.union(j.NodeA, j.NodeB)
	}
	for _, c := range m.Comparisons {
		uf.union(c.NodeA, c.NodeB)
	}
	return uf.count()
}

func coordName(id string, k, nv int) string {
	if nv == 1 {
		return id
	}
	return fmt.Sprintf("%s[%d]", id, k)
}
