package robocompiler_test

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/robocompiler/robocompiler"
)

func assembled(t *testing.T, name, partition string) *robocompiler.Data {
	t.Helper()
	m, err := robocompiler.Load(name, robocompiler.Options{Partition: partition})
	if err != nil {
		t.Fatal(err)
	}
	d := m.NewData()
	if err := d.Assemble(""); err != nil {
		t.Fatal(err)
	}
	return d
}

// TestShapeAndStateErrors: wrong lengths are *ShapeError, non-finite values and a
// workspace without state are errors, never panics.
func TestShapeAndStateErrors(t *testing.T) {
	m, err := robocompiler.Load("fourbar", robocompiler.Options{})
	if err != nil {
		t.Fatal(err)
	}
	empty := m.NewData()
	if err := empty.SetState(nil, nil); err == nil {
		t.Error("SetState before Assemble: no error")
	}
	if err := empty.Track(nil); err == nil {
		t.Error("Track before Assemble: no error")
	}
	d := assembled(t, "fourbar", "")
	var se *robocompiler.ShapeError
	for name, err := range map[string]error{
		"SetState u":      d.SetState(make([]float64, d.Mobility()+1), nil),
		"SetState udot":   d.SetState(make([]float64, d.Mobility()), make([]float64, 3)),
		"SetFullState q":  d.SetFullState(make([]float64, 2), make([]float64, m.NV)),
		"Track":           d.Track(make([]float64, 5)),
		"AssembleFrom":    d.AssembleFrom(nil),
		"Accelerations f": d.Accelerations(make([]float64, 7), nil),
	} {
		if !errors.As(err, &se) {
			t.Errorf("%s: %v, want a *ShapeError", name, err)
		}
	}
	if err := d.SetState([]float64{math.NaN()}, nil); err == nil || errors.As(err, &se) {
		t.Errorf("NaN speed: %v, want a non-finite error", err)
	}
	if err := d.Assemble("no such seed"); err == nil {
		t.Error("unknown seed: no error")
	}
}

// TestSetFullState: a tracked feasible state (q, v) set into a fresh workspace gives the
// same independent speeds and accelerations; an off-manifold q and a non-tangent v are
// refused and leave the state as it was.
func TestSetFullState(t *testing.T) {
	for _, tc := range []struct{ name, partition string }{{"fourbar", ""}, {"stewart", "lengths"}, {"excavator", "joint_space"}} {
		d := assembled(t, tc.name, tc.partition)
		du, u := make([]float64, d.Mobility()), make([]float64, d.Mobility())
		for i := range du {
			du[i], u[i] = 2e-3*float64(i+1), 0.1*math.Sin(float64(i+1))
		}
		if err := d.Track(du); err != nil {
			t.Fatal(err)
		}
		if err := d.SetState(u, nil); err != nil {
			t.Fatal(err)
		}
		if err := d.Forward(nil, nil); err != nil {
			t.Fatal(err)
		}
		q, v := append([]float64(nil), d.Q...), append([]float64(nil), d.V...)
		want := append([]float64(nil), d.Udot...)

		e := d.Model().NewData()
		if err := e.Assemble(""); err != nil {
			t.Fatal(err)
		}
		if err := e.SetFullState(q, v); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if err := e.Forward(nil, nil); err != nil {
			t.Fatal(err)
		}
		for i := range u {
			if math.Abs(e.U[i]-u[i]) > 1e-12 || math.Abs(e.Udot[i]-want[i]) > 1e-9*math.Max(1, math.Abs(want[i])) {
				t.Errorf("%s: u[%d] %v vs %v, u̇ %v vs %v", tc.name, i, e.U[i], u[i], e.Udot[i], want[i])
			}
		}
		dep := -1
		for i := range d.Model().NV {
			if !contains(e.Partition().Independent, i) {
				dep = i
				break
			}
		}
		bad := append([]float64(nil), q...)
		bad[dep] += 1e-3
		if err := e.SetFullState(bad, v); err == nil {
			t.Errorf("%s: an off-manifold configuration was accepted", tc.name)
		}
		badV := append([]float64(nil), v...)
		badV[dep] += 1
		if err := e.SetFullState(q, badV); err == nil {
			t.Errorf("%s: a velocity off the tangent space was accepted", tc.name)
		}
		for i := range q {
			if e.Q[i] != q[i] {
				t.Errorf("%s: a refused state moved q[%d] from %v to %v", tc.name, i, q[i], e.Q[i])
			}
		}
		for i := range u {
			if math.Abs(e.U[i]-u[i]) > 1e-12 {
				t.Errorf("%s: a refused state changed u[%d] from %v to %v", tc.name, i, u[i], e.U[i])
			}
		}
	}
}

