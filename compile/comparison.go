package compile

import (
	"math"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/joint"
	"github.com/robocompiler/robocompiler/spatial"
)

// RowKind says which residual rows a comparison emits from its relative transform
// Delta = ^{Fa}T_{Fb} (identity when the closure holds).
type RowKind uint8

// Residual row kinds and their row counts.
const (
	RowsSE3       RowKind = iota // Log(Delta)^vee retaining the cut joint's coordinates: 6
	RowsWeld                     // Log(Delta)^vee, frames welded: 6
	RowsPoint                    // frame origins coincide: 3
	RowsUniversal                // point + Axis (in Fa) ⊥ Axis2 (in Fb): 4
	RowsRevolute                 // point + Axis (in Fb) stays along Axis (in Fa): 5
	RowsPrismatic                // rotation Log (3) + translation ⊥ Axis (2): 5
	RowsPlanar                   // normal alignment (2) + translation along the normal (1): 3
)

// Count returns the number of residual rows of the kind.
func (k RowKind) Count() int {
	return [...]int{6, 6, 3, 4, 5, 5, 3}[k]
}

// String names the kind as in the CLI's JSON output.
func (k RowKind) String() string {
	return [...]string{"se3", "weld", "point", "universal", "revolute", "prismatic", "planar"}[k]
}

// Factor is one step of a closure path: the tree edge traversed up (child to parent,
// contributing X⁻¹) or down (parent to child, contributing X).
type Factor struct {
	Edge int
	Up   bool
}

// Comparison is one closure comparison (eq. 6): Delta = (T⁻)⁻¹·T⁺ with
// T⁻ = FrameA·Q_cut(q_cut) on NodeA (Q_cut = I unless the SE(3) form retains a cut joint)
// and T⁺ = P(q)·FrameB, where P = ^{NodeA}T_{NodeB} is the product of the factors along
// the tree path, pruned at the lowest common ancestor LCA. The path and the columns are
// not stored (on a deep mechanism their total size grows like cuts × depth): callers walk
// them into their own buffers with Model.AppendPath and Model.AppendColumns.
type Comparison struct {
	// ID is the cut joint's or declared loop cut's id (a support cut's is SupportPrefix +
	// the support's name); Source is "joint" or "loop_cut" (declared and support cuts).
	ID, Source string
	Kind       RowKind
	// Joint is the retained cut joint (RowsSE3), else -1.
	Joint int
	// NodeA, NodeB are the compared nodes; LCA their lowest common ancestor.
	NodeA, NodeB, LCA int
	// FrameA and FrameB are the constant frames on NodeA and NodeB.
	FrameA, FrameB spatial.Transform
	// Axis (in Fa) and Axis2 (in Fb) are the constrained directions of universal,
	// revolute, prismatic and planar rows; Perp are two unit vectors ⊥ Axis (in Fa).
	Axis, Axis2 spatial.Vec3
	Perp        [2]spatial.Vec3
	// Row is the first residual row.
	Row int
}

// Rows returns the number of residual rows of the comparison.
func (c *Comparison) Rows() int { return c.Kind.Count() }

// Coupling is an affine coupling row gamma = q_slave - multiplier·q_master - offset.
type Coupling struct {
	ID                 string
	Master, Slave      int // joint indices (1-DoF joints)
	Multiplier, Offset float64
	Row                int
}

// eliminateCuts marks the cut joints whose eliminated form drops their coordinates:
// every cut joint except helical and free ones (no eliminated row form) and those that
// an actuator, coupling or partition request names (their coordinates are referred to).
func (m *Model) eliminateCuts() {
	driven := m.drivenJoints()
	for i := range m.Joints {
		j := &m.Joints[i]
		j.Eliminated = !j.Tree && !driven[j.ID] && eliminatedKind(j.Model.Kind) != RowsSE3
	}
}

