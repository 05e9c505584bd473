//go:build mujoco

package mujoco

import (
	"math"
	"testing"
)

// pendulumStates are (q, qdot) pairs at which the pendulum is checked.
var pendulumStates = [][2]float64{{0, 0}, {0.3, 0}, {-1.1, 2.5}, {2.9, -4}, {math.Pi / 2, 0.7}}

func TestPendulumMassBiasPassive(t *testing.T) {
	m := mustLoad(t, pendulumXML)
	if m.NQ() != 1 || m.NV() != 1 || m.NU() != 1 || m.NJnt() != 1 || m.NBody() != 2 {
		t.Fatalf("sizes nq=%d nv=%d nu=%d njnt=%d nbody=%d", m.NQ(), m.NV(), m.NU(), m.NJnt(), m.NBody())
	}
	d := mustData(t, m)
	wantM := penIyy + penMass*penCOM*penCOM + penArmature
	M := make([]float64, 1)
	bias := make([]float64, 1)
	pas := make([]float64, 1)
	for _, s := range pendulumStates {
		q, qd := s[0], s[1]
		must(t, d.SetQpos([]float64{q}))
		must(t, d.SetQvel([]float64{qd}))
		must(t, d.Forward())
		must(t, d.FullM(M))
		must(t, d.Bias(bias))
		must(t, d.QfrcPassive(pas))
		if e := math.Abs(M[0] - wantM); e > 1e-12 {
			t.Errorf("q=%g: M = %.17g, want I+m l^2+armature = %.17g (err %.3g)", q, M[0], wantM, e)
		}
		// Gravity term m g l sin q; the velocity-product term of a 1-DoF hinge is 0.
		wantBias := penMass * penGravity * penCOM * math.Sin(q)
		if e := math.Abs(bias[0] - wantBias); e > 1e-12 {
			t.Errorf("q=%g qd=%g: bias = %.17g, want m g l sin q = %.17g (err %.3g)", q, qd, bias[0], wantBias, e)
		}
		if e := math.Abs(pas[0] - (-penDamping * qd)); e > 1e-12 {
			t.Errorf("qd=%g: qfrc_passive = %.17g, want -b qd = %.17g", qd, pas[0], -penDamping*qd)
		}
	}
}

func TestPendulumQaccWithCtrl(t *testing.T) {
	m := mustLoad(t, pendulumXML)
	d := mustData(t, m)
	M := penIyy + penMass*penCOM*penCOM + penArmature
	qacc := make([]float64, 1)
	for _, s := range pendulumStates {
		q, qd, u := s[0], s[1], 0.4-s[0]
		must(t, d.SetQpos([]float64{q}))
		must(t, d.SetQvel([]float64{qd}))
		must(t, d.SetCtrl([]float64{u}))
		must(t, d.Forward())
		must(t, d.Qacc(qacc))
		want := (penGear*u - penDamping*qd - penMass*penGravity*penCOM*math.Sin(q)) / M
		if e := math.Abs(qacc[0] - want); e > 1e-12 {
			t.Errorf("q=%g qd=%g u=%g: qacc = %.17g, want %.17g", q, qd, u, qacc[0], want)
		}
	}
}

func TestPendulumXfrcApplied(t *testing.T) {
	m := mustLoad(t, pendulumXML)
	d := mustData(t, m)
	body, err := m.BodyID("link")
	must(t, err)
	M := penIyy + penMass*penCOM*penCOM + penArmature
	q := 0.6
	must(t, d.SetQpos([]float64{q}))
	must(t, d.Forward())
	base := make([]float64, 1)
	must(t, d.Qacc(base))

	// Our order [n; f], world axes, about/at the COM. The COM is at
	// c = R_y(q) (0,0,-l) = (-l sin q, 0, -l cos q); the hinge axis is y.
	n := [3]float64{0.3, 1.7, -0.2}
	f := [3]float64{2.0, -0.5, 3.0}
	must(t, d.SetXfrcApplied(body, [6]float64{n[0], n[1], n[2], f[0], f[1], f[2]}))
	got, err := d.XfrcApplied(body)
	must(t, err)
	if got != [6]float64{n[0], n[1], n[2], f[0], f[1], f[2]} {
		t.Errorf("XfrcApplied round trip = %v", got)
	}
	must(t, d.Forward())
	acc := make([]float64, 1)
	must(t, d.Qacc(acc))
	c := [3]float64{-penCOM * math.Sin(q), 0, -penCOM * math.Cos(q)}
	// y-component of c x f.
	cxfY := c[2]*f[0] - c[0]*f[2]
	want := base[0] + (n[1]+cxfY)/M
	if e := math.Abs(acc[0] - want); e > 1e-12 {
		t.Errorf("qacc with wrench = %.17g, want %.17g (torque %g + moment of force %g)", acc[0], want, n[1], cxfY)
	}
	if err := d.SetXfrcApplied(0, [6]float64{}); err == nil {
		t.Error("SetXfrcApplied on the world body: no error")
	}
	if err := d.SetXfrcApplied(2, [6]float64{}); err == nil {
		t.Error("SetXfrcApplied on body 2 of 2: no error")
	}
}

