package spatial

import (
	"math/rand/v2"
	"testing"

	"github.com/robocompiler/robocompiler/internal/testutil"
)

// TestSetMulMatchesGo: SetMul's kernel setMul (SSE2 assembly on amd64) equals setMulGo
// bit for bit (any NaN for a NaN) on random transforms, NaN, infinite, subnormal and
// signed-zero entries included, into a separate result and in place (r = t).
func TestSetMulMatchesGo(t *testing.T) {
	rng := rand.New(rand.NewPCG(73, 74))
	value := func() float64 { return testutil.KernelValue(rng, 12) }
	random := func() Transform {
		var x Transform
		for i := range 3 {
			x.R[i] = [3]float64{value(), value(), value()}
			x.P[i] = value()
		}
		return x
	}
	same := func(a, b *Transform) bool {
		fa, fb := append(a.R[0][:], append(a.R[1][:], append(a.R[2][:], a.P[:]...)...)...), append(b.R[0][:], append(b.R[1][:], append(b.R[2][:], b.P[:]...)...)...)
		for k := range fa {
			if !testutil.SameOrNaN(fa[k], fb[k]) {
				return false
			}
		}
		return true
	}
	for trial := range 20000 {
		a, b := random(), random()
		var want, got Transform
		setMulGo(&want, &a, &b)
		setMul(&got, &a, &b)
		if !same(&got, &want) {
			t.Fatalf("trial %d: %+v, Go %+v", trial, got, want)
		}
		in := a
		setMul(&in, &in, &b)
		if !same(&in, &want) {
			t.Fatalf("trial %d in place: %+v, Go %+v", trial, in, want)
		}
	}
}
