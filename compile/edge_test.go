package compile_test

import (
	"math/rand/v2"
	"testing"

	"github.com/robocompiler/robocompiler/compile"
)

// TestEdgeTransform: with the cached inverse attachment frames, X_parent←child of every
// tree edge equals A·Q(q)·B⁻¹ (forward) or its inverse (reversed edge, body A the child)
// to round-off at random configurations, and evaluating it allocates nothing. The
// spatial loops with the ground on the cut's A side are built by hinting the chain, so
// reversed edges are covered too.
func TestEdgeTransform(t *testing.T) {
	models := []*compile.Model{
		mustCompile(t, builtin(t, "stewart"), compile.Options{}),
		mustCompile(t, builtin(t, "excavator"), compile.Options{}),
	}
	for _, tc := range cutCases {
		models = append(models, mustCompile(t, cutLoop(t, tc.typ, true, 5), compile.Options{}))
	}
	reversed := 0
	rng := rand.New(rand.NewPCG(3, 4))
	for _, m := range models {
		for range 5 {
			q := m.Random(rng)
			for e, ed := range m.Edges {
				j := &m.Joints[ed.Joint]
				want := j.A.Mul(j.Model.Transform(q[j.Q0 : j.Q0+j.NQ])).Mul(j.B.Inv())
				if ed.Reversed {
					want = want.Inv()
				}
				if d := poseDiff(m.EdgeTransform(e, q), want); d > 1e-14 {
					t.Errorf("%s edge %d (joint %s, reversed %v): differs by %.3g", m.Graph.Name, e, j.ID, ed.Reversed, d)
				}
			}
		}
		q := m.Random(rng)
		for e, ed := range m.Edges {
			if ed.Reversed {
				reversed++
			}
			if n := testing.AllocsPerRun(10, func() { _ = m.EdgeTransform(e, q) }); n != 0 {
				t.Errorf("%s edge %d: %v allocations", m.Graph.Name, e, n)
			}
		}
	}
	if reversed == 0 {
		t.Error("no reversed edge among the models: the reversed formula is untested")
	}
}
