package closure

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/internal/testmodels"
)

// TestLiftRoundOff: C·E vanishes to round-off, max |C E| / max(1, max |E|) ≤ 1e-14 over
// the selected rows, at assembled random configurations of every built-in mechanism and
// of Kangaroo, whether or not the lift took its refinement step.
func TestLiftRoundOff(t *testing.T) {
	fs := builtins(t, false)
	km, err := compile.Compile(kangaroo(t, testmodels.Kangaroo), compile.Options{})
	if err != nil {
		t.Fatal(err)
	}
	kq, _ := km.Seed("home")
	ka, err := Assemble(km, kq, AssembleOptions{})
	if err != nil {
		t.Fatal(err)
	}
	fs = append(fs, fixture{"kangaroo", km, ka.Q})
	for _, f := range fs {
		m := f.m
		rng := rand.New(rand.NewPCG(1, 2))
		scale := 0.5
		if f.name == "kangaroo" {
			scale = 0.02
		}
		d := NewData(m)
		worst, n := 0.0, 0
		for range 12 {
			a, err := Assemble(m, perturb(m, f.q, rng, scale), AssembleOptions{})
			if err != nil {
				continue
			}
			d.Jacobian(a.Q)
			p, err := ChoosePartition(m, d.C, nil, 0)
			if err != nil {
				continue
			}
			l := NewLift(p, m.NV)
			if l.UpdateE(d.C) != nil {
				continue
			}
			n++
			C, E := d.C.RawMatrix(), l.E.RawMatrix()
			emax := 1.0
			for _, x := range E.Data {
				emax = math.Max(emax, math.Abs(x))
			}
			for _, r := range p.Rows {
				for k := range E.Cols {
					s := 0.0
					for i := range m.NV {
						s += C.Data[r*C.Stride+i] * E.Data[i*E.Stride+k]
					}
					worst = math.Max(worst, math.Abs(s)/emax)
				}
			}
		}
		if n < 6 {
			t.Errorf("%s: only %d configurations assembled", f.name, n)
		}
		if worst > 1e-14 {
			t.Errorf("%s: max |C E| / max(1, max |E|) = %.3g over %d configurations", f.name, worst, n)
		}
	}
}
