package closure

import (
	"math/rand/v2"
	"testing"

	"github.com/robocompiler/robocompiler/compile"
)

// TestPlacementReuse checks the placement cache of the evaluator: Jacobian then DriftOnly
// at one q (the kin.Update sequence), after a different q and back, after q changed in
// place and after switching to the global evaluator give the residual, Jacobian and
// drift of a fresh workspace bit for bit.
func TestPlacementReuse(t *testing.T) {
	for _, f := range builtins(t, false) {
		m := f.m
		rng := rand.New(rand.NewPCG(7, 8))
		q2 := perturb(m, f.q, rng, 0.05)
		v := make([]float64, m.NV)
		for i := range v {
			v[i] = rng.NormFloat64()
		}
		eval := func(d *Data, q []float64) []float64 {
			d.Jacobian(q)
			d.DriftOnly(q, v)
			out := append(append([]float64(nil), d.Rho...), d.Gamma...)
			if d.C != nil {
				out = append(out, d.C.RawMatrix().Data...)
			}
			return out
		}
		fresh := func(q []float64, global bool) []float64 {
			d := NewData(m)
			d.Global = global
			d.Drift(q, v)
			out := append(append([]float64(nil), d.Rho...), d.Gamma...)
			if d.C != nil {
				out = append(out, d.C.RawMatrix().Data...)
			}
			return out
		}
		want, want2 := fresh(f.q, false), fresh(q2, false)
		d := NewData(m)
		if !compile.SameConfig(eval(d, f.q), want) {
			t.Errorf("%s: Jacobian + DriftOnly differ from Drift", f.name)
		}
		eval(d, q2)
		if !compile.SameConfig(eval(d, f.q), want) {
			t.Errorf("%s: evaluation after another q and back differs", f.name)
		}
		q := append([]float64(nil), f.q...)
		eval(d, q)
		copy(q, q2)
		if !compile.SameConfig(eval(d, q), want2) {
			t.Errorf("%s: evaluation after changing q in place differs", f.name)
		}
		d.Global = true
		if !compile.SameConfig(eval(d, q), fresh(q2, true)) {
			t.Errorf("%s: global evaluation after a local one at the same q differs", f.name)
		}
	}
}
