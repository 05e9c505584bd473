package mjcf

import (
	"fmt"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/joint"
	"github.com/robocompiler/robocompiler/spatial"
)

// xtree is the compiled spanning tree laid out as MJCF bodies at the assembled
// configuration, in document (depth-first) order: MuJoCo numbers bodies, joints and
// coordinates in this order.
type xtree struct {
	m      *compile.Model
	bodies []xbody
	// at maps a node to its index in bodies (-1 for the ground).
	at []int
	// layout is where each tree joint's coordinates sit in MuJoCo's qpos and qvel.
	layout Layout
}

// xbody is one exported body. Its frame is the compiled body frame, so inertials and
// sites are written unchanged.
type xbody struct {
	node int
	// pose is the body frame in its parent body frame (the world for top-level bodies)
	// at the assembled configuration.
	pose     spatial.Transform
	joints   []xjoint
	children []int
}

// xjoint is one MJCF joint in the body frame of its child body.
type xjoint struct {
	name      string
	typ       string // hinge, slide, ball, free
	pos, axis spatial.Vec3
	ref       float64 // hinge and slide: the assembled coordinate
	limited   bool
	lo, hi    float64
	src       *compile.Joint
}

// element is one one-parameter factor of a joint's motion Q(q): a rotation about (hinge)
// or a translation along (slide) Axis in the joint frame, driven by coordinate Coord.
type element struct {
	typ   string
	axis  spatial.Vec3
	coord int
}

// elements factors the motion of a joint kind that MuJoCo expresses as hinges and slides:
// Q(q) = E_1(q_1)·…·E_n(q_n). Spherical, free and fixed joints are handled apart;
// helical joints have no MuJoCo counterpart (nil).
func elements(jm *joint.Model) []element {
	switch jm.Kind {
	case joint.Revolute:
		return []element{{"hinge", jm.Axis, 0}}
	case joint.Prismatic:
		return []element{{"slide", jm.Axis, 0}}
	case joint.Universal:
		return []element{{"hinge", jm.Axis, 0}, {"hinge", jm.Axis2, 1}}
	case joint.Planar:
		// Q = Trans(x e1 + y e2)·Rot(n, θ), as joint.Model.Transform; at θ = 0 the
		// motion subspace lists e1, e2 (linear) and n (angular).
		var S [3]spatial.Vec6
		jm.MotionSubspace([]float64{0, 0, 0}, S[:])
		return []element{{"slide", S[0].Linear(), 0}, {"slide", S[1].Linear(), 1}, {"hinge", S[2].Angular(), 2}}
	}
	return nil
}

// motion returns the element's transform at coordinate value x.
func (e element) motion(x float64) spatial.Transform {
	if e.typ == "hinge" {
		return spatial.Transform{R: spatial.ExpSO3(e.axis.Scale(x))}
	}
	return spatial.Transform{R: spatial.Identity3(), P: e.axis.Scale(x)}
}

// buildTree lays out the spanning tree of m at the assembled configuration q (len NQ).
// MJCF joints keep the ids of their tree joints; the hinges and slides of a universal or
// planar joint are named <id>__<k>.
func buildTree(m *compile.Model, q []float64) (*xtree, error) {
	names := newNamer()
	for _, ed := range m.Edges {
		names[m.Joints[ed.Joint].ID] = true
	}
	t := &xtree{m: m, at: make([]int, len(m.Bodies)+1), layout: Layout{m: m}}
	children := make([][]int, len(m.Bodies)+1)
	for e, ed := range m.Edges {
		children[ed.Parent] = append(children[ed.Parent], e)
	}
	t.at[compile.Ground] = -1
	var visit func(parent, e int) error
	visit = func(parent, e int) error {
		b, err := t.body(e, q, names)
		if err != nil {
			return err
		}
		i := len(t.bodies)
		t.bodies = append(t.bodies, b)
		t.at[b.node] = i
		if parent >= 0 {
			t.bodies[parent].children = append(t.bodies[parent].children, i)
		}
		for _, c := range children[b.node] {
			if err := visit(i, c); err != nil {
				return err
			}
		}
		return nil
	}
	for _, e := range children[compile.Ground] {
		if err := visit(-1, e); err != nil {
			return nil, err
		}
	}
	return t, nil
}

