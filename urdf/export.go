package urdf

import (
	"encoding/xml"
	"fmt"
	"io"
	"math"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/joint"
	"github.com/robocompiler/robocompiler/spatial"
)

// Export writes the spanning tree of the compiled model m as URDF; ExportClosures
// writes the loop closures that URDF cannot hold. URDF places each child link's frame
// on its joint, at zero joint values, so:
//
//   - Each link's frame is the frame of the joint that carries it (frame_b of its tree
//     joint, or frame_a for a joint whose body_a is the child); inertials are written in
//     it, and the joint values equal the model's coordinates. The ground is a link named
//     after it.
//   - revolute → revolute (limited) or continuous, prismatic → prismatic (range only
//     when limited: URDF readers take absent bounds as 0), fixed → fixed,
//     free → floating (position and quaternion as in the model). Joints with one
//     coordinate whose body_a is the child are written reversed (axis negated).
//   - universal → two revolute joints <id>__0, <id>__1 through a massless link
//     <child>__<id>__0; planar → prismatic <id>__0, <id>__1 (the plane axes e1, e2 of
//     the joint package) and revolute <id>__2 through massless links: the same
//     coordinates. spherical → revolute joints about x, y, z (<id>__0…2): URDF has no
//     ball joint, and these angles replace the quaternion.
//   - Helical joints and reversed joints with several coordinates are errors.
//   - Couplings become <mimic> on the slave joint. effort and velocity limits come from a
//     joint actuator on the joint (effort_limits / gear, speed_limits / gear), else 0.
//   - Sites, actuators and gravity are not written (URDF has none of them).
//
// URDF has no reference configuration, so the tree does not depend on an assembled
// configuration; ExportClosures does.
func Export(m *compile.Model, w io.Writer) error {
	t, err := buildTree(m)
	if err != nil {
		return err
	}
	robot := urdfRobot{Name: m.Graph.Name, Links: t.links, Joints: t.joints}
	if robot.Name == "" {
		robot.Name = "robot"
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(robot); err != nil {
		return err
	}
	_, err = io.WriteString(w, "\n")
	return err
}

// utree is the exported URDF tree; frame[n] is the link frame of node n in its body
// frame.
type utree struct {
	m      *compile.Model
	frame  []spatial.Transform
	links  []urdfLink
	joints []urdfJoint
}

// buildTree writes the links and joints of m's spanning tree.
func buildTree(m *compile.Model) (*utree, error) {
	t := &utree{m: m, frame: make([]spatial.Transform, len(m.Bodies)+1)}
	t.frame[compile.Ground] = spatial.Identity()
	t.links = append(t.links, urdfLink{Name: m.Graph.GroundName()})
	limits := effortLimits(m)
	mimics, err := mimics(m)
	if err != nil {
		return nil, err
	}
	for e := range m.Edges {
		if err := t.edge(e, limits, mimics); err != nil {
			return nil, err
		}
	}
	return t, nil
}

// edge writes the joints and links of tree edge e (its child link last).
func (t *utree) edge(e int, limits map[string]urdfLimit, mimics map[string]*urdfMimic) error {
	m := t.m
	ed := &m.Edges[e]
	j := &m.Joints[ed.Joint]
	kind := j.Model.Kind
	outer, inner := j.A, j.B
	if ed.Reversed {
		if j.NV > 1 {
			return exportError(m, "joint", j.ID, "body_a",
				"the %s joint runs from child %q to parent %q in the spanning tree; URDF joints move the child, so swap body_a and body_b (and frame_a and frame_b)", kind, m.Node(ed.Child), m.Node(ed.Parent))
		}
		outer, inner = j.B, j.A
	}
	t.frame[ed.Child] = inner
	parent := m.Node(ed.Parent)
	origin := t.frame[ed.Parent].Inv().Mul(outer)
	type step struct {
		typ  string
		axis spatial.Vec3
	}
	var steps []step
	switch kind {
	case joint.Fixed:
		steps = []step{{"fixed", spatial.Vec3{}}}
	case joint.Revolute, joint.Prismatic:
		typ := map[joint.Kind]string{joint.Revolute: "revolute", joint.Prismatic: "prismatic"}[kind]
		if kind == joint.Revolute && !j.Model.Limited {
			typ = "continuous"
		}
		axis := j.Model.Axis
		if ed.Reversed {
			axis = axis.Neg()
		}
		steps = []step{{typ, axis}}
	case joint.Free:
		steps = []step{{"floating", spatial.Vec3{}}}
	case joint.Universal:
		steps = []step{{"revolute", j.Model.Axis}, {"revolute", j.Model.Axis2}}
	case joint.Planar:
		var S [3]spatial.Vec6
		j.Model.MotionSubspace([]float64{0, 0, 0}, S[:])
		steps = []step{{"prismatic", S[0].Linear()}, {"prismatic", S[1].Linear()}, {"revolute", S[2].Angular()}}
	case joint.Spherical:
		steps = []step{{"revolute", spatial.Vec3{1, 0, 0}}, {"revolute", spatial.Vec3{0, 1, 0}}, {"revolute", spatial.Vec3{0, 0, 1}}}
	default:
		return exportError(m, "joint", j.ID, "type",
			"URDF has no helical (screw) joint; model it as a revolute and a prismatic joint with a coupling")
	}
	for k, s := range steps {
		name, child := j.ID, m.Node(ed.Child)
		if len(steps) > 1 {
			name = fmt.Sprintf("%s__%d", j.ID, k)
		}
		if k < len(steps)-1 {
			child = fmt.Sprintf("%s__%s", m.Node(ed.Child), name)
			t.links = append(t.links, urdfLink{Name: child})
		} else {
			t.links = append(t.links, t.link(ed.Child))
		}
		uj := urdfJoint{Name: name, Type: s.typ, Origin: pose(origin), Parent: urdfRef{parent}, Child: urdfRef{child}}
		if s.typ != "fixed" && s.typ != "floating" {
			uj.Axis = &urdfAxis{XYZ: nums(s.axis[:]...)}
		}
		if len(steps) == 1 {
			uj.Mimic = mimics[j.ID]
		}
		if j.Damping != 0 || j.Friction != 0 {
			uj.Dynamics = &urdfDynamics{Damping: nums(j.Damping), Friction: nums(j.Friction)}
		}
		if s.typ == "revolute" || s.typ == "prismatic" {
			lim, ok := limits[j.ID]
			if !ok {
				lim = urdfLimit{Effort: "0", Velocity: "0"}
			}
			if j.Model.Limited && kind != joint.Spherical {
				lim.Lower, lim.Upper = nums(j.Model.Lower[k]), nums(j.Model.Upper[k])
			}
			uj.Limit = &lim
		}
		t.joints = append(t.joints, uj)
		parent, origin = child, spatial.Identity()
	}
	return nil
}

// link writes the link of body node n with its inertial in the link frame.
func (t *utree) link(n int) urdfLink {
	rec := t.m.Graph.Body(t.m.Node(n))
	l := urdfLink{Name: rec.ID}
	if rec.Mass <= 0 {
		return l
	}
	// The inertial frame: at the centre of mass, with the body's axes.
	toLink := t.frame[n].Inv()
	in := rec.Inertia
	l.Inertial = &urdfInertial{
		Origin: pose(spatial.Transform{R: toLink.R, P: toLink.Apply(spatial.Vec3(rec.COM))}),
		Mass:   urdfValue{nums(rec.Mass)},
		Inertia: urdfInertia{IXX: nums(in[0]), IYY: nums(in[1]), IZZ: nums(in[2]),
			IXY: nums(in[3]), IXZ: nums(in[4]), IYZ: nums(in[5])},
	}
	return l
}

// mimics returns the <mimic> of every coupling's slave joint; both joints must be
// revolute or prismatic tree joints.
func mimics(m *compile.Model) (map[string]*urdfMimic, error) {
	out := map[string]*urdfMimic{}
	for _, cp := range m.Couplings {
		for _, r := range []struct {
			field string
			j     *compile.Joint
		}{{"master", &m.Joints[cp.Master]}, {"slave", &m.Joints[cp.Slave]}} {
			if k := r.j.Model.Kind; !r.j.Tree || (k != joint.Revolute && k != joint.Prismatic) {
				return nil, exportError(m, "coupling", cp.ID, r.field,
					"joint %q must be a revolute or prismatic joint of the spanning tree to be mimicked in URDF", r.j.ID)
			}
		}
		out[m.Joints[cp.Slave].ID] = &urdfMimic{Joint: m.Joints[cp.Master].ID, Multiplier: nums(cp.Multiplier), Offset: nums(cp.Offset)}
	}
	return out, nil
}

// effortLimits returns the URDF <limit> effort and velocity of every joint driven by a
// joint actuator: the largest effort (speed) bound divided by the gear.
func effortLimits(m *compile.Model) map[string]urdfLimit {
	out := map[string]urdfLimit{}
	for _, a := range m.Graph.Actuators {
		if a.Type != cmg.ActJoint {
			continue
		}
		gear := a.Gear
		if gear == 0 {
			gear = 1
		}
		bound := func(b *[2]float64) string {
			if b == nil {
				return "0"
			}
			return nums(max(-b[0], b[1]) / math.Abs(gear))
		}
		out[a.Joint] = urdfLimit{Effort: bound(a.EffortLimits), Velocity: bound(a.SpeedLimits)}
	}
	return out
}

// exportError builds an error naming the model file, the record and the field.
func exportError(m *compile.Model, kind, id, field, format string, args ...any) error {
	return &cmg.FieldError{File: m.Graph.Source, Record: cmg.RecordName(kind, id), Field: field,
		Message: "URDF export: " + fmt.Sprintf(format, args...)}
}