func contains(s []int, x int) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}

// TestSwitchModel welds Go2's four feet at the current pose (WithSupports) and switches a
// moving state into that mode: the mobility drops from 18 to 6, the closure holds, and the
// velocity is the inelastic-impact projection, E'ᵀ M_T (v_T − v_T') = 0.
func TestSwitchModel(t *testing.T) {
	m, err := robocompiler.Load("../shared/models/menagerie/unitree_go2/go2.xml", robocompiler.Options{})
	if err != nil {
		t.Fatal(err)
	}
	d := m.NewData()
	if err := d.Assemble("home"); err != nil {
		t.Fatal(err)
	}
	u := make([]float64, d.Mobility())
	for i := range u {
		u[i] = 0.2 * math.Cos(float64(i))
	}
	if err := d.SetState(u, nil); err != nil {
		t.Fatal(err)
	}
	d.Interfaces()
	vT := append([]float64(nil), d.V[:m.NVT]...)
	feet, err := m.WithSupports(d.Q, []string{"FL", "FR", "RL", "RR"})
	if err != nil {
		t.Fatal(err)
	}
	if err := d.SwitchModel(feet); err != nil {
		t.Fatal(err)
	}
	if d.Mobility() != 6 || d.Model() != feet {
		t.Fatalf("mobility %d after welding four point feet, want 6", d.Mobility())
	}
	for r, x := range d.Closure().Rho {
		if math.Abs(x) > 1e-12 {
			t.Errorf("row %d residual %.3g after the switch", r, x)
		}
	}
	d.Interfaces()
	if err := d.Dynamics(nil); err != nil {
		t.Fatal(err)
	}
	n, E := m.NVT, d.Lift().E
	for k := range d.Mobility() {
		s, scale := 0.0, 0.0
		for i := range n {
			mv := 0.0
			for j := range n {
				mv += d.Reduced.MT[i*n+j] * (vT[j] - d.V[j])
				scale = math.Max(scale, math.Abs(d.Reduced.MT[i*n+j]*vT[j]))
			}
			s += E.At(i, k) * mv
		}
		if math.Abs(s) > 1e-12*math.Max(1, scale) {
			t.Errorf("impact projection: (E'ᵀ M (v − v'))[%d] = %.3g", k, s)
		}
	}
}

// TestProjectSeedWarns: a seed outside a joint's limits is projected onto the nearest
// limit with a warning naming the joint, and Assemble then succeeds and reports it in
// Warnings.
func TestProjectSeedWarns(t *testing.T) {
	m, err := robocompiler.Load("fourbar", robocompiler.Options{})
	if err != nil {
		t.Fatal(err)
	}
	q, _ := m.Seed("")
	if w := m.ProjectSeed(q); w != nil {
		t.Fatalf("the four-bar's seed is within limits: %v", w)
	}
	j := -1
	for i := range m.Joints {
		if m.Joints[i].Model.Limited && m.Joints[i].NQ == 1 {
			j = i
			break
		}
	}
	if j < 0 {
		t.Skip("no limited joint")
	}
	jt := &m.Joints[j]
	q[jt.Q0] = jt.Model.Upper[0] + 1
	w := m.ProjectSeed(q)
	if len(w) != 1 || !strings.Contains(w[0], jt.ID) || q[jt.Q0] != jt.Model.Upper[0] {
		t.Fatalf("warnings %v, q = %g", w, q[jt.Q0])
	}
}

// TestTooLargeModelRefused: a model whose workspace exceeds the memory budget is refused
// by Load before anything is allocated.
func TestTooLargeModelRefused(t *testing.T) {
	if _, err := robocompiler.Load("excavator", robocompiler.Options{MemoryBudget: 1000}); err == nil || !strings.Contains(err.Error(), "memory budget") {
		t.Fatalf("err = %v", err)
	}
	if _, err := robocompiler.Load("excavator", robocompiler.Options{MemoryBudget: -1}); err != nil {
		t.Fatal(err)
	}
}