func TestPendulumEnergy(t *testing.T) {
	m := mustLoad(t, pendulumXML)
	d := mustData(t, m)
	must(t, d.Forward())
	if _, err := d.Energy(); err == nil {
		t.Fatal("Energy with energy disabled: no error")
	}
	must(t, m.SetEnergyEnabled(true))
	if !m.EnergyEnabled() {
		t.Fatal("EnergyEnabled false after SetEnergyEnabled(true)")
	}
	q, qd := 0.8, -1.5
	must(t, d.SetQpos([]float64{q}))
	must(t, d.SetQvel([]float64{qd}))
	must(t, d.Forward())
	e, err := d.Energy()
	must(t, err)
	M := penIyy + penMass*penCOM*penCOM + penArmature
	wantV := -penMass * penGravity * penCOM * math.Cos(q)
	wantT := 0.5 * M * qd * qd
	if math.Abs(e[0]-wantV) > 1e-12 || math.Abs(e[1]-wantT) > 1e-12 {
		t.Errorf("energy = %v, want [%.17g %.17g]", e, wantV, wantT)
	}
}

func TestPendulumQueries(t *testing.T) {
	m := mustLoad(t, pendulumXML)
	if got := m.JointNames(); len(got) != 1 || got[0] != "hinge" {
		t.Errorf("JointNames = %q", got)
	}
	if got := m.BodyNames(); len(got) != 2 || got[0] != "world" || got[1] != "link" {
		t.Errorf("BodyNames = %q", got)
	}
	if got := m.ActuatorNames(); len(got) != 1 || got[0] != "drive" {
		t.Errorf("ActuatorNames = %q", got)
	}
	if typ, err := m.JointType(0); err != nil || typ != JointHinge {
		t.Errorf("JointType(0) = %v, %v", typ, err)
	}
	if _, err := m.JointType(1); err == nil {
		t.Error("JointType(1) of 1 joint: no error")
	}
	if a, err := m.JointQposAdr(0); err != nil || a != 0 {
		t.Errorf("JointQposAdr(0) = %d, %v", a, err)
	}
	if a, err := m.JointDofAdr(0); err != nil || a != 0 {
		t.Errorf("JointDofAdr(0) = %d, %v", a, err)
	}
	if _, err := m.BodyID("nope"); err == nil {
		t.Error("BodyID(nope): no error")
	} else {
		t.Logf("BodyID(nope): %v", err)
	}
	site, err := m.SiteID("tip")
	must(t, err)
	key, err := m.KeyframeQpos("up")
	must(t, err)
	if len(key) != 1 || key[0] != 3.14159 {
		t.Errorf("KeyframeQpos(up) = %v", key)
	}
	if _, err := m.KeyframeQpos("down"); err == nil {
		t.Error("KeyframeQpos(down): no error")
	}
	if q0 := m.Qpos0(); len(q0) != 1 || q0[0] != 0 {
		t.Errorf("Qpos0 = %v", q0)
	}

	d := mustData(t, m)
	q := 0.4
	must(t, d.SetQpos([]float64{q}))
	must(t, d.Forward())
	p, err := d.SitePos(site)
	must(t, err)
	want := [3]float64{-math.Sin(q), 0, -math.Cos(q)}
	for i := range 3 {
		if math.Abs(p[i]-want[i]) > 1e-15 {
			t.Fatalf("SitePos = %v, want %v", p, want)
		}
	}
	pos, quat, err := d.BodyPose(1)
	must(t, err)
	wantQ := [4]float64{math.Cos(q / 2), 0, math.Sin(q / 2), 0}
	for i := range 4 {
		if math.Abs(quat[i]-wantQ[i]) > 1e-15 {
			t.Fatalf("BodyPose quat = %v, want %v", quat, wantQ)
		}
	}
	if pos != [3]float64{} {
		t.Errorf("BodyPose pos = %v, want origin", pos)
	}
	if _, err := d.SitePos(1); err == nil {
		t.Error("SitePos(1) of 1 site: no error")
	}
}
