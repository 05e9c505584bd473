package closure

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/internal/testmodels"
	"github.com/robocompiler/robocompiler/spatial"
)

// TestScrewPlacement checks the precomputed screw placements against the joint models:
// every tree edge's transform and subspace columns against compile.Model.EdgePlacement,
// and every cut joint's FrameA·Q(q) against the joint transform, at random
// configurations of every built-in mechanism and of Kangaroo, to round-off.
func TestScrewPlacement(t *testing.T) {
	fs := builtins(t, false)
	km, err := compile.Compile(kangaroo(t, testmodels.Kangaroo), compile.Options{})
	if err != nil {
		t.Fatal(err)
	}
	kq, err := km.Seed("home")
	if err != nil {
		t.Fatal(err)
	}
	fs = append(fs, fixture{"kangaroo", km, kq})
	const tol = 1e-14
	for _, f := range fs {
		m := f.m
		rng := rand.New(rand.NewPCG(3, 4))
		fast := 0
		for range 20 {
			q := perturb(m, f.q, rng, 3)
			for e := range m.Edges {
				k := edgeScrew(m, e)
				if !k.ok {
					continue
				}
				fast++
				j := &m.Joints[m.Edges[e].Joint]
				s := make([]spatial.Vec6, j.NV)
				want := m.EdgePlacement(e, q, s)
				if d := transformDiff(k.at(screwCoordinate(j, q)), want); d > tol {
					t.Errorf("%s: edge %d: screw placement differs by %.3g", f.name, e, d)
				}
				if j.NV == 1 && vecDiff(k.s, s[0]) > tol {
					t.Errorf("%s: edge %d: column %v, want %v", f.name, e, k.s, s[0])
				}
			}
			for ci := range m.Comparisons {
				c := &m.Comparisons[ci]
				k := cutScrew(m, c)
				if !k.ok {
					continue
				}
				fast++
				j := &m.Joints[c.Joint]
				qj := q[j.Q0 : j.Q0+j.NQ]
				want := c.FrameA.Mul(j.Model.Transform(qj))
				if d := transformDiff(k.at(screwCoordinate(j, q)), want); d > tol {
					t.Errorf("%s: cut %s: screw placement differs by %.3g", f.name, c.ID, d)
				}
				s := make([]spatial.Vec6, j.NV)
				j.Model.MotionSubspace(qj, s)
				if j.NV == 1 && vecDiff(k.s, s[0]) > tol {
					t.Errorf("%s: cut %s: column %v, want %v", f.name, c.ID, k.s, s[0])
				}
			}
		}
		if fast == 0 {
			t.Errorf("%s: no screw placement to check", f.name)
		}
	}
}

// transformDiff returns the largest entry difference of two transforms, relative to
// the translations' size (at least 1).
func transformDiff(a, b spatial.Transform) float64 {
	d, scale := 0.0, 1.0
	for i := range 3 {
		for j := range 3 {
			d = math.Max(d, math.Abs(a.R[i][j]-b.R[i][j]))
		}
		scale = math.Max(scale, math.Abs(b.P[i]))
	}
	for i := range 3 {
		d = math.Max(d, math.Abs(a.P[i]-b.P[i])/scale)
	}
	return d
}

// vecDiff returns the largest entry difference of two 6-vectors.
func vecDiff(a, b spatial.Vec6) float64 {
	d := 0.0
	for i := range a {
		d = math.Max(d, math.Abs(a[i]-b[i]))
	}
	return d
}
