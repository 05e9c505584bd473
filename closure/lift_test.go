package closure

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"
)

// TestLiftRoundOff: C·E vanishes to round-off, max |C E| / max(1, max |E|) ≤ 1e-14 over
// the selected rows, at assembled random configurations of every built-in mechanism and
// of Kangaroo, whether or not the lift took its refinement step.
func TestLiftRoundOff(t *testing.T) {
	fs := builtins(t, false)
	km, kq := kangarooAssembled(t)
	fs = append(fs, fixture{"kangaroo", km, kq})
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
			q, ok := assembledNear(m, f.q, rng, scale)
			if !ok {
				continue
			}
			d.Jacobian(q)
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

// TestLiftBlocks: on the block-diagonal R_p of the excavator and Kangaroo (independent
// loop modules) the lift factored block by block gives the E, RCond and Sign of the lift
// that factors R_p whole (a partition that does not know C's structure), at random
// assembled configurations.
func TestLiftBlocks(t *testing.T) {
	km, kq := kangarooAssembled(t)
	fs := []fixture{{"kangaroo", km, kq}}
	for _, f := range builtins(t, false) {
		if f.name == "excavator" {
			fs = append(fs, f)
		}
	}
	for _, f := range fs {
		m := f.m
		rng := rand.New(rand.NewPCG(3, 4))
		d := NewData(m)
		for s := range 6 {
			q := f.q
			if s > 0 {
				var ok bool
				if q, ok = assembledNear(m, f.q, rng, 0.02); !ok {
					continue
				}
			}
			d.Jacobian(q)
			p, err := ChoosePartition(m, d.C, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			lb, lw := structuredAndWholeLifts(p, m.NV)
			if lb.gen.hi == nil || lw.gen.hi != nil {
				t.Fatalf("%s: blocks %v (structured), %v (whole)", f.name, lb.gen.hi != nil, lw.gen.hi != nil)
			}
			if err := errors.Join(lb.Update(d.C), lw.Update(d.C)); err != nil {
				t.Fatal(err)
			}
			eb, ew := lb.E.RawMatrix().Data, lw.E.RawMatrix().Data
			worst := 0.0
			for i := range eb {
				worst = math.Max(worst, math.Abs(eb[i]-ew[i]))
			}
			if worst > 1e-14 || lb.Sign != lw.Sign || math.Abs(lb.RCond-lw.RCond) > 1e-12*lw.RCond {
				t.Errorf("%s: blocked lift differs: |ΔE| = %.3g, sign %d vs %d, rcond %.6g vs %.6g", f.name, worst, lb.Sign, lw.Sign, lb.RCond, lw.RCond)
			}
		}
	}
}
