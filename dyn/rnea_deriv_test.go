package dyn

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/robocompiler/robocompiler/compile"
)

// tangentTree is randomTreeGraph with its universal and planar joints made revolute (the
// joints RNEATangent covers), keeping the free base, helical, spherical, fixed joints and
// the reversed edges.
func tangentTree(t *testing.T, seed uint64) *compile.Model {
	g := randomTreeGraph(seed, true)
	for i := range g.Joints {
		if j := &g.Joints[i]; j.Type == "universal" || j.Type == "planar" {
			j.Type, j.Axis2 = "revolute", nil
		}
	}
	return build(t, g)
}

// TestRNEATangent compares RNEATangent with sixth-order central differences of RNEA along
// random directions (configuration by q ⊕ ε dq, velocity, acceleration; random external
// forces held in the body frames) on random trees with every covered joint kind and
// reversed edges, and on the floating body; relative agreement 1e-9.
func TestRNEATangent(t *testing.T) {
	models := map[string]*compile.Model{
		"tree_1": tangentTree(t, 1), "tree_2": tangentTree(t, 2), "tree_3": tangentTree(t, 3),
		"floating": build(t, floatingGraph()), "double_pendulum": build(t, doublePendulumGraph(1, 0.7, 0.5, 0.25, 0.3, 0.02, 0.015)),
	}
	for name, m := range models {
		t.Run(name, func(t *testing.T) {
			d := NewData(m)
			if !d.TangentSupported() {
				t.Fatal("TangentSupported = false")
			}
			tg := d.NewTangent()
			rng := rand.New(rand.NewPCG(7, 11))
			n := m.NVT
			for range 10 {
				q, v := randomState(m, rng)
				a, fext := randVec(rng, m.NV), randomFext(m, rng)
				dq, dv, da := randVec(rng, m.NV), randVec(rng, m.NV), randVec(rng, m.NV)
				tau, got := make([]float64, n), make([]float64, n)
				d.RNEA(q, v, a, fext, tau)
				d.PrepareTangent(tg, v, a)
				d.RNEATangent(tg, dq, dv, da, got)
				qe := make([]float64, m.NQ)
				at := func(s float64) []float64 {
					m.Integrate(q, dq, s, qe)
					ve, ae := make([]float64, m.NV), make([]float64, m.NV)
					for i := range ve {
						ve[i], ae[i] = v[i]+s*dv[i], a[i]+s*da[i]
					}
					out := make([]float64, n)
					d.RNEA(qe, ve, ae, fext, out)
					return out
				}
				cd := func(h float64) []float64 {
					p, mm := at(h), at(-h)
					for i := range p {
						p[i] = (p[i] - mm[i]) / (2 * h)
					}
					return p
				}
				h := 1e-2
				d0, d1, d2 := cd(h), cd(h/2), cd(h/4)
				diff, scale := 0.0, 0.0
				for i := range got {
					r1, r2 := (4*d1[i]-d0[i])/3, (4*d2[i]-d1[i])/3
					ref := (16*r2 - r1) / 15
					diff = math.Max(diff, math.Abs(got[i]-ref))
					scale = math.Max(scale, math.Abs(ref))
				}
				if diff > 1e-9*scale {
					t.Fatalf("RNEATangent off by %.3g (scale %.3g)", diff, scale)
				}
			}
		})
	}
	// Universal and planar joints are not covered.
	if NewData(build(t, randomTreeGraph(1, true))).TangentSupported() {
		t.Error("TangentSupported = true on a tree with universal and planar joints")
	}
}

// TestRNEATangentAllocatesNothing: the tangent recursion allocates nothing.
func TestRNEATangentAllocatesNothing(t *testing.T) {
	m := tangentTree(t, 1)
	d, rng := NewData(m), rand.New(rand.NewPCG(1, 1))
	q, v := randomState(m, rng)
	a, dq := randVec(rng, m.NV), randVec(rng, m.NV)
	tau := make([]float64, m.NVT)
	tg := d.NewTangent()
	d.RNEA(q, v, a, nil, tau)
	d.PrepareTangent(tg, v, a)
	if n := testing.AllocsPerRun(10, func() { d.RNEATangent(tg, dq, nil, nil, tau) }); n != 0 {
		t.Fatalf("%v allocations", n)
	}
}
