package closure

import (
	"math"
	"testing"
)

// TestChordMatchesFullNewton steps two trackers of every built-in mechanism along the
// same motion, one correcting by simplified Newton on the lift's factors
// (TrackerOptions.Simplified) and one by full Newton at every iteration (the default), with rollout-sized steps
// (the simplified corrector must then converge in one iteration every step, reusing the
// factors) and with steps a hundred times larger (it must hand over to full Newton). Both
// must end every step at the same tolerance — the selected rows within CorrectTol, every
// checked row within GapTol — and at the same configuration to 1e-12, and the
// workspace must hold the Jacobian at the accepted configuration.
func TestChordMatchesFullNewton(t *testing.T) {
	for _, f := range builtins(t, false) {
		p := requestedPartition(t, f.m, f.q)
		for _, amp := range []float64{1e-5, 1e-3} {
			chord, err := NewTrackerWith(f.m, f.q, p, TrackerOptions{Simplified: true})
			if err != nil {
				t.Fatal(err)
			}
			ref, _ := NewTracker(f.m, f.q, p)
			du := make([]float64, p.Mobility)
			const steps = 40
			for k := range steps {
				for i := range du {
					du[i] = amp * math.Cos(0.3*float64(k+i))
				}
				before := chord.Corrections
				if err := chord.Step(du); err != nil {
					t.Fatalf("%s amp %g step %d: %v", f.name, amp, k, err)
				}
				if err := ref.Step(du); err != nil {
					t.Fatalf("%s amp %g step %d (full Newton): %v", f.name, amp, k, err)
				}
				if amp == 1e-5 && chord.Corrections-before > 1 {
					t.Errorf("%s: a rollout-sized step took %d iterations, want the one simplified iteration", f.name, chord.Corrections-before)
				}
				sel, _ := maxResidual(chord.d.Rho, chord.nw.rows, chord.nw.rs)
				gap, _ := maxResidual(chord.d.Rho, chord.nw.check, nil)
				if sel > CorrectTol || gap > GapTol {
					t.Fatalf("%s amp %g step %d: selected residual %.3g (tolerance %.0e), gap %.3g", f.name, amp, k, sel, CorrectTol, gap)
				}
				for i, x := range ref.Q {
					if math.Abs(chord.Q[i]-x) > 1e-12*math.Max(1, math.Abs(x)) {
						t.Fatalf("%s amp %g step %d: q[%d] = %.17g, full Newton %.17g", f.name, amp, k, i, chord.Q[i], x)
					}
				}
				c := NewData(f.m)
				c.Jacobian(chord.Q)
				if !equalDense(c.C.RawMatrix().Data, chord.d.C.RawMatrix().Data) {
					t.Fatalf("%s amp %g step %d: the workspace's C is not the Jacobian at Q", f.name, amp, k)
				}
			}
			if chord.Reacquisitions != 0 || ref.Reacquisitions != 0 {
				t.Errorf("%s amp %g: re-acquisitions %d and %d", f.name, amp, chord.Reacquisitions, ref.Reacquisitions)
			}
		}
	}
}

// equalDense reports bitwise equality of two matrices' elements.
func equalDense(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestChordAllocatesNothing: a simplified-Newton tracking step allocates nothing, on the
// simplified path (small steps) and on the hand-over to full Newton (large ones).
func TestChordAllocatesNothing(t *testing.T) {
	for _, f := range builtins(t, false) {
		p := requestedPartition(t, f.m, f.q)
		tr, err := NewTrackerWith(f.m, f.q, p, TrackerOptions{Simplified: true})
		if err != nil {
			t.Fatal(err)
		}
		for _, step := range []float64{1e-5, 1e-3} {
			du := make([]float64, p.Mobility)
			for i := range du {
				du[i] = step
			}
			n := testing.AllocsPerRun(20, func() {
				for i := range du {
					du[i] = -du[i]
				}
				if err := tr.Step(du); err != nil {
					t.Fatal(err)
				}
			})
			if n != 0 {
				t.Errorf("%s: simplified tracking step of %g allocates %v times", f.name, step, n)
			}
		}
	}
}
