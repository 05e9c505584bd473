package check

import (
	"testing"

	"github.com/robocompiler/robocompiler/internal/testfix"
)

// TestWitnessesCanFail breaks each watched quantity on purpose at a Stewart state and
// requires its witness to notice: the dynamics without the curvature term (δ_a), a
// corrupted lift entry (C·E), efforts paired with a velocity that is not the lifted one
// (virtual power).
func TestWitnessesCanFail(t *testing.T) {
	d := setup(t, testfix.Builtin(t, "stewart"), "", "lengths")
	q, p := d.Q, d.Partition()
	w := seededWorkspace(t, d)
	u := make([]float64, p.Mobility)
	for k := range u {
		u[k] = 0.2 * float64(k+1)
	}
	if err := d.SetState(u, nil); err != nil {
		t.Fatal(err)
	}
	d.Interfaces()
	good, err := w.dynamics(q, u, true, true)
	if err != nil {
		t.Fatal(err)
	}
	bad, err := w.dynamics(q, u, false, true)
	if err != nil {
		t.Fatal(err)
	}
	if good.deltaA > Targets.DeltaA || bad.deltaA < 1e-6 || bad.rc < 1e-6 {
		t.Errorf("δ_a with curvature %.3g, without %.3g (r_c %.3g): the witness does not separate them", good.deltaA, bad.deltaA, bad.rc)
	}

	if r := w.virtualPower(q, u); r > Targets.VirtualPowerW {
		t.Fatalf("virtual power defect %.3g at a consistent state", r)
	}
	u[0] += 0.1 // τ_r·u no longer pairs with τ_T·v_T at the lifted velocity
	if r := w.virtualPower(q, u); r < 1e-6 {
		t.Errorf("virtual power defect %.3g with a mismatched u", r)
	}

	if r, _ := w.liftResidual(0); r > Targets.Lift {
		t.Fatalf("lift residual %.3g before corruption", r)
	}
	E := w.kd.Lift.E
	E.Set(p.Dependent[0], 0, E.At(p.Dependent[0], 0)+1e-9)
	if r, _ := w.liftResidual(0); r < 1e-11 {
		t.Errorf("lift residual %.3g after corrupting E by 1e-9", r)
	}
}
