package closure

import (
	"math/rand/v2"
	"testing"

	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/spatial"
)

// rhoGamma returns the residual and the drift of the workspace, one after the other.
func rhoGamma(d *Data) []float64 { return append(append([]float64(nil), d.Rho...), d.Gamma...) }

// TestPlacementReuse checks the placement cache of the evaluator: DriftOnly after the
// Jacobian at one q (the kin.Update sequence), for the local and the global evaluator,
// after a different q and back, and after q changed in place gives the residual, drift and
// Jacobian of a fresh workspace's Drift bit for bit.
func TestPlacementReuse(t *testing.T) {
	for _, f := range builtins(t, false) {
		m := f.m
		rng := rand.New(rand.NewPCG(7, 8))
		q2 := perturb(m, f.q, rng, 0.05)
		v := make([]float64, m.NV)
		for i := range v {
			v[i] = rng.NormFloat64()
		}
		out := func(d *Data) []float64 {
			if d.C == nil {
				return rhoGamma(d)
			}
			return append(rhoGamma(d), d.C.RawMatrix().Data...)
		}
		eval := func(d *Data, q []float64) []float64 {
			d.Jacobian(q)
			d.DriftOnly(q, v)
			return out(d)
		}
		fresh := func(q []float64, opts EvalOptions) []float64 {
			d := NewDataWith(m, opts)
			d.Drift(q, v)
			return out(d)
		}
		global := EvalOptions{Global: true}
		if !compile.SameConfig(eval(NewDataWith(m, global), f.q), fresh(f.q, global)) {
			t.Errorf("%s: global Jacobian + DriftOnly differ from Drift", f.name)
		}
		d := NewData(m)
		if !compile.SameConfig(eval(d, f.q), fresh(f.q, EvalOptions{})) {
			t.Errorf("%s: Jacobian + DriftOnly differ from Drift", f.name)
		}
		d.Jacobian(q2)
		d.DriftOnly(f.q, v)
		if !compile.SameConfig(rhoGamma(d), rhoGamma(func() *Data { e := NewData(m); e.Drift(f.q, v); return e }())) {
			t.Errorf("%s: DriftOnly at another q than the Jacobian's differs", f.name)
		}
		q := append([]float64(nil), f.q...)
		d.Jacobian(q)
		copy(q, q2)
		d.DriftOnly(q, v)
		e := NewData(m)
		e.Drift(q2, v)
		if !compile.SameConfig(rhoGamma(d), rhoGamma(e)) {
			t.Errorf("%s: DriftOnly after q changed in place differs", f.name)
		}
	}
}

// TestPlacementHomotopy checks that a change of the defect homotopy at an unchanged q
// re-evaluates the residual in DriftOnly, as a fresh workspace does.
func TestPlacementHomotopy(t *testing.T) {
	for _, f := range builtins(t, false) {
		m := f.m
		rng := rand.New(rand.NewPCG(9, 10))
		logDefect := make([]spatial.Vec6, len(m.Comparisons))
		for ci := range logDefect {
			for k := range logDefect[ci] {
				logDefect[ci][k] = 0.01 * rng.NormFloat64()
			}
		}
		rho0 := make([]float64, m.Rows)
		for r := range rho0 {
			rho0[r] = 0.01 * rng.NormFloat64()
		}
		v := make([]float64, m.NV)
		d, fresh := NewData(m), NewData(m)
		d.Jacobian(f.q)
		d.setHomotopy(0.5, logDefect, rho0)
		d.DriftOnly(f.q, v)
		fresh.setHomotopy(0.5, logDefect, rho0)
		fresh.Drift(f.q, v)
		if !compile.SameConfig(rhoGamma(d), rhoGamma(fresh)) {
			t.Errorf("%s: DriftOnly after a homotopy change at the same q differs", f.name)
		}
	}
}

// TestEdgePlacements checks that the edge placements reused after a Jacobian, or
// evaluated at another q, are those of a fresh workspace bit for bit.
func TestEdgePlacements(t *testing.T) {
	flat := func(x []spatial.Transform, s []spatial.Vec6, nvt int) []float64 {
		var out []float64
		for _, xe := range x {
			r := xe.Rows()
			out = append(out, r[:]...)
		}
		for _, c := range s[:nvt] {
			out = append(out, c[:]...)
		}
		return out
	}
	for _, f := range builtins(t, false) {
		m := f.m
		q2 := perturb(m, f.q, rand.New(rand.NewPCG(11, 12)), 0.05)
		fresh := func(q []float64) []float64 {
			x, s := NewData(m).EdgePlacements(q)
			return flat(x, s, m.NVT)
		}
		d := NewData(m)
		d.Jacobian(f.q)
		x, s := d.EdgePlacements(f.q)
		if !compile.SameConfig(flat(x, s, m.NVT), fresh(f.q)) {
			t.Errorf("%s: placements after the Jacobian differ", f.name)
		}
		x, s = d.EdgePlacements(q2)
		if !compile.SameConfig(flat(x, s, m.NVT), fresh(q2)) {
			t.Errorf("%s: placements at another q differ", f.name)
		}
	}
}
