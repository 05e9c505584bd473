package dyn

import (
	"math/rand/v2"
	"testing"

	"github.com/robocompiler/robocompiler/internal/testutil"
	"github.com/robocompiler/robocompiler/spatial"
)

// TestTransformedAddMatchesGo: the composite-inertia kernel transformedAdd (SSE2
// assembly on amd64) equals transformedAddGo bit for bit (any NaN for a NaN) on random
// inertias, transforms and accumulators, NaN, infinite, subnormal and signed-zero
// entries included.
func TestTransformedAddMatchesGo(t *testing.T) {
	rng := rand.New(rand.NewPCG(71, 72))
	value := func() float64 { return testutil.KernelValue(rng, 12) }
	fill := func(xs ...*float64) {
		for _, x := range xs {
			*x = value()
		}
	}
	flat := func(in *spatial.Inertia) []float64 {
		out := []float64{in.Mass, in.H[0], in.H[1], in.H[2]}
		for i := range 3 {
			out = append(out, in.I[i][:]...)
		}
		return out
	}
	for trial := range 20000 {
		var a, out spatial.Inertia
		var x spatial.Transform
		for _, in := range []*spatial.Inertia{&a, &out} {
			fill(&in.Mass, &in.H[0], &in.H[1], &in.H[2])
			for i := range 3 {
				fill(&in.I[i][0], &in.I[i][1], &in.I[i][2])
			}
		}
		for i := range 3 {
			fill(&x.R[i][0], &x.R[i][1], &x.R[i][2], &x.P[i])
		}
		if trial%2 == 0 { // a rotation and a symmetric inertia, as in the dynamics
			x.R = spatial.Quat{value(), value(), value(), value()}.Normalize().Mat3()
			for i := range 3 {
				for j := range i {
					a.I[i][j] = a.I[j][i]
				}
			}
		}
		want := out
		transformedAddGo(&want, &a, &x)
		got := out
		transformedAdd(&got, &a, &x)
		g, w := flat(&got), flat(&want)
		for k := range g {
			if !testutil.SameOrNaN(g[k], w[k]) {
				t.Fatalf("trial %d entry %d: %v, Go %v\n a %+v\n x %+v", trial, k, g[k], w[k], a, x)
			}
		}
	}
}
