package closure

import (
	"testing"

	"github.com/robocompiler/robocompiler/compile"
	"gonum.org/v1/gonum/mat"
)

// BenchmarkJacobian measures residual + analytic Jacobian per mechanism, with the
// cycle-local evaluator and the root-based (global) reference.
func BenchmarkJacobian(b *testing.B) {
	for _, f := range builtins(b, false) {
		for _, global := range []bool{false, true} {
			name := f.name + "/local"
			if global {
				name = f.name + "/global"
			}
			b.Run(name, func(b *testing.B) {
				d := NewDataWith(f.m, EvalOptions{Global: global})
				b.ReportAllocs()
				for b.Loop() {
					d.Jacobian(f.q)
				}
			})
		}
	}
}

// BenchmarkJacobianKangaroo measures residual + analytic Jacobian on the imported
// Kangaroo (28 point cuts over 78 velocities) at its home pose, cycle-local against the
// root-based global reference.
func BenchmarkJacobianKangaroo(b *testing.B) {
	m, q := kangarooSeed(b)
	for _, global := range []bool{false, true} {
		name := "local"
		if global {
			name = "global"
		}
		b.Run(name, func(b *testing.B) {
			d := NewDataWith(m, EvalOptions{Global: global})
			b.ReportAllocs()
			for b.Loop() {
				d.Jacobian(q)
			}
		})
	}
}

// BenchmarkLift measures the lift E update from C.
func BenchmarkLift(b *testing.B) {
	benchLift(b, func(d *Data, l *Lift) { _ = l.Update(d.C) })
}

// benchLift times run on the lift at the seed of every built-in mechanism (liftAtSeed).
func benchLift(b *testing.B, run func(d *Data, l *Lift)) {
	for _, f := range builtins(b, false) {
		b.Run(f.name, func(b *testing.B) {
			d, l := liftAtSeed(b, f)
			b.ReportAllocs()
			for b.Loop() {
				run(d, l)
			}
		})
	}
}

// BenchmarkTrackingStep measures one predictor–corrector step with the analytic
// Jacobian, the same corrector with a central-difference Jacobian for comparison, and
// with simplified Newton on the lift's factors (TrackerOptions.Simplified) at the same
// steps (±1e-3) and at rollout-sized ones (±1e-5, "simplified-small", against
// "analytic-small").
func BenchmarkTrackingStep(b *testing.B) {
	for _, f := range builtins(b, false) {
		_, req := requestFor(b, f.m)
		d := NewData(f.m)
		d.Jacobian(f.q)
		p, _ := ChoosePartition(f.m, d.C, req, 0)
		for _, v := range []struct {
			name      string
			fd, chord bool
			step      float64
		}{{"analytic", false, false, 1e-3}, {"finite-difference", true, false, 1e-3},
			{"simplified", false, true, 1e-3}, {"analytic-small", false, false, 1e-5},
			{"simplified-small", false, true, 1e-5}} {
			b.Run(f.name+"/"+v.name, func(b *testing.B) {
				tr, err := NewTrackerWith(f.m, f.q, p, TrackerOptions{Simplified: v.chord})
				if err != nil {
					b.Fatal(err)
				}
				tr.d.fdJacobian = v.fd
				du := make([]float64, p.Mobility)
				k := 0
				b.ReportAllocs()
				for b.Loop() {
					for i := range du {
						du[i] = v.step
						if k%2 == 1 {
							du[i] = -v.step
						}
					}
					k++
					if err := tr.Step(du); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// TestHotPathsAllocateNothing asserts zero allocations for the residual + Jacobian + drift
// evaluation, the lift update and a tracking step.
func TestHotPathsAllocateNothing(t *testing.T) {
	for _, f := range builtins(t, false) {
		m := f.m
		d := NewData(m)
		v := make([]float64, m.NV)
		if n := testing.AllocsPerRun(20, func() { d.Drift(f.q, v) }); n != 0 {
			t.Errorf("%s: Drift allocates %v times", f.name, n)
		}
		d.Jacobian(f.q)
		p, _ := ChoosePartition(m, d.C, nil, 0)
		l := NewLift(p, m.NV)
		if n := testing.AllocsPerRun(20, func() { _ = l.Update(d.C) }); n != 0 {
			t.Errorf("%s: Lift.Update allocates %v times", f.name, n)
		}
		_, req := requestFor(t, m)
		p2, _ := ChoosePartition(m, d.C, req, 0)
		tr, _ := NewTracker(m, f.q, p2)
		du := make([]float64, p2.Mobility)
		sign := 1.0
		if n := testing.AllocsPerRun(20, func() {
			for i := range du {
				du[i] = 1e-4 * sign
			}
			sign = -sign
			_ = tr.Step(du)
		}); n != 0 {
			t.Errorf("%s: Tracker.Step allocates %v times", f.name, n)
		}
	}
}

// BenchmarkDriftOnly measures the drift Ċv alone at the placement of a preceding
// Jacobian (as the curvature stage evaluates it), per mechanism and on Kangaroo, for a
// tangent velocity v = E·u with u = 0.1.
func BenchmarkDriftOnly(b *testing.B) {
	type mech struct {
		name string
		m    *compile.Model
		q    []float64
	}
	var ms []mech
	for _, f := range builtins(b, false) {
		ms = append(ms, mech{f.name, f.m, f.q})
	}
	km, kq := kangarooSeed(b)
	ms = append(ms, mech{"kangaroo", km, kq})
	for _, f := range ms {
		b.Run(f.name, func(b *testing.B) {
			d := NewData(f.m)
			d.Jacobian(f.q)
			p, err := ChoosePartition(f.m, d.C, nil, 0)
			if err != nil {
				b.Fatal(err)
			}
			l := NewLift(p, f.m.NV)
			if err := l.Update(d.C); err != nil {
				b.Fatal(err)
			}
			u := make([]float64, p.Mobility)
			for i := range u {
				u[i] = 0.1
			}
			v := make([]float64, f.m.NV)
			mat.NewVecDense(f.m.NV, v).MulVec(l.E, mat.NewVecDense(len(u), u))
			b.ReportAllocs()
			for b.Loop() {
				d.DriftOnly(f.q, v)
			}
		})
	}
}

// BenchmarkTangentProducts measures the tangent products dC·x, dC·z, yᵀdC and the drift's
// derivative along one direction (as the forward derivatives take them per column) at
// the assembled configuration, after PrepareTangent (a timing only: a and v are not
// tangent).
func BenchmarkTangentProducts(b *testing.B) {
	for _, f := range builtins(b, false) {
		b.Run(f.name, func(b *testing.B) {
			m := f.m
			d := NewData(m)
			v, a := make([]float64, m.NV), make([]float64, m.NV)
			for i := range v {
				v[i], a[i] = 0.1, 0.2
			}
			tg := d.NewTangent()
			d.PrepareTangent(tg, f.q, v)
			x, z, psi := make([]float64, m.NV), make([]float64, m.NV), make([]float64, m.NV)
			y, dCx, dCz, dg := make([]float64, m.Rows), make([]float64, m.Rows), make([]float64, m.Rows), make([]float64, m.Rows)
			b.ReportAllocs()
			for b.Loop() {
				d.TangentProducts(tg, a, v, x, z, y, dCx, dCz, psi, dg)
			}
		})
	}
}
