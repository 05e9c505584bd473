package mjcf

import (
	"encoding/xml"
	"sort"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/joint"
)

// actuation is the exported actuator section: motors, the tendons they pull and the
// sites those tendons run through (by node).
type actuation struct {
	motors  []mjMotor
	tendons []mjTendon
	sites   map[int][]mjSite
}

// actuators writes the actuator ports of m as MuJoCo motors (ctrl = the port effort f,
// ctrlrange = effort_limits; stroke and speed limits have no motor counterpart and are
// not written):
//
//   - joint: a motor on the joint with the port's gear (τ = gear·f);
//   - transmission: a fixed tendon with the terms' joints and coefficients
//     (ℓ = Σ coef·q) and a motor on it with gear 1;
//   - two_point: a spatial tendon between sites <id>__a and <id>__b placed at point_a
//     and point_b (its length is the points' distance ℓ) and a motor on it with gear 1.
//
// Tendons take the actuator's id. siteNames holds the site names already in use.
func actuators(m *compile.Model, siteNames namer) (*actuation, error) {
	acts := append([]cmg.Actuator(nil), m.Graph.Actuators...)
	sort.Slice(acts, func(a, b int) bool { return acts[a].ID < acts[b].ID })
	statefulLast(acts)
	out := &actuation{sites: map[int][]mjSite{}}
	for _, a := range acts {
		mo := mjMotor{XMLName: xml.Name{Local: "motor"}, Name: a.ID, Gear: nums(1), CtrlLimited: "false"}
		if err := exportDrive(m, &a, &mo); err != nil {
			return nil, err
		}
		if a.EffortLimits != nil {
			mo.CtrlLimited, mo.CtrlRange = "true", nums(a.EffortLimits[0], a.EffortLimits[1])
		}
		switch a.Type {
		case cmg.ActJoint:
			if err := scalarTreeJoint(m, a.ID, "joint", a.Joint); err != nil {
				return nil, err
			}
			gear := a.Gear
			if gear == 0 {
				gear = 1
			}
			mo.Joint, mo.Gear = a.Joint, nums(gear)
			if portLosses(&a) { // the friction acts on ℓ = gear·q: a tendon carries it
				t := mjTendon{XMLName: xml.Name{Local: "fixed"}, Name: a.ID, Joints: []mjTendonJoint{{Joint: a.Joint, Coef: nums(gear)}}}
				exportLosses(&a, &t)
				out.tendons = append(out.tendons, t)
				mo.Joint, mo.Tendon, mo.Gear = "", a.ID, nums(1)
			}
		case cmg.ActTransmission:
			t := mjTendon{XMLName: xml.Name{Local: "fixed"}, Name: a.ID}
			for _, term := range a.Transmission {
				if err := scalarTreeJoint(m, a.ID, "transmission", term.Joint); err != nil {
					return nil, err
				}
				t.Joints = append(t.Joints, mjTendonJoint{Joint: term.Joint, Coef: nums(term.Coef)})
			}
			exportLosses(&a, &t)
			out.tendons = append(out.tendons, t)
			mo.Tendon = a.ID
		case cmg.ActTwoPoint:
			t := mjTendon{XMLName: xml.Name{Local: "spatial"}, Name: a.ID}
			for _, end := range []struct {
				suffix, body string
				point        *[3]float64
			}{{"__a", a.BodyA, a.PointA}, {"__b", a.BodyB, a.PointB}} {
				var p [3]float64
				if end.point != nil {
					p = *end.point
				}
				name := siteNames.fresh(a.ID + end.suffix)
				n := m.BodyNode(end.body)
				out.sites[n] = append(out.sites[n], mjSite{Name: name, Pos: nums(p[0], p[1], p[2])})
				t.Sites = append(t.Sites, mjTendonSite{Site: name})
			}
			exportLosses(&a, &t)
			out.tendons = append(out.tendons, t)
			mo.Tendon = a.ID
		default:
			return nil, exportError(m, "actuator", a.ID, "type", "unknown actuator type %q", a.Type)
		}
		out.motors = append(out.motors, mo)
	}
	return out, nil
}

// scalarTreeJoint checks that actuator act drives, through field, a revolute or
// prismatic tree joint: the only joints that are a single MuJoCo joint.
func scalarTreeJoint(m *compile.Model, act, field, id string) error {
	i := m.JointIndex(id)
	if i < 0 {
		return exportError(m, "actuator", act, field, "unknown joint %q", id)
	}
	j := &m.Joints[i]
	if !j.Tree {
		return exportError(m, "actuator", act, field,
			"joint %q is a cut joint, absent from the exported tree; keep it in the tree (hints.tree_joints)", id)
	}
	if k := j.Model.Kind; k != joint.Revolute && k != joint.Prismatic {
		return exportError(m, "actuator", act, field,
			"joint %q is a %s joint; a MuJoCo joint transmission needs a hinge or slide", id, k)
	}
	return nil
}
