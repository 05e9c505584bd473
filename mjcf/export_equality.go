package mjcf

import (
	"encoding/xml"

	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/joint"
)

// closureShape is how a closure comparison is written with MuJoCo 2.2.2's equalities.
type closureShape uint8

const (
	shapeNone    closureShape = iota // nothing to enforce (a free cut joint)
	shapeConnect                     // one connect at the frame origin
	shapeHinge                       // two connects on the axis
	shapeWeld                        // one weld
)

// shape classifies comparison c: cut joints by their kind, declared loop cuts by
// their row kind.
func shape(m *compile.Model, c *compile.Comparison) (closureShape, error) {
	if c.Source == "joint" {
		j := &m.Joints[m.JointIndex(c.ID)]
		switch j.Model.Kind {
		case joint.Free:
			return shapeNone, nil
		case joint.Spherical:
			return shapeConnect, nil
		case joint.Revolute:
			return shapeHinge, nil
		case joint.Fixed:
			return shapeWeld, nil
		}
		return 0, exportError(m, "joint", c.ID, "type",
			"the %s joint closes a loop, and MuJoCo 2.2.2's equalities (connect, weld, joint) cannot express a %s closure; cut the loop at a spherical, revolute or fixed joint instead (hints.cut_joints)", j.Model.Kind, j.Model.Kind)
	}
	switch c.Kind {
	case compile.RowsPoint:
		return shapeConnect, nil
	case compile.RowsRevolute:
		return shapeHinge, nil
	case compile.RowsWeld:
		return shapeWeld, nil
	}
	return 0, exportError(m, "loop_cut", c.ID, "type",
		"MuJoCo 2.2.2's equalities (connect, weld, joint) cannot express a %s closure", c.Kind)
}

// equalities writes every closure comparison and coupling of m as MJCF equalities with
// the given solref and solimp. Anchors are placed on the frames of the comparison;
// MuJoCo computes the matching point on body2 (and a weld's relative pose) at qpos0,
// which is the assembled configuration, so each constraint is satisfied there to the
// assembly's closure gap. axisLen is the spacing of a hinge's two connects.
func equalities(m *compile.Model, q []float64, solref, solimp string, axisLen float64) ([]mjEq, error) {
	var out []mjEq
	names := newNamer()
	add := func(tag, name string, e mjEq) {
		e.XMLName, e.Name, e.SolRef, e.SolImp = xml.Name{Local: tag}, names.fresh(name), solref, solimp
		out = append(out, e)
	}
	for i := range m.Comparisons {
		c := &m.Comparisons[i]
		s, err := shape(m, c)
		if err != nil {
			return nil, err
		}
		// body1 must be a body: MuJoCo's body1 cannot be the world.
		n1, f1, n2, f2 := c.NodeA, c.FrameA, c.NodeB, c.FrameB
		if n1 == compile.Ground {
			n1, f1, n2, f2 = n2, f2, n1, f1
		}
		b1, b2 := m.Node(n1), bodyName(m, n2)
		switch s {
		case shapeConnect:
			add("connect", c.ID, mjEq{Body1: b1, Body2: b2, Anchor: vec(f1.P)})
		case shapeHinge:
			axis := c.Axis
			if c.Source == "joint" {
				axis = m.Joints[m.JointIndex(c.ID)].Model.Axis
			}
			tip := f1.Apply(axis.Scale(axisLen))
			add("connect", c.ID, mjEq{Body1: b1, Body2: b2, Anchor: vec(f1.P)})
			add("connect", c.ID+"__axis", mjEq{Body1: b1, Body2: b2, Anchor: vec(tip)})
		case shapeWeld:
			// MuJoCo's weld anchor is a point of body2; the relative pose is taken at qpos0.
			add("weld", c.ID, mjEq{Body1: b1, Body2: b2, Anchor: vec(f2.P)})
		}
	}
	for _, cp := range m.Couplings {
		master, slave := &m.Joints[cp.Master], &m.Joints[cp.Slave]
		for _, r := range []struct {
			field string
			j     *compile.Joint
		}{{"master", master}, {"slave", slave}} {
			if j := r.j; !j.Tree {
				return nil, exportError(m, "coupling", cp.ID, r.field,
					"joint %q is a cut joint, absent from the exported tree; keep it in the tree (hints.tree_joints)", j.ID)
			}
		}
		// MuJoCo: y − y0 = a0 + a1·(x − x0) with y the slave, x the master and y0, x0
		// their qpos0 (the assembled values); ours: y = multiplier·x + offset.
		x0, y0 := q[master.Q0], q[slave.Q0]
		a0 := cp.Multiplier*x0 + cp.Offset - y0
		add("joint", cp.ID, mjEq{Joint1: slave.ID, Joint2: master.ID, Polycoef: nums(a0, cp.Multiplier, 0, 0, 0)})
	}
	return out, nil
}

// bodyName is the MJCF name of node n: the body id, or "" (MuJoCo's world) for the ground.
func bodyName(m *compile.Model, n int) string {
	if n == compile.Ground {
		return ""
	}
	return m.Node(n)
}

// hingeAxisLength is the default spacing of a hinge closure's two connects: the model's
// declared length scale, or 0.1 m.
func hingeAxisLength(m *compile.Model) float64 {
	if s := m.Graph.Scales; s != nil && s.LengthM > 0 {
		return s.LengthM
	}
	return 0.1
}
