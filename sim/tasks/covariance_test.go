package tasks

import (
	"errors"
	"math"
	"testing"

	"github.com/robocompiler/robocompiler/control"
	"github.com/robocompiler/robocompiler/dyn"
	"github.com/robocompiler/robocompiler/kin"
	"github.com/robocompiler/robocompiler/robots"
	"github.com/robocompiler/robocompiler/spatial"
)

// TestCovarianceExcavator: the redundancy QP of eq. 16 (W = M_r, stroke barrier, speed
// bounds, a 3-D point task on the last body) solved in the excavator's joint_space and
// cylinder_space partitions — a genuinely different choice of independent coordinates,
// u_B = F u_A with F far from the identity — gives the same physical velocity v = E u* to
// 1e-12 relative, with speed bounds tight enough to be active, and so does the closed
// form. Below the task's least feasible bound (≈ 0.012775) both partitions report the
// bounds infeasible instead of meeting the task through round-off entries of the lift
// (which once gave 9e9 rad/s on the tilt-rotator).
func TestCovarianceExcavator(t *testing.T) {
	for _, c := range []struct {
		bound      float64
		infeasible bool
	}{{0.015, false}, {0.01, true}} {
		covarianceExcavator(t, c.bound, c.infeasible)
	}
}

// covarianceExcavator runs TestCovarianceExcavator with every port's speed bound.
func covarianceExcavator(t *testing.T, bound float64, infeasible bool) {
	g, err := robots.Get("excavator")
	if err != nil {
		t.Fatal(err)
	}
	pl, err := newPlant(g, named("joint_space"))
	if err != nil {
		t.Fatal(err)
	}
	reqB, err := pl.m.PartitionRequest("cylinder_space")
	if err != nil {
		t.Fatal(err)
	}
	kd := kin.NewData(pl.m, pl.p)
	u := make([]float64, pl.p.Mobility)
	for i := range u {
		u[i] = 0.05 * math.Sin(float64(i+1))
	}
	if err := kd.Update(pl.q, u); err != nil {
		t.Fatal(err)
	}
	nf := len(kd.Ports)
	ports, lo, hi, beta, speed := make([]int, nf), make([]float64, nf), make([]float64, nf), make([]float64, nf), make([]float64, nf)
	for i := range ports {
		ports[i], lo[i], hi[i], beta[i], speed[i] = i, kd.Ell[i]-0.3-0.05*float64(i), kd.Ell[i]+0.4, 1, bound
	}
	n := len(pl.m.Bodies)
	task := &kin.Task{ID: "tip", Point: true, Node: n, Frame: spatial.Transform{R: spatial.Identity3(), P: spatial.Vec3{0.3, 0, 0}}, Ref: spatial.Identity()}
	w := []float64{0.03, -0.02, 0.01}
	for _, closed := range []bool{false, true} {
		mk := func(k *kin.Data) *redundancy {
			return newRedundancy(k, task, nil, ports, lo, hi, beta, speed, 0.5, 0.3, closed)
		}
		cov, err := newCovariance(pl.m, pl.q, reqB, mk)
		if err != nil {
			t.Fatal(err)
		}
		r := dyn.NewReduced(pl.m.NVT, pl.p.Mobility)
		kd.Dyn.ReducedDynamics(r, pl.q, kd.V, kd.Lift.E, kd.Curv, nil)
		ua := make([]float64, pl.p.Mobility)
		res, err := mk(kd).solve(kd, r.Mr, w, ua)
		var ie *control.InfeasibleError
		if infeasible && !closed {
			if !errors.As(err, &ie) || ie.Kind != control.KindInequality {
				t.Errorf("bound %g: %v, want the speed bounds reported infeasible", bound, err)
			}
			if _, err := cov.compare(pl.q, kd, ua, w); !errors.As(err, &ie) || ie.Kind != control.KindInequality {
				t.Errorf("bound %g, second partition: %v, want the speed bounds reported infeasible", bound, err)
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if !closed && len(res.Active) == 0 {
			t.Errorf("no speed bound active; the test would not exercise the inequalities")
		}
		e, err := cov.compare(pl.q, kd, ua, w)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("bound %g, closed=%v: active %v, max|v_A − v_B|/max|v_A| = %.3g", bound, closed, res.Active, e)
		if !(e < 1e-12) {
			t.Errorf("bound %g, closed=%v: physical velocities differ by %.3g between partitions", bound, closed, e)
		}
	}
}
