package kin_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/robocompiler/robocompiler/kin"
	"github.com/robocompiler/robocompiler/spatial"
	"gonum.org/v1/gonum/mat"
)

// TestTaskJacobianFD compares J_x with central differences of the task value at
// off-manifold Stewart states: the platform as a frame task around a rotated, shifted
// reference (the log chart with J_r⁻¹), the frame site, and a point on the platform.
func TestTaskJacobianFD(t *testing.T) {
	fx := setup(t, builtin(t, "stewart"), "lengths")
	m, kd := fx.m, fx.kd
	frame, err := kin.NewTask(m, "platform")
	if err != nil {
		t.Fatal(err)
	}
	kd.Kinematics(fx.q)
	frame.Ref = kd.Pose(frame).Mul(spatial.ExpSE3(spatial.Vec6{0.3, -0.2, 0.5, 0.05, 0.02, -0.1}))
	site, err := kin.NewTask(m, "platform_center")
	if err != nil {
		t.Fatal(err)
	}
	point := &kin.Task{ID: "rim", Point: true, Node: frame.Node, Frame: spatial.Transform{R: spatial.Identity3(), P: spatial.Vec3{0.3, 0.1, 0.05}}}
	rng := rand.New(rand.NewPCG(7, 8))
	qo, qp, dv := make([]float64, m.NQ), make([]float64, m.NQ), make([]float64, m.NV)
	for _, task := range []*kin.Task{frame, site, point} {
		n := task.Dim()
		Jx := mat.NewDense(n, m.NV, nil)
		xp, xm := make([]float64, n), make([]float64, n)
		worst := 0.0
		for range 20 {
			for i := range dv {
				dv[i] = 0.05 * (2*rng.Float64() - 1)
			}
			m.Integrate(fx.q, dv, 1, qo)
			kd.Kinematics(qo)
			if err := kd.TaskJacobian(task, Jx, nil); err != nil {
				t.Fatal(err)
			}
			scale := math.Max(1, mat.Norm(Jx, math.Inf(1)))
			const h = 1e-6
			for c := range m.NV {
				for i := range dv {
					dv[i] = 0
				}
				dv[c] = 1
				m.Integrate(qo, dv, h, qp)
				kd.Kinematics(qp)
				_ = kd.TaskValue(task, xp)
				m.Integrate(qo, dv, -h, qp)
				kd.Kinematics(qp)
				_ = kd.TaskValue(task, xm)
				for r := range n {
					worst = math.Max(worst, math.Abs((xp[r]-xm[r])/(2*h)-Jx.At(r, c))/scale)
				}
			}
		}
		t.Logf("%s: worst relative |J_x − FD| = %.3g", task.ID, worst)
		if worst > 1e-8 {
			t.Errorf("%s: task Jacobian differs from central differences by %.3g", task.ID, worst)
		}
	}
}

// TestTaskJacobianLift checks J = J_x E against the velocity of the task along v = E u.
func TestTaskJacobianLift(t *testing.T) {
	fx := setup(t, builtin(t, "stewart"), "lengths")
	m, kd := fx.m, fx.kd
	task, _ := kin.NewTask(m, "platform")
	rng := rand.New(rand.NewPCG(9, 10))
	u := randomU(rng, kd.Mobility(), 0.2)
	if err := fx.update(fx.q, u); err != nil {
		t.Fatal(err)
	}
	Jx, J := mat.NewDense(6, m.NV, nil), mat.NewDense(6, kd.Mobility(), nil)
	if err := kd.TaskJacobian(task, Jx, J); err != nil {
		t.Fatal(err)
	}
	xdot := mat.NewVecDense(6, nil)
	xdot.MulVec(J, mat.NewVecDense(len(u), u))
	// Central difference of x along q ⊕ t v.
	const h = 1e-6
	qp := make([]float64, m.NQ)
	xp, xm := make([]float64, 6), make([]float64, 6)
	m.Integrate(fx.q, kd.V, h, qp)
	kd.Kinematics(qp)
	_ = kd.TaskValue(task, xp)
	m.Integrate(fx.q, kd.V, -h, qp)
	kd.Kinematics(qp)
	_ = kd.TaskValue(task, xm)
	fd := make([]float64, 6)
	for i := range fd {
		fd[i] = (xp[i] - xm[i]) / (2 * h)
	}
	if d := relDiff(xdot.RawVector().Data, fd); d > 1e-8 {
		t.Errorf("J u = %v, task velocity along v = %v (%.3g)", xdot.RawVector().Data, fd, d)
	}
}
