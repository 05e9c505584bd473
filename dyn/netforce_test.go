package dyn

import (
	"math/rand/v2"
	"testing"

	"github.com/robocompiler/robocompiler/internal/testutil"
	"github.com/robocompiler/robocompiler/spatial"
)

// TestNetForceMatchesSpatial: netForce, the fused net force of massBias and RNEA, equals
// spatial's I a + v ×* (I v) bit for bit (any NaN for a NaN) on random inertias, twists and
// accelerations, special values included.
func TestNetForceMatchesSpatial(t *testing.T) {
	rng := rand.New(rand.NewPCG(75, 76))
	value := func() float64 { return testutil.KernelValue(rng, 40) }
	vec := func() (x spatial.Vec6) {
		for k := range x {
			x[k] = value()
		}
		return x
	}
	for range 20000 {
		var in spatial.Inertia
		in.Mass = value()
		for r := range 3 {
			in.H[r] = value()
			for c := range 3 {
				in.I[r][c] = value()
			}
		}
		tw, acc := vec(), vec()
		want := in.MulMotion(acc).Add(spatial.CrossForce(tw, in.MulMotion(tw)))
		var got spatial.Vec6
		netForce(&got, &in, &tw, &acc)
		for k := range got {
			if !testutil.SameOrNaN(got[k], want[k]) {
				t.Fatalf("netForce %v, spatial %v (inertia %+v, twist %v, acceleration %v)", got, want, in, tw, acc)
			}
		}
	}
}
