package kin_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/robocompiler/robocompiler/cmg"
)

// fourbarPorts is the four-bar with three more ports: a motor on its cut joint (it acts
// through attachment wrenches), a two-point actuator from the ground to the rocker, and a
// transmission over the crank and the cut joint.
func fourbarPorts(t *testing.T) *cmg.Graph {
	g := builtin(t, "fourbar")
	pa, pb := [3]float64{0.1, 0.35, 0}, [3]float64{0.2, 0.02, 0}
	g.Actuators = append(g.Actuators,
		cmg.Actuator{ID: "cut_motor", Type: cmg.ActJoint, Joint: "crank_coupler", Gear: 3},
		cmg.Actuator{ID: "cylinder", Type: cmg.ActTwoPoint, BodyA: "world", PointA: &pa, BodyB: "rocker", PointB: &pb},
		cmg.Actuator{ID: "belt", Type: cmg.ActTransmission, Transmission: []cmg.TransmissionTerm{{Joint: "crank_pivot", Coef: 0.5}, {Joint: "crank_coupler", Coef: -0.25}}},
	)
	// Actuated joints are kept in the tree by preference; cut this one explicitly.
	g.Hints = &cmg.Hints{CutJoints: []string{"crank_coupler"}}
	return g
}

// TestPortsVirtualPower: at random feasible states and efforts, the effort applied on the
// tree through the ports' attachments does the same power as τ_r = Lᵀf on u (eq. 13).
// The cut-joint motor's L row comes from the cut coordinate and its tree effort from the
// attachment wrenches, so the identity is a real check of both.
func TestPortsVirtualPower(t *testing.T) {
	fx := setup(t, fourbarPorts(t), "crank")
	if cut := fx.m.Joints[fx.m.JointIndex("crank_coupler")]; cut.Tree {
		t.Fatal("crank_coupler is expected to be the four-bar's cut joint")
	}
	rng := rand.New(rand.NewPCG(3, 4))
	kd, m := fx.kd, fx.m
	tauT, tauR := make([]float64, m.NVT), make([]float64, kd.Mobility())
	for range 100 {
		u := randomU(rng, kd.Mobility(), 2)
		if err := fx.update(fx.q, u); err != nil {
			t.Fatal(err)
		}
		f := randomU(rng, len(kd.Ports), 50)
		kd.TreeEffort(fx.q, f, tauT)
		kd.ReducedEffort(f, tauR)
		pt, pr := 0.0, 0.0
		for i, x := range tauT {
			pt += x * kd.V[i]
		}
		for k, x := range tauR {
			pr += x * u[k]
		}
		if d := math.Abs(pt - pr); d > 1e-12 {
			t.Fatalf("virtual-power defect %.3g W (tree %.6g, reduced %.6g)", d, pt, pr)
		}
	}
}

// TestPortJacobianFD compares J_ℓ with central differences of ℓ(q) at off-manifold states,
// and checks the two-point displacement against the distance computed from the poses.
func TestPortJacobianFD(t *testing.T) {
	fx := setup(t, fourbarPorts(t), "crank")
	m, kd := fx.m, fx.kd
	rng := rand.New(rand.NewPCG(5, 6))
	qo, qp, dv := make([]float64, m.NQ), make([]float64, m.NQ), make([]float64, m.NV)
	for range 50 {
		for i := range dv {
			dv[i] = 0.05 * (2*rng.Float64() - 1)
		}
		m.Integrate(fx.q, dv, 1, qo)
		kd.Kinematics(qo)
		an := make([]float64, len(kd.Ports)*m.NV)
		J := kd.JEll.RawMatrix()
		for i := range kd.Ports {
			copy(an[i*m.NV:], J.Data[i*J.Stride:i*J.Stride+m.NV])
		}
		const h = 1e-6
		for c := range m.NV {
			for i := range dv {
				dv[i] = 0
			}
			dv[c] = 1
			m.Integrate(qo, dv, h, qp)
			kd.Kinematics(qp)
			plus := append([]float64(nil), kd.Ell...)
			m.Integrate(qo, dv, -h, qp)
			kd.Kinematics(qp)
			for i := range kd.Ports {
				fd := (plus[i] - kd.Ell[i]) / (2 * h)
				if d := math.Abs(fd - an[i*m.NV+c]); d > 1e-8*math.Max(1, math.Abs(fd)) {
					t.Fatalf("port %s, velocity %d: J_ℓ %.12g, central difference %.12g", kd.Ports[i].ID, c, an[i*m.NV+c], fd)
				}
			}
		}
	}
}
