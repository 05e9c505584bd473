package compile_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/spatial"
)

// TestEdgePlacement: the transform of EdgePlacement is EdgeTransform bit for bit, and its
// subspace columns are the child's body twist relative to the parent per unit velocity,
// checked against central differences of EdgeTransform along each velocity, for forward
// and reversed edges.
func TestEdgePlacement(t *testing.T) {
	models := []*compile.Model{
		mustCompile(t, builtin(t, "stewart"), compile.Options{}),
		mustCompile(t, builtin(t, "excavator"), compile.Options{}),
	}
	for _, tc := range cutCases {
		models = append(models, mustCompile(t, cutLoop(t, tc.typ, true, 5), compile.Options{}))
	}
	const h = 1e-6
	rng := rand.New(rand.NewPCG(5, 6))
	for _, m := range models {
		q := m.Random(rng)
		dv := make([]float64, m.NV)
		qp, qm := make([]float64, m.NQ), make([]float64, m.NQ)
		for e, ed := range m.Edges {
			j := &m.Joints[ed.Joint]
			S := make([]spatial.Vec6, j.NV)
			x := m.EdgePlacement(e, q, S)
			if want := m.EdgeTransform(e, q); x != want {
				t.Errorf("%s edge %d: EdgePlacement's transform differs from EdgeTransform", m.Graph.Name, e)
			}
			xi := x.Inv()
			for k := range j.NV {
				dv[j.V0+k] = 1
				m.Integrate(q, dv, h, qp)
				m.Integrate(q, dv, -h, qm)
				dv[j.V0+k] = 0
				lp, _ := spatial.LogSE3(xi.Mul(m.EdgeTransform(e, qp)))
				lm, _ := spatial.LogSE3(xi.Mul(m.EdgeTransform(e, qm)))
				for i := range 6 {
					if d := math.Abs((lp[i]-lm[i])/(2*h) - S[k][i]); d > 1e-6 {
						t.Errorf("%s edge %d (reversed %v) column %d: component %d off by %.3g", m.Graph.Name, e, ed.Reversed, k, i, d)
					}
				}
			}
		}
	}
}
