package dyn

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/robocompiler/robocompiler/spatial"
)

// A world wrench [n; f] applied at a body point enters RNEA as −(J_pᵀ f + J_ωᵀ n), with
// J_p the Jacobian of the point's world position and J_ω that of the body's world angular
// velocity, both by central differences along q ⊕ ε e_i.
func TestWorldWrenchIsJacobianTranspose(t *testing.T) {
	rng := rand.New(rand.NewPCG(61, 62))
	const eps = 1e-6
	for name, m := range testModels(t) {
		d := NewData(m)
		n := m.NVT
		worst := 0.0
		for range 3 {
			q, v := randomState(m, rng)
			a := randVec(rng, m.NV)
			node := 1 + rng.IntN(len(m.Bodies))
			pt := spatial.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}.Scale(0.2)
			w := spatial.Vec6{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}
			fext := make([]spatial.Vec6, len(m.Bodies)+1)
			d.ForwardKinematics(q, v)
			fext[node] = d.WorldWrench(node, pt, w)
			tau0, tau1 := make([]float64, n), make([]float64, n)
			d.RNEA(q, v, a, nil, tau0)
			d.RNEA(q, v, a, fext, tau1)
			qp, qm := make([]float64, m.NQ), make([]float64, m.NQ)
			for i := range n {
				ei := make([]float64, m.NV)
				ei[i] = 1
				m.Integrate(q, ei, eps, qp)
				m.Integrate(q, ei, -eps, qm)
				d.ForwardKinematics(qp, v)
				xp := d.Pose(node)
				d.ForwardKinematics(qm, v)
				xm := d.Pose(node)
				jp := xp.Apply(pt).Sub(xm.Apply(pt)).Scale(1 / (2 * eps))
				jw := vee(xp.R.Sub(xm.R).Scale(1 / (2 * eps)).Mul(xp.R.Add(xm.R).Scale(0.5).T()))
				gen := jp.Dot(w.Linear()) + jw.Dot(w.Angular())
				worst = math.Max(worst, math.Abs(tau1[i]-tau0[i]+gen)/math.Max(1, w.Norm()))
			}
		}
		t.Logf("%s: world wrench vs Jᵀf %.3g", name, worst)
		if worst > 1e-8 {
			t.Errorf("%s: world wrench differs from Jᵀ f by %.3g", name, worst)
		}
	}
}
