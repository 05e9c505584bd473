//go:build simbody

package simbody

import (
	"math"
	"testing"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/internal/testfix"
	"github.com/robocompiler/robocompiler/sim"
)

// TestFrictionSameAsRollout: the four-bar with damping and Coulomb friction on every
// joint (its cut joint included) and on its crank port falls 0.5 s in Simbody as in our
// rollout (sim, RK4 at 0.1 ms): the joint coordinates, kinetic and dissipated energy agree,
// and Simbody's ledger closes with the dissipation of sim.Losses.
func TestFrictionSameAsRollout(t *testing.T) {
	g := testfix.Builtin(t, "fourbar")
	for i := range g.Joints {
		g.Joints[i].Damping, g.Joints[i].Friction, g.Joints[i].FrictionVelocity = 2e-3, 5e-3, 0.05
	}
	g.Actuators[0].Damping, g.Actuators[0].Friction = 1e-3, 4e-3
	const dt, n = 1e-3, 500
	none := sim.ControllerFunc(func(*sim.State, *robocompiler.Data, *sim.Command) error { return nil })
	res, err := Run(testfix.Assembled(t, g, "", "crank").D, none, n, Options{Dt: dt})
	if err != nil {
		t.Fatal(err)
	}
	ours, err := sim.New(testfix.Assembled(t, g, "", "crank").D, nil, sim.Options{Dt: dt / 10, Integrator: sim.RK4, LogEvery: 10})
	if err != nil {
		t.Fatal(err)
	}
	if err := ours.Run(10 * n); err != nil {
		t.Fatal(err)
	}
	col := func(l *sim.Log, name string) []float64 {
		c, err := l.Column(name)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	dq := 0.0
	for _, j := range []string{"crank_pivot", "crank_coupler", "coupler_rocker", "rocker_pivot"} {
		a, b := col(res.Log, "q:"+j), col(ours.Log(), "q:"+j)
		dq = math.Max(dq, math.Abs(a[len(a)-1]-b[len(b)-1]))
	}
	k, ko := col(res.Log, "kinetic_J"), col(ours.Log(), "kinetic_J")
	x, xo := col(res.Log, "dissipated_J"), col(ours.Log(), "dissipated_J")
	last := len(k) - 1
	t.Logf("after %g s: joints differ by %.3g rad, kinetic %.6g / %.6g J, dissipated %.6g / %.6g J, Simbody ledger drift %.3g J",
		n*dt, dq, k[last], ko[len(ko)-1], x[last], xo[len(xo)-1], res.Stats.BalanceDriftJ)
	if !(dq < 1e-6) || !(math.Abs(k[last]-ko[len(ko)-1]) < 1e-6*ko[len(ko)-1]) || !(math.Abs(x[last]-xo[len(xo)-1]) < 1e-4*xo[len(xo)-1]) {
		t.Errorf("Simbody and our rollout differ: joints %.3g rad, kinetic %.6g vs %.6g J, dissipated %.6g vs %.6g J",
			dq, k[last], ko[len(ko)-1], x[last], xo[len(xo)-1])
	}
	if !(res.Stats.BalanceDriftJ < 1e-4*xo[len(xo)-1]) {
		t.Errorf("Simbody's ledger drifts %.3g J against %.3g J dissipated", res.Stats.BalanceDriftJ, xo[len(xo)-1])
	}
}
