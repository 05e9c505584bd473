//go:build mujoco

package mujoco

import (
	"math"
	"testing"
)

func TestStepAdvancesTime(t *testing.T) {
	m := mustLoad(t, pendulumXML)
	if dt := m.Timestep(); dt != 0.002 {
		t.Fatalf("Timestep = %g, want 0.002 from the MJCF", dt)
	}
	d := mustData(t, m)
	must(t, d.SetQpos([]float64{0.5}))
	for i := 1; i <= 10; i++ {
		must(t, d.Step())
		if want := float64(i) * 0.002; math.Abs(d.Time()-want) > 1e-15 {
			t.Fatalf("after %d steps Time = %.17g, want %.17g", i, d.Time(), want)
		}
	}
	q := make([]float64, 1)
	must(t, d.Qpos(q))
	if !(q[0] < 0.5) {
		t.Errorf("pendulum released at 0.5 rad did not fall back: q = %g", q[0])
	}
	must(t, m.SetTimestep(0.01))
	t0 := d.Time()
	must(t, d.Step())
	if math.Abs(d.Time()-t0-0.01) > 1e-15 {
		t.Errorf("Step after SetTimestep(0.01) advanced %g", d.Time()-t0)
	}
	if err := m.SetTimestep(-1); err == nil {
		t.Error("SetTimestep(-1): no error")
	}
	if err := m.SetTimestep(math.NaN()); err == nil {
		t.Error("SetTimestep(NaN): no error")
	}
	must(t, d.Reset())
	if d.Time() != 0 {
		t.Errorf("Time after Reset = %g", d.Time())
	}
}

// One explicit step of the undamped-free part: Euler in MuJoCo 2.2.2 is
// semi-implicit, qvel += h qacc, then qpos += h qvel (new velocity).
func TestStepIsSemiImplicitEuler(t *testing.T) {
	m := mustLoad(t, freeXML)
	d := mustData(t, m)
	v := []float64{0.1, -0.2, 0.3, 0, 0, 0}
	must(t, d.SetQvel(v))
	must(t, d.Forward())
	acc := make([]float64, 6)
	must(t, d.Qacc(acc))
	q0 := make([]float64, 7)
	must(t, d.Qpos(q0))
	must(t, d.Step())
	q1 := make([]float64, 7)
	must(t, d.Qpos(q1))
	h := m.Timestep()
	for i := range 3 {
		want := q0[i] + h*(v[i]+h*acc[i])
		if math.Abs(q1[i]-want) > 1e-15 {
			t.Errorf("qpos[%d] after Step = %.17g, want %.17g", i, q1[i], want)
		}
	}
	if math.Abs(acc[2]+9.81) > 1e-12 {
		t.Errorf("free fall qacc_z = %g, want -9.81", acc[2])
	}
}
