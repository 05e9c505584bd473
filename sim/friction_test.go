package sim

import (
	"math"
	"testing"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/internal/testfix"
	"github.com/robocompiler/robocompiler/spatial"
)

// TestJointFriction: the four-bar falls with damping and Coulomb friction on its joints
// (the cut one included) and friction and a servo drive on its crank port; the ledger closes with the dissipated energy,
// the friction slows the fall, and a step still allocates nothing (friction on a cut
// joint: friction_cut_test.go).
func TestJointFriction(t *testing.T) {
	g := testfix.Builtin(t, "fourbar")
	for i := range g.Joints {
		g.Joints[i].Damping, g.Joints[i].Friction = 1e-3, 5e-3
	}
	g.Actuators[0].Friction, g.Actuators[0].Damping = 5e-3, 1e-3
	g.Actuators[0].Drive = &cmg.Drive{Type: cmg.DriveServo, Frequency: 50, DampingRatio: 0.7}
	run := func(in Integrator) *Sim {
		s, err := New(testfix.Assembled(t, g, "", "").D, nil, Options{Dt: 1e-3, Integrator: in})
		if err != nil {
			t.Fatal(err)
		}
		s.Reserve(1100)
		if err := s.Run(1000); err != nil {
			t.Fatal(err)
		}
		if n := testing.AllocsPerRun(20, func() {
			if err := s.Step(); err != nil {
				t.Fatal(err)
			}
		}); n != 0 {
			t.Errorf("%v: %v allocations per step", in, n)
		}
		return s
	}
	s := run(RK4)
	drift, scale := balance(t, s.Log())
	diss := column(t, s.Log(), "dissipated_J")
	if !(drift <= 1e-6*scale) || !(diss[len(diss)-1] > 1e-3*scale) {
		t.Errorf("energy drift %.3g J, dissipated %.3g J, against %.3g J", drift, diss[len(diss)-1], scale)
	}
	run(SemiImplicitEuler)
	run(ImplicitLossEuler)

	free := passive(t, "fourbar", RK4, 1e-3, 1)
	if k, kf := column(t, s.Log(), "kinetic_J"), column(t, free.Log(), "kinetic_J"); !(k[999] < kf[999]) {
		t.Errorf("kinetic energy at 1 s: %.4g J with friction, %.4g J without", k[999], kf[999])
	}

}

// TestCoulombSmooth: the regularised friction opposes the speed, saturates at the
// friction level and is linear with slope F/vs near rest.
func TestCoulombSmooth(t *testing.T) {
	const f, vs = 2.0, 0.01
	for _, v := range []float64{-1, -1e-3, 0, 1e-5, 0.5} {
		c := coulomb(f, vs, v)
		if c*v > 0 || math.Abs(c) > f {
			t.Errorf("v = %g: friction %g", v, c)
		}
	}
	if c := coulomb(f, vs, 1); math.Abs(c+f) > 1e-12 {
		t.Errorf("at 100 vs: %g, want -%g", c, f)
	}
	if c := coulomb(f, vs, 1e-6); math.Abs(c/(-f*1e-6/vs)-1) > 1e-6 {
		t.Errorf("near rest: %g, want slope %g", c, -f/vs)
	}
}

// TestFeedforwardCompensatesFriction: the feedforward of a four-bar with joint (tree and
// cut) and port friction, applied as the crank's port effort, produces the requested acceleration in
// the plant at a moving state (the friction is compensated, not ignored).
func TestFeedforwardCompensatesFriction(t *testing.T) {
	g := testfix.Builtin(t, "fourbar")
	for i := range g.Joints {
		g.Joints[i].Damping, g.Joints[i].Friction = 2e-3, 0.05
	}
	g.Actuators[0].Friction, g.Actuators[0].Damping = 0.04, 1e-3
	d := testfix.Assembled(t, g, "", "crank").D
	if err := d.SetState([]float64{0.7}, nil); err != nil {
		t.Fatal(err)
	}
	const want = 2.5 // rad/s², the crank's requested acceleration
	ff, err := NewFeedforward(d.Model(), d.Q, d.Partition())
	if err != nil {
		t.Fatal(err)
	}
	tau := make([]float64, 1)
	if err := ff.Effort(d.Q, d.U, []float64{want}, nil, tau); err != nil {
		t.Fatal(err)
	}
	ctrl := ControllerFunc(func(_ *State, dd *robocompiler.Data, c *Command) error {
		c.F[0] = tau[0] / dd.Kin.L.At(0, 0)
		return nil
	})
	s, err := New(d, ctrl, Options{Dt: 1e-3})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.derivative(0, s.u, s.z); err != nil {
		t.Fatal(err)
	}
	if math.Abs(s.udot[0]-want) > 1e-9*want {
		t.Errorf("plant acceleration %.12g rad/s², requested %g", s.udot[0], want)
	}
}

