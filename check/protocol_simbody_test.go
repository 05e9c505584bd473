//go:build simbody

package check

import (
	"math"
	"testing"

	"github.com/robocompiler/robocompiler"

	"github.com/robocompiler/robocompiler/internal/testfix"
	"github.com/robocompiler/robocompiler/internal/testmodels"
)

// TestProtocolSimbody holds the reduced forward dynamics to Simbody's constrained
// accelerations (δ_a ≤ 1e-10, the target) at random feasible states under the
// actuators' declared effort bounds, on every built-in and the shared arm and quadruped
// (four feet held), and reports the Kangaroo, whose near-redundant rows Simbody enforces.
func TestProtocolSimbody(t *testing.T) {
	for _, tc := range []struct {
		name, file, seed, request string
		supports                  []string
		target                    bool
	}{
		{name: "fourbar", target: true}, {name: "fivebar", target: true}, {name: "stewart", target: true},
		{name: "excavator", request: "joint_space", target: true}, {name: "excavator", request: "cylinder_space", target: true},
		{name: "panda", file: testmodels.Panda, seed: "home", target: true},
		{name: "go2", file: testmodels.Go2, supports: []string{"FL", "FR", "RL", "RR"}, target: true},
		{name: "kangaroo", file: testmodels.Kangaroo},
	} {
		t.Run(tc.name+"/"+tc.request, func(t *testing.T) {
			g := imported
			if tc.file == "" {
				g, tc.file = testfix.Builtin, tc.name
			}
			d := setup(t, g(t, tc.file), tc.seed, tc.request, tc.supports...)
			rep, err := Protocol(d, ProtocolOptions{Reference: RefSimbody, States: 20, Seed: 7, EffortScale: declaredBounds(d)})
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%s %s: %d states, %d Simbody rows: δ_a median %.2g max %.2g, δ_f median %.2g max %.2g (target %.1e, cond %.3g)",
				tc.name, tc.request, rep.States, rep.ReferenceRows, rep.DeltaAMedian, rep.DeltaAMax, rep.DeltaFMedian, rep.DeltaFMax,
				rep.DeltaATarget, rep.CondMrMax)
			if f := rep.Failures(); tc.target && len(f) > 0 {
				t.Error(f)
			}
		})
	}
}

// declaredBounds returns each port's declared effort bound (1 without one).
func declaredBounds(d *robocompiler.Data) []float64 {
	acts := d.Model().Graph.Actuators
	out := make([]float64, len(d.Kin.Ports))
	for i := range out {
		out[i] = 1
		if a := acts[i].EffortLimits; a != nil {
			out[i] = math.Max(math.Abs(a[0]), math.Abs(a[1]))
		}
	}
	return out
}
