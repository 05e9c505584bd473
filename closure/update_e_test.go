package closure

import (
	"errors"
	"math"
	"testing"

	"github.com/robocompiler/robocompiler/internal/testutil"
	"gonum.org/v1/gonum/mat"
)

// TestUpdateE: the lift without its condition estimate gives Update's E bit for bit and
// leaves RCond NaN on every built-in; with a dependent column of C zeroed (an exactly
// singular R_p) and with it scaled down to 1e-14 of itself (a numerically singular one,
// caught by the pivot screen and decided by the estimate) it reports *SingularError as
// Update does.
func TestUpdateE(t *testing.T) {
	for _, f := range builtins(t, false) {
		d := NewData(f.m)
		d.Jacobian(f.q)
		p, _ := ChoosePartition(f.m, d.C, nil, 0)
		full, fast := NewLift(p, f.m.NV), NewLift(p, f.m.NV)
		if err := errors.Join(full.Update(d.C), fast.UpdateE(d.C)); err != nil {
			t.Fatalf("%s: %v", f.name, err)
		}
		if !testutil.SameBits(full.E.RawMatrix().Data, fast.E.RawMatrix().Data) || !math.IsNaN(fast.RCond) || fast.Sign != full.Sign {
			t.Errorf("%s: UpdateE differs from Update (RCond %v, sign %d vs %d)", f.name, fast.RCond, fast.Sign, full.Sign)
		}
		if p.Rank == 0 {
			continue
		}
		c := p.Dependent[0]
		for _, scale := range []float64{0, 1e-14} {
			C := mat.DenseCopyOf(d.C)
			for r := range f.m.Rows {
				C.Set(r, c, scale*C.At(r, c))
			}
			var se *SingularError
			if err := fast.UpdateE(C); !errors.As(err, &se) {
				t.Errorf("%s: UpdateE with dependent column %d scaled by %g: %v; want *SingularError", f.name, c, scale, err)
			}
		}
	}
}
