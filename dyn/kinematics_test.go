package dyn

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/spatial"
)

// vee returns the axial vector of the skew part of A.
func vee(A spatial.Mat3) spatial.Vec3 {
	return spatial.Vec3{A[2][1] - A[1][2], A[0][2] - A[2][0], A[1][0] - A[0][1]}.Scale(0.5)
}

// poseRate returns the body twist of a pose curve by central differences of X(±ε):
// [vee(Rᵀ Ṙ); Rᵀ Ṗ].
func poseRate(x, xp, xm spatial.Transform, eps float64) spatial.Vec6 {
	dr := xp.R.Sub(xm.R).Scale(1 / (2 * eps))
	dp := xp.P.Sub(xm.P).Scale(1 / (2 * eps))
	rt := x.R.T()
	return spatial.NewVec6(vee(rt.Mul(dr)), rt.MulVec(dp))
}

// Body twists are the rates of the world poses along q ⊕ t·v, and body accelerations
// the rates of the twists along (q ⊕ t·v, v + t·a), by central differences.
func TestKinematicsMatchFiniteDifferences(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	const eps = 1e-6
	for name, m := range testModels(t) {
		d := NewData(m)
		nn := len(m.Bodies) + 1
		worstV, worstA := 0.0, 0.0
		for range 4 {
			q, v := randomState(m, rng)
			a := randVec(rng, m.NV)
			qp, qm := make([]float64, m.NQ), make([]float64, m.NQ)
			m.Integrate(q, v, eps, qp)
			m.Integrate(q, v, -eps, qm)
			vp, vm := make([]float64, m.NV), make([]float64, m.NV)
			for i := range v {
				vp[i], vm[i] = v[i]+eps*a[i], v[i]-eps*a[i]
			}
			pose, twist, acc := make([]spatial.Transform, nn), make([]spatial.Vec6, nn), make([]spatial.Vec6, nn)
			posep, twistp := make([]spatial.Transform, nn), make([]spatial.Vec6, nn)
			posem, twistm := make([]spatial.Transform, nn), make([]spatial.Vec6, nn)
			d.ForwardKinematicsAcc(q, v, a)
			for k := range nn {
				pose[k], twist[k], acc[k] = d.Pose(k), d.Twist(k), d.Acceleration(k)
			}
			d.ForwardKinematics(qp, vp)
			for k := range nn {
				posep[k], twistp[k] = d.Pose(k), d.Twist(k)
			}
			d.ForwardKinematics(qm, vm)
			for k := range nn {
				posem[k], twistm[k] = d.Pose(k), d.Twist(k)
			}
			for k := 1; k < nn; k++ {
				fdV := poseRate(pose[k], posep[k], posem[k], eps)
				fdA := twistp[k].Sub(twistm[k]).Scale(1 / (2 * eps))
				worstV = math.Max(worstV, fdV.Sub(twist[k]).Norm()/math.Max(1, twist[k].Norm()))
				worstA = math.Max(worstA, fdA.Sub(acc[k]).Norm()/math.Max(1, acc[k].Norm()))
			}
			if d.Pose(compile.Ground) != spatial.Identity() {
				t.Fatal("ground pose is not the identity")
			}
		}
		t.Logf("%s: twist vs FD %.3g, acceleration vs FD %.3g", name, worstV, worstA)
		if worstV > 1e-8 || worstA > 1e-7 {
			t.Errorf("%s: twist FD error %.3g, acceleration FD error %.3g", name, worstV, worstA)
		}
	}
}
