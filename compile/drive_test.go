package compile_test

import (
	"math"
	"testing"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/compile"
)

// TestPortDynamicsCompiled carries drives, effort limits and friction from the records
// into the ports, resolving undeclared limits to ±Inf and an undeclared friction speed
// to the default.
func TestPortDynamicsCompiled(t *testing.T) {
	g := builtin(t, "fourbar")
	g.Actuators[0].Drive = &cmg.Drive{Type: cmg.DriveServo, Frequency: 40, DampingRatio: 0.7}
	g.Actuators[0].Damping, g.Actuators[0].Friction = 0.2, 0.3
	g.Actuators = append(g.Actuators, cmg.Actuator{ID: "belt", Type: cmg.ActTransmission,
		Transmission: []cmg.TransmissionTerm{{Joint: "rocker_pivot", Coef: 1}},
		Drive:        &cmg.Drive{Type: cmg.DriveLag, TimeConstant: 0.05}, FrictionVelocity: 0.5})
	g.Joints[0].Friction, g.Joints[0].FrictionVelocity = 0.1, 0.02
	m := mustCompile(t, g, compile.Options{})
	servo, lag := m.Ports[0].Dynamics, m.Ports[1].Dynamics
	want := compile.PortDynamics{Drive: compile.Drive{Kind: compile.DriveServo, Frequency: 40, DampingRatio: 0.7},
		EffortMin: -10, EffortMax: 10, Damping: 0.2, Friction: 0.3, FrictionVelocity: cmg.DefaultFrictionVelocity}
	if servo != want || servo.Drive.States() != 2 {
		t.Errorf("servo port %+v, want %+v", servo, want)
	}
	if lag.Drive != (compile.Drive{Kind: compile.DriveLag, TimeConstant: 0.05}) || lag.Drive.States() != 1 ||
		!math.IsInf(lag.EffortMin, -1) || !math.IsInf(lag.EffortMax, 1) || lag.FrictionVelocity != 0.5 {
		t.Errorf("lag port %+v", lag)
	}
	for _, j := range m.Joints {
		want := cmg.DefaultFrictionVelocity
		if j.ID == g.Joints[0].ID {
			want = 0.02
		}
		if j.FrictionVelocity != want {
			t.Errorf("joint %s: friction velocity %g, want %g", j.ID, j.FrictionVelocity, want)
		}
	}
}
