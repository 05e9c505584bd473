package compile

import (
	"fmt"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/spatial"
)

// Port is a compiled actuator port: a displacement ℓ(q) and the effort f conjugate to ℓ̇.
type Port struct {
	// ID is the actuator record id.
	ID string
	// Terms are the joint terms of a joint or transmission port, ℓ = Σ Coef·q_joint; empty
	// for a two-point port.
	Terms []Term
	// TwoPoint marks a two-point port: ℓ = |p_B − p_A| between PointA on NodeA and PointB
	// on NodeB (body-frame coordinates, m).
	TwoPoint       bool
	NodeA, NodeB   int
	PointA, PointB spatial.Vec3
	// Dynamics are the port's drive, effort limits and friction.
	Dynamics PortDynamics
}

// Term is one joint's share of a joint or transmission port.
type Term struct {
	// Joint is the index in Model.Joints of a 1-DoF joint (tree or cut); Coef its
	// coefficient (gear), in port units per joint unit.
	Joint int
	Coef  float64
}

// buildPorts compiles the actuator records in record order. Joint terms must name 1-DoF
// joints; a term on a cut joint needs the joint's coordinate (the compiler keeps actuated
// cuts in SE(3) form), so an eliminated cut is rejected.
func (m *Model) buildPorts() error {
	acts := m.Graph.Actuators
	m.Ports = make([]Port, 0, len(acts))
	for i := range acts {
		a := &acts[i]
		p := Port{ID: a.ID, Dynamics: portDynamics(a)}
		term := func(field, id string, coef float64) error {
			ji := m.JointIndex(id)
			if ji < 0 {
				return m.errorf("actuator", a.ID, field, "unknown joint %q", id)
			}
			j := &m.Joints[ji]
			if j.Eliminated {
				return m.errorf("actuator", a.ID, field, "joint %q is an eliminated cut and has no coordinate; compile without elimination to actuate it", id)
			}
			if j.NV != 1 {
				return m.errorf("actuator", a.ID, field, "joint %q is %s with %d velocities; a port term needs a 1-DoF joint", id, j.Model.Kind, j.NV)
			}
			p.Terms = append(p.Terms, Term{Joint: ji, Coef: coef})
			return nil
		}
		var err error
		switch a.Type {
		case cmg.ActJoint:
			gear := a.Gear
			if gear == 0 {
				gear = 1
			}
			err = term("joint", a.Joint, gear)
		case cmg.ActTransmission:
			for k, t := range a.Transmission {
				if err = term(fmt.Sprintf("transmission[%d].joint", k), t.Joint, t.Coef); err != nil {
					break
				}
			}
		case cmg.ActTwoPoint:
			p.TwoPoint = true
			p.NodeA, p.NodeB = m.BodyNode(a.BodyA), m.BodyNode(a.BodyB)
			if p.NodeA < 0 || p.NodeB < 0 {
				return m.errorf("actuator", a.ID, "body_a", "unknown body %q or %q", a.BodyA, a.BodyB)
			}
			if a.PointA != nil {
				p.PointA = *a.PointA
			}
			if a.PointB != nil {
				p.PointB = *a.PointB
			}
		default:
			err = m.errorf("actuator", a.ID, "type", "unknown actuator type %q (valid: joint, transmission, two_point)", a.Type)
		}
		if err != nil {
			return err
		}
		m.Ports = append(m.Ports, p)
	}
	return nil
}
