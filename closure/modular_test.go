package closure

import "testing"

// TestModularStepAllocatesNothing: once built, a ModularSolver's Step (which re-solves the
// modules fed by the changed inputs and returns their indices) allocates nothing.
func TestModularStepAllocatesNothing(t *testing.T) {
	for _, f := range builtins(t, false) {
		m := f.m
		p := requestedPartition(t, m, f.q)
		ms, err := NewModularSolver(m, f.q, p)
		if err != nil {
			t.Fatalf("%s: %v", f.name, err)
		}
		vals := make([]float64, p.Mobility)
		for k, v := range p.Independent {
			vals[k] = f.q[vq(m, v)]
		}
		sign := 1.0
		n := testing.AllocsPerRun(10, func() {
			sign = -sign
			vals[0] += sign * 1e-3
			if _, err = ms.Step(vals); err != nil {
				t.Fatal(err)
			}
		})
		if n != 0 {
			t.Errorf("%s: Step allocates %v times", f.name, n)
		}
	}
}
