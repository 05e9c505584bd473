package compile_test

import (
	"strings"
	"testing"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/compile"
)

// TestPortErrors names the actuator and field of a port that cannot be compiled.
func TestPortErrors(t *testing.T) {
	for _, tc := range []struct {
		act  cmg.Actuator
		want string
	}{
		{cmg.Actuator{ID: "x", Type: cmg.ActJoint, Joint: "nope"}, `actuator "x" field "joint": unknown joint "nope"`},
		{cmg.Actuator{ID: "y", Type: "hydraulic"}, `actuator "y" field "type": unknown actuator type "hydraulic"`},
		{cmg.Actuator{ID: "z", Type: cmg.ActTwoPoint, BodyA: "world", BodyB: "nope"}, `actuator "z" field "body_a": unknown body "world" or "nope"`},
	} {
		g := builtin(t, "fourbar")
		g.Actuators = append(g.Actuators, tc.act)
		if _, err := compile.Compile(g, compile.Options{}); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("got %v, want %q", err, tc.want)
		}
	}
}

// TestPortsCompiled compiles joint, transmission and two-point ports in record order.
func TestPortsCompiled(t *testing.T) {
	g := builtin(t, "fourbar")
	pa := [3]float64{0.1, 0.35, 0}
	g.Actuators = append(g.Actuators,
		cmg.Actuator{ID: "cylinder", Type: cmg.ActTwoPoint, BodyA: "world", PointA: &pa, BodyB: "rocker"},
		cmg.Actuator{ID: "belt", Type: cmg.ActTransmission, Transmission: []cmg.TransmissionTerm{{Joint: "crank_pivot", Coef: 0.5}}},
	)
	m := mustCompile(t, g, compile.Options{})
	n := len(m.Ports)
	if n != len(g.Actuators) {
		t.Fatalf("%d ports, want %d", n, len(g.Actuators))
	}
	cyl, belt := m.Ports[n-2], m.Ports[n-1]
	if cyl.ID != "cylinder" || !cyl.TwoPoint || cyl.NodeA != compile.Ground || cyl.NodeB != m.BodyNode("rocker") || cyl.PointA != pa {
		t.Errorf("two-point port %+v", cyl)
	}
	if belt.ID != "belt" || belt.TwoPoint || len(belt.Terms) != 1 || belt.Terms[0] != (compile.Term{Joint: m.JointIndex("crank_pivot"), Coef: 0.5}) {
		t.Errorf("transmission port %+v", belt)
	}
}