func (m *Model) buildComparisons() error {
	cuts := m.CutJoints()
	m.Comparisons = make([]Comparison, 0, len(cuts)+len(m.Graph.LoopCuts))
	for _, ji := range cuts {
		j := &m.Joints[ji]
		c := Comparison{ID: j.ID, Source: "joint", Kind: RowsSE3, Joint: ji, NodeA: j.NodeA, NodeB: j.NodeB,
			FrameA: j.A, FrameB: j.B, Axis: j.Model.Axis, Axis2: j.Model.Axis2}
		if j.Eliminated || j.Model.Kind == joint.Fixed {
			c.Kind, c.Joint = eliminatedKind(j.Model.Kind), -1
		}
		m.Comparisons = append(m.Comparisons, m.completed(c))
	}
	for _, lc := range byID(m.Graph.LoopCuts, func(c *cmg.LoopCut) string { return c.ID }) {
		a, b := m.BodyNode(lc.BodyA), m.BodyNode(lc.BodyB)
		if a < 0 || b < 0 {
			return m.errorf("loop_cut", lc.ID, "body_a", "unknown body %q or %q", lc.BodyA, lc.BodyB)
		}
		c := Comparison{ID: lc.ID, Source: "loop_cut", Joint: -1, NodeA: a, NodeB: b,
			FrameA: lc.FrameA.Transform(), FrameB: lc.FrameB.Transform()}
		if lc.Axis != nil {
			c.Axis = spatial.Vec3(*lc.Axis)
		}
		if lc.Axis2 != nil {
			c.Axis2 = spatial.Vec3(*lc.Axis2)
		}
		switch lc.Type {
		case cmg.CutPoint:
			c.Kind = RowsPoint
		case cmg.CutUniversal:
			c.Kind = RowsUniversal
		case cmg.CutRevolute:
			c.Kind = RowsRevolute
		case cmg.CutWeld:
			c.Kind = RowsWeld
		default:
			return m.errorf("loop_cut", lc.ID, "type", "unknown loop-cut type %q (valid: point, universal, revolute, weld)", lc.Type)
		}
		m.Comparisons = append(m.Comparisons, m.completed(c))
	}
	return nil
}

// eliminatedKind is the eliminated row form of a cut joint of kind k.
func eliminatedKind(k joint.Kind) RowKind {
	switch k {
	case joint.Fixed:
		return RowsWeld
	case joint.Revolute:
		return RowsRevolute
	case joint.Prismatic:
		return RowsPrismatic
	case joint.Spherical:
		return RowsPoint
	case joint.Universal:
		return RowsUniversal
	case joint.Planar:
		return RowsPlanar
	default: // helical and free keep their coordinates
		return RowsSE3
	}
}

// completed fills in what c's kind, nodes and axes imply: the perpendiculars and the
// lowest common ancestor. Its residual rows are placed by numberRows.
func (m *Model) completed(c Comparison) Comparison {
	c.Perp = perpendiculars(c.Axis)
	if c.Kind == RowsRevolute || c.Kind == RowsPlanar {
		// The axis seen from Fb is the same physical direction at closure.
		c.Axis2 = c.Axis
	}
	c.LCA = m.lca(c.NodeA, c.NodeB)
	return c
}

func (m *Model) buildCouplings() error {
	for _, r := range byID(m.Graph.Couplings, func(c *cmg.Coupling) string { return c.ID }) {
		ma, sl := m.JointIndex(r.Master), m.JointIndex(r.Slave)
		if ma < 0 || m.Joints[ma].NV != 1 {
			return m.errorf("coupling", r.ID, "master", "joint %q is not a 1-DoF joint of the graph", r.Master)
		}
		if sl < 0 || m.Joints[sl].NV != 1 {
			return m.errorf("coupling", r.ID, "slave", "joint %q is not a 1-DoF joint of the graph", r.Slave)
		}
		m.Couplings = append(m.Couplings, Coupling{ID: r.ID, Master: ma, Slave: sl, Multiplier: r.Multiplier, Offset: r.Offset})
	}
	return nil
}

// perpendiculars returns two unit vectors completing a (unit) to a right-handed basis;
// zero vectors when a is zero.
func perpendiculars(a spatial.Vec3) [2]spatial.Vec3 {
	if a.Norm() == 0 {
		return [2]spatial.Vec3{}
	}
	// Start from the coordinate axis least aligned with a.
	i := 0
	for k := 1; k < 3; k++ {
		if math.Abs(a[k]) < math.Abs(a[i]) {
			i = k
		}
	}
	var e spatial.Vec3
	e[i] = 1
	p1 := e.Sub(a.Scale(a.Dot(e)))
	p1 = p1.Scale(1 / p1.Norm())
	return [2]spatial.Vec3{p1, a.Cross(p1)}
}