// body builds the body carried by tree edge e and appends its joints to the layout.
func (t *xtree) body(e int, q []float64, names namer) (xbody, error) {
	m := t.m
	ed := &m.Edges[e]
	j := &m.Joints[ed.Joint]
	b := xbody{node: ed.Child, pose: m.EdgeTransform(e, q)}
	rec := m.Graph.Body(m.Node(ed.Child))
	kind := j.Model.Kind
	if kind != joint.Fixed && rec.Mass <= 0 {
		return b, exportError(m, "body", rec.ID, "mass",
			"a massless body moved by joint %q: MuJoCo 2.2.2 rejects moving bodies without mass; give it a mass and inertia, or weld it to a massive body", j.ID)
	}
	if ed.Reversed && j.NV > 1 {
		return b, exportError(m, "joint", j.ID, "body_a",
			"the %s joint runs from child %q to parent %q in the spanning tree; MJCF joints move the child, so swap body_a and body_b (and frame_a and frame_b)", kind, m.Node(ed.Child), m.Node(ed.Parent))
	}
	qj := q[j.Q0 : j.Q0+j.NQ]
	jl := JointLayout{Joint: ed.Joint, QPos: t.layout.NQ, Dof: t.layout.NV}
	switch kind {
	case joint.Fixed:
		return b, nil
	case joint.Helical:
		return b, exportError(m, "joint", j.ID, "type",
			"MuJoCo has no helical (screw) joint; model it as a revolute and a prismatic joint with a coupling")
	case joint.Spherical:
		b.joints = []xjoint{{name: j.ID, typ: "ball", pos: j.B.P, src: j}}
		jl.frame, jl.ref = j.B, spatial.Quat{qj[0], qj[1], qj[2], qj[3]}.Normalize()
	case joint.Free:
		if ed.Parent != compile.Ground {
			return b, exportError(m, "joint", j.ID, "body_a",
				"a free joint must join the ground in MJCF; %q is a body", m.Node(ed.Parent))
		}
		if (j.Armature != 0 || j.Damping != 0) && j.B.P != (spatial.Vec3{}) {
			return b, exportError(m, "joint", j.ID, "frame_b",
				"MuJoCo applies a free joint's armature and damping to the body origin's velocity, ours to frame_b's; with frame_b.pos away from the body origin they differ: put frame_b at the body origin or drop armature and damping")
		}
		b.joints = []xjoint{{name: j.ID, typ: "free", src: j}}
		jl.frame, jl.parent = j.B, j.A
	default:
		b.joints = t.chain(j, ed.Reversed, qj, names)
	}
	t.layout.Joints = append(t.layout.Joints, jl)
	t.layout.NQ += j.NQ // MuJoCo's sizes equal ours for every exported kind
	t.layout.NV += j.NV
	return b, nil
}

// chain emits the hinges and slides of a joint with elements E_1…E_n in its child body.
// MuJoCo applies a body's joints in order, each as a motion by (value - ref) about its
// own anchor and axis in the body frame, starting from the body pose at qpos0. With
// P_k = E_{k+1}(r_{k+1})·…·E_n(r_n)·B⁻¹, the motion X(q) = A·Q(q)·B⁻¹ equals
// X(r)·Π_k P_k⁻¹·E_k(q_k - r_k)·P_k, so element k becomes an MJCF joint whose anchor
// and axis are those of E_k carried by P_k⁻¹. A reversed one-coordinate edge moves by
// B·Q(q)⁻¹·A⁻¹: one element with the axis negated and A in the role of B.
func (t *xtree) chain(j *compile.Joint, reversed bool, qj []float64, names namer) []xjoint {
	els := elements(&j.Model)
	inner := j.B
	if reversed {
		els[0].axis = els[0].axis.Neg()
		inner = j.A
	}
	out := make([]xjoint, len(els))
	P := inner.Inv()
	for k := len(els) - 1; k >= 0; k-- {
		el := els[k]
		G := P.Inv()
		x := xjoint{typ: el.typ, pos: G.P, axis: G.R.MulVec(el.axis), ref: qj[el.coord], src: j}
		if el.typ == "slide" {
			x.pos = spatial.Vec3{}
		}
		if j.Model.Limited {
			x.limited, x.lo, x.hi = true, j.Model.Lower[el.coord], j.Model.Upper[el.coord]
		}
		out[k] = x
		P = el.motion(qj[el.coord]).Mul(P)
	}
	for k := range out {
		if len(out) == 1 {
			out[k].name = j.ID
		} else {
			out[k].name = names.fresh(fmt.Sprintf("%s__%d", j.ID, k))
		}
	}
	return out
}

// exportError builds an error naming the model file, the record and the field.
func exportError(m *compile.Model, kind, id, field, format string, args ...any) error {
	return &cmg.FieldError{File: m.Graph.Source, Record: cmg.RecordName(kind, id), Field: field,
		Message: "MJCF export: " + fmt.Sprintf(format, args...)}
}
