package kin_test

import "testing"

// TestReducedForwardAllocatesNothing asserts that Update, ReducedDynamics, ReducedEffort
// and Forward allocate nothing on Stewart and the excavator.
func TestReducedForwardAllocatesNothing(t *testing.T) {
	for _, name := range []string{"stewart", "excavator"} {
		c := newReducedCase(t, name)
		var err error
		n := testing.AllocsPerRun(20, func() { err = c.forward() })
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if n != 0 {
			t.Errorf("%s: reduced forward dynamics allocates %v times per evaluation", name, n)
		}
	}
}