// TestFeedforwardEffortAt: the feedforward at the plant's evaluated state equals the
// feedforward's own evaluation there, for a model with a payload (heavier bodies) and
// joint and port friction, and allocates nothing.
func TestFeedforwardEffortAt(t *testing.T) {
	g := testfix.Builtin(t, "fourbar")
	g.Joints[0].Damping, g.Joints[0].Friction = 2e-3, 0.05 // a tree joint
	g.Actuators[0].Friction, g.Actuators[0].Damping = 0.04, 1e-3
	d := testfix.Assembled(t, g, "", "crank").D
	if err := d.SetState([]float64{0.7}, nil); err != nil {
		t.Fatal(err)
	}
	d.Interfaces()
	for i := range g.Bodies {
		g.Bodies[i].Mass *= 1.3
	}
	m, err := robocompiler.Compile(g, robocompiler.Options{Partition: "crank"})
	if err != nil {
		t.Fatal(err)
	}
	ff, err := NewFeedforward(m, d.Q, d.Partition())
	if err != nil {
		t.Fatal(err)
	}
	if len(ff.loss.cuts) > 0 {
		t.Fatal("the model has cut-joint friction; EffortAt would fall back to Effort")
	}
	udot, fext := []float64{2.5}, make([]spatial.Vec6, len(m.Bodies)+1)
	fext[2] = spatial.Vec6{0.1, -0.2, 0.3, 1, -2, 0.5}
	want, got := make([]float64, 1), make([]float64, 1)
	if err := ff.EffortAt(d, udot, fext, got); err != nil { // first: ff's own Data is still at rest
		t.Fatal(err)
	}
	if err := ff.Effort(d.Q, d.U, udot, fext, want); err != nil {
		t.Fatal(err)
	}
	if math.Abs(got[0]-want[0]) > 1e-12*math.Abs(want[0]) {
		t.Errorf("EffortAt %.15g, Effort %.15g", got[0], want[0])
	}
	if a := testing.AllocsPerRun(20, func() { _ = ff.EffortAt(d, udot, fext, got) }); a != 0 {
		t.Errorf("EffortAt allocates %v times", a)
	}
}

// TestFeedforwardEffortAtState: a rollout whose controller's feedforward reads the plant's
// own dynamics (EffortAtState, the feedforward model being the plant's) logs exactly what
// one evaluating the feedforward separately (EffortAt) logs, bit for bit: without
// external wrenches, with wrenches set before the feedforward (the rollout reuses its
// evaluation) and with wrenches set after it (the rollout must evaluate again); and the
// step allocates nothing.
func TestFeedforwardEffortAtState(t *testing.T) {
	g := testfix.Builtin(t, "fourbar")
	g.Joints[0].Damping, g.Joints[0].Friction = 2e-3, 0.05
	g.Actuators[0].Friction, g.Actuators[0].Damping = 0.04, 1e-3
	for _, wrench := range []string{"none", "before", "after"} {
		var logs [2]*Log
		for k, shared := range []bool{false, true} {
			d := testfix.Assembled(t, g, "", "crank").D
			ff, err := NewFeedforward(d.Model(), d.Q, d.Partition())
			if err != nil {
				t.Fatal(err)
			}
			udot, tau := []float64{0}, []float64{0}
			ctrl := ControllerFunc(func(s *State, d *robocompiler.Data, c *Command) error {
				udot[0] = -4 * s.U[0]
				w := spatial.Vec6{0, 0, 0.1, 0.2, 0, 0}
				if wrench == "before" {
					c.Fext[2] = w
				}
				var err error
				if shared {
					err = ff.EffortAtState(s, d, udot, c.Fext, tau)
				} else {
					err = ff.EffortAt(d, udot, c.Fext, tau)
				}
				if wrench == "after" {
					c.Fext[2] = w
				}
				c.F[0] = 0.5 * tau[0]
				return err
			})
			s, err := New(d, ctrl, Options{Dt: 1e-3, Integrator: RK4})
			if err != nil {
				t.Fatal(err)
			}
			s.Reserve(400)
			if err := s.Run(200); err != nil {
				t.Fatal(err)
			}
			if n := testing.AllocsPerRun(20, func() {
				if err := s.Step(); err != nil {
					t.Fatal(err)
				}
			}); n != 0 {
				t.Errorf("shared %v: %v allocations per step", shared, n)
			}
			logs[k] = s.Log()
		}
		a, b := logs[0], logs[1]
		if len(a.Data) != len(b.Data) {
			t.Fatalf("logs of %d and %d values", len(a.Data), len(b.Data))
		}
		for i := range a.Data {
			if math.Float64bits(a.Data[i]) != math.Float64bits(b.Data[i]) {
				t.Fatalf("wrench %s: value %d (column %s): %v with EffortAtState, %v with EffortAt", wrench, i, a.Columns[i%len(a.Columns)], b.Data[i], a.Data[i])
			}
		}
	}
}
