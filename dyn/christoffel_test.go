package dyn

import (
	"github.com/robocompiler/robocompiler/internal/testutil"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/robocompiler/robocompiler/joint"
	"github.com/robocompiler/robocompiler/spatial"
)

// The velocity-product term of RNEA agrees with the Lagrangian one formed from M alone by
// finite differences (Christoffel check):
//
//	h(q, v) − h(q, 0) − D v = Ṁ v − ½ ∂(vᵀ M v)/∂q + Σ_j C_j,
//
// with Ṁ v = d/dε M(q ⊕ εv) v and the i-th component of ∂(vᵀMv)/∂q taken along
// q ⊕ ε e_i. For joints whose velocity is a body angular velocity or twist (spherical,
// free) the velocity is a quasi-velocity, and Hamel's equations add C_j = ω_j × p_j
// (spherical) or [ω×p_ω + u×p_u; ω×p_u] (free) with p the momentum of the bodies; all
// other joints have C_j = 0. Armature is a constant diagonal inertia with no velocity
// products (as in MuJoCo), so p = (M − diag(armature)) v: on a free joint, whose twist is
// not a commuting coordinate, armature·ξ is not a momentum of the Hamel form.
func TestChristoffel(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	const eps = 1e-5
	for name, m := range testModels(t) {
		d := NewData(m)
		n := m.NVT
		worst := 0.0
		for range 3 {
			q, v := randomState(m, rng)
			h, h0 := make([]float64, n), make([]float64, n)
			d.Bias(q, v, nil, h)
			d.Bias(q, make([]float64, m.NV), nil, h0)
			lhs := make([]float64, n)
			for i := range n {
				lhs[i] = h[i] - h0[i]
			}
			for e := range m.Edges {
				j := &m.Joints[m.Edges[e].Joint]
				for k := range j.NV {
					lhs[j.V0+k] -= j.Damping * v[j.V0+k]
				}
			}
			qp, qm := make([]float64, m.NQ), make([]float64, m.NQ)
			// Ṁ v.
			m.Integrate(q, v, eps, qp)
			m.Integrate(q, v, -eps, qm)
			mp, mm := matVec(massMatrix(d, qp), v[:n]), matVec(massMatrix(d, qm), v[:n])
			rhs := make([]float64, n)
			for i := range n {
				rhs[i] = (mp[i] - mm[i]) / (2 * eps)
			}
			// −½ ∂(vᵀMv)/∂q.
			ke := func(qq []float64) float64 {
				x := matVec(massMatrix(d, qq), v[:n])
				s := 0.0
				for i := range n {
					s += v[i] * x[i]
				}
				return s
			}
			for i := range n {
				ei := make([]float64, m.NV)
				ei[i] = 1
				m.Integrate(q, ei, eps, qp)
				m.Integrate(q, ei, -eps, qm)
				rhs[i] -= 0.5 * (ke(qp) - ke(qm)) / (2 * eps)
			}
			// Hamel terms.
			p := matVec(massMatrix(d, q), v[:n])
			for e := range m.Edges {
				j := &m.Joints[m.Edges[e].Joint]
				for k := range j.NV {
					p[j.V0+k] -= j.Armature * v[j.V0+k]
				}
			}
			for e := range m.Edges {
				j := &m.Joints[m.Edges[e].Joint]
				o := j.V0
				switch j.Model.Kind {
				case joint.Spherical:
					w := spatial.Vec3{v[o], v[o+1], v[o+2]}
					c := w.Cross(spatial.Vec3{p[o], p[o+1], p[o+2]})
					for k := range 3 {
						rhs[o+k] += c[k]
					}
				case joint.Free:
					c := spatial.CrossForce(spatial.Vec6(v[o:o+6]), spatial.Vec6(p[o:o+6]))
					for k := range 6 {
						rhs[o+k] += c[k]
					}
				}
			}
			worst = math.Max(worst, testutil.MaxDiff(lhs, rhs)/math.Max(1, testutil.MaxAbs(lhs)))
		}
		t.Logf("%s: Christoffel check %.3g", name, worst)
		if worst > 1e-7 {
			t.Errorf("%s: velocity products differ from the Lagrangian ones by %.3g", name, worst)
		}
	}
}
