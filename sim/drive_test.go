package sim

import (
	"math"
	"testing"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/internal/testfix"
)

// excavatorDriven is the built-in excavator with a holding port on the passive pin q22
// (as the dig-cycle task adds), a first-order lag of 20 ms on every port, viscous and
// Coulomb friction on the cylinders and Coulomb friction on the slew joint q23,
// assembled in the cylinder_space partition.
func excavatorDriven(t testing.TB) *robocompiler.Data {
	t.Helper()
	g := testfix.Builtin(t, "excavator")
	g.Actuators = append(g.Actuators, cmg.Actuator{ID: "hold_q22", Type: cmg.ActJoint, Joint: "q22", Gear: 1})
	for i := range g.Actuators {
		a := &g.Actuators[i]
		a.Drive = &cmg.Drive{Type: cmg.DriveLag, TimeConstant: 0.02}
		if a.Joint[0] == 'p' {
			a.Damping, a.Friction = 2e3, 300
		}
	}
	g.Joint("q23").Friction = 150
	if err := g.Validate(); err != nil {
		t.Fatal(err)
	}
	return testfix.Assembled(t, g, "", "cylinder_space").D
}

// portCT is computed-torque tracking of the independent coordinates x (each the
// coordinate of a port with gear 1, so that L restricted to those ports is the
// identity): u̇* = ẍ_ref + Kp (x_ref − x) + Kd (ẋ_ref − u), τ_r = M_r u̇* + h_r, and
// each independent coordinate's port is commanded its τ_r entry. The reference moves
// every coordinate by amp·(1 − cos ωt) from where it starts: a dig-like stroke.
type portCT struct {
	x0, amp  []float64
	q0, port []int // configuration index and port of each independent coordinate
}

func newPortCT(t testing.TB, d *robocompiler.Data) *portCT {
	m := d.Model()
	c := &portCT{}
	for k, v := range d.Partition().Independent {
		var qi, pi = -1, -1
		for _, j := range m.Joints {
			if j.NV == 1 && j.V0 == v {
				qi = j.Q0
				for i, p := range m.Ports {
					if len(p.Terms) == 1 && p.Terms[0].Coef == 1 && m.Joints[p.Terms[0].Joint].V0 == v {
						pi = i
					}
				}
			}
		}
		if qi < 0 || pi < 0 {
			t.Fatalf("independent coordinate %d has no joint port", k)
		}
		c.q0, c.port = append(c.q0, qi), append(c.port, pi)
		c.x0 = append(c.x0, d.Q[qi])
		amp := 0.05 // m for the cylinders
		if m.Joints[m.Ports[pi].Terms[0].Joint].Model.Kind.String() == "revolute" {
			amp = 0.2 // rad
		}
		c.amp = append(c.amp, amp)
	}
	return c
}

func (c *portCT) Control(s *State, d *robocompiler.Data, cmd *Command) error {
	const kp, kd, w = 100, 20, 2.0
	if err := d.Dynamics(nil); err != nil {
		return err
	}
	r := d.Reduced
	n := len(c.q0)
	acc := make([]float64, n)
	for k := range n {
		x, xd, xdd := c.x0[k]+c.amp[k]*(1-math.Cos(w*s.T)), c.amp[k]*w*math.Sin(w*s.T), c.amp[k]*w*w*math.Cos(w*s.T)
		acc[k] = xdd + kp*(x-s.Q[c.q0[k]]) + kd*(xd-s.U[k])
	}
	for k := range n {
		tau := r.Hr[k]
		for j := range n {
			tau += r.Mr[k*n+j] * acc[j]
		}
		cmd.F[c.port[k]] = tau
	}
	return nil
}

