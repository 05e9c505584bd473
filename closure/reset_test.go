package closure

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/robocompiler/robocompiler/internal/testutil"
)

// TestTrackerReset: after steps away, Reset to the start returns Q, C and E bit for bit
// to a fresh tracker's at that configuration; a configuration slightly off the manifold
// is corrected with the independent coordinates held; a non-finite configuration or step
// is refused and changes nothing.
func TestTrackerReset(t *testing.T) {
	for _, f := range builtins(t, false) {
		t.Run(f.name, func(t *testing.T) {
			d := NewData(f.m)
			d.Jacobian(f.q)
			p, err := ChoosePartition(f.m, d.C, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			fresh, err := NewTracker(f.m, f.q, p)
			if err != nil {
				t.Fatal(err)
			}
			tr, err := NewTracker(f.m, f.q, p)
			if err != nil {
				t.Fatal(err)
			}
			du := make([]float64, p.Mobility)
			for k := range 5 {
				for i := range du {
					du[i] = 0.01 * float64(1+(i+k)%3)
				}
				if err := tr.Step(du); err != nil {
					t.Fatal(err)
				}
			}
			if err := tr.Reset(f.q); err != nil {
				t.Fatal(err)
			}
			for i := range f.q {
				if tr.Q[i] != fresh.Q[i] {
					t.Fatalf("Q[%d] = %v after Reset, want %v", i, tr.Q[i], fresh.Q[i])
				}
			}
			if !testutil.SameBits(tr.Lift.E.RawMatrix().Data, fresh.Lift.E.RawMatrix().Data) || !testutil.SameBits(tr.Data().C.RawMatrix().Data, fresh.Data().C.RawMatrix().Data) {
				t.Fatal("C or E after Reset differ from a fresh tracker's")
			}

			// Off the manifold by 1e-6: corrected, independent coordinates unchanged.
			off := perturb(f.m, f.q, rand.New(rand.NewPCG(1, 2)), 1e-6)
			if err := tr.Reset(off); err != nil {
				t.Fatal(err)
			}
			tr.Data().Residual(tr.Q)
			if g := testutil.MaxAbs(tr.Data().Rho); g > GapTol {
				t.Errorf("gap %.3g after Reset off the manifold", g)
			}
			moved := make([]float64, f.m.NV)
			f.m.Difference(off, tr.Q, moved)
			for _, k := range p.Independent {
				if math.Abs(moved[k]) > 1e-15 {
					t.Errorf("independent speed %d moved by %.3g in Reset", k, moved[k])
				}
			}

			// Unreachable: NaN. Refused, state unchanged.
			before := append([]float64(nil), tr.Q...)
			bad := append([]float64(nil), f.q...)
			bad[0] = math.NaN()
			if err := tr.Reset(bad); err == nil {
				t.Error("Reset accepted a NaN configuration")
			}
			if !testutil.SameBits(tr.Q, before) {
				t.Error("a refused Reset changed Q")
			}
			du[0] = math.Inf(1)
			if err := tr.Step(du); err == nil {
				t.Error("Step accepted an infinite displacement")
			}
			if !testutil.SameBits(tr.Q, before) {
				t.Error("a refused Step changed Q")
			}
		})
	}
}