// TestExcavatorLedgerWithDrivesAndFriction: the excavator strokes every independent
// coordinate through lagging drives against cylinder and slew friction; the energy
// ledger closes — the work of the drives' efforts equals the change of kinetic and
// potential energy plus what the friction dissipated — to 1e-6 of the energies moved,
// and the friction dissipates a noticeable share.
func TestExcavatorLedgerWithDrivesAndFriction(t *testing.T) {
	d := excavatorDriven(t)
	ctrl := newPortCT(t, d)
	// The drives start holding the arm: at the efforts the controller commands at t = 0.
	s, err := New(d, ctrl, Options{Dt: 5e-3, Integrator: RK4, LogEvery: 10, DrivesAtCommand: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Run(1200); err != nil {
		t.Fatal(err)
	}
	l := s.Log()
	drift, scale := balance(t, l)
	diss := column(t, l, "dissipated_J")
	work := column(t, l, "work_J")
	t.Logf("drift %.3g J of %.3g J (%.3g relative); dissipated %.4g J, work %.4g J", drift, scale, drift/scale, diss[len(diss)-1], work[len(work)-1])
	if !(drift <= 1e-6*scale) {
		t.Errorf("energy ledger off by %.3g J against %.3g J (bound 1e-6 relative)", drift, scale)
	}
	if !(diss[len(diss)-1] > 1e-2*scale) {
		t.Errorf("friction dissipated %.3g J of %.3g J; the test needs it to matter", diss[len(diss)-1], scale)
	}
	// The lag: the applied effort follows the command with a delay of about 20 ms.
	f, c := column(t, l, "f:drive_p1"), column(t, l, "c:drive_p1")
	lagged := 0.0
	for i := range f {
		lagged = math.Max(lagged, math.Abs(f[i]-c[i]))
	}
	if !(lagged > 1) {
		t.Errorf("drive_p1 applies its command to %.3g N; a lagging drive cannot", lagged)
	}
	if f[0] != c[0] || c[0] == 0 {
		t.Errorf("at t = 0 drive_p1 applies %g N for a command of %g N; it starts at the command", f[0], c[0])
	}
}

// TestDriveResponses: under a constant command the lag's effort is c(1 − e^{−t/T}) and
// the servo's the step response of a damped oscillator to the command saturated at the
// effort limit, to RK4's accuracy, whatever the mechanism does meanwhile.
func TestDriveResponses(t *testing.T) {
	const T, w, zeta = 0.05, 40.0, 0.5
	wd := w * math.Sqrt(1-zeta*zeta)
	for _, tc := range []struct {
		drive   cmg.Drive
		command float64
		want    func(t float64) float64
	}{
		{cmg.Drive{Type: cmg.DriveLag, TimeConstant: T}, 0.5, func(t float64) float64 { return 0.5 * (1 - math.Exp(-t/T)) }},
		{cmg.Drive{Type: cmg.DriveServo, Frequency: w, DampingRatio: zeta}, 20, func(t float64) float64 {
			// The command saturates at the limit 0.5 N·m; the overshoot is clamped there.
			f := 0.5 * (1 - math.Exp(-zeta*w*t)*(math.Cos(wd*t)+zeta/math.Sqrt(1-zeta*zeta)*math.Sin(wd*t)))
			return math.Min(f, 0.5)
		}},
	} {
		g := testfix.Builtin(t, "fourbar")
		g.Actuators[0].Drive = &tc.drive
		g.Actuators[0].EffortLimits = &[2]float64{-0.5, 0.5}
		d := testfix.Assembled(t, g, "", "").D
		ctrl := ControllerFunc(func(_ *State, _ *robocompiler.Data, c *Command) error {
			c.F[0] = tc.command
			return nil
		})
		s, err := New(d, ctrl, Options{Dt: 1e-3, Integrator: RK4})
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Run(300); err != nil {
			t.Fatal(err)
		}
		tc2, f := column(t, s.Log(), "t"), column(t, s.Log(), "f:crank_motor")
		worst := 0.0
		for i := range f {
			worst = math.Max(worst, math.Abs(f[i]-tc.want(tc2[i])))
		}
		if !(worst < 1e-6*0.5) {
			t.Errorf("%s drive: effort off the analytic response by %.3g N·m", tc.drive.Type, worst)
		}
		drift, scale := balance(t, s.Log())
		if !(drift <= 1e-6*scale) {
			t.Errorf("%s drive: energy drift %.3g J against %.3g J", tc.drive.Type, drift, scale)
		}
	}
}
