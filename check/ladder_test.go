package check

import (
	"strings"
	"testing"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/dyn"
	"github.com/robocompiler/robocompiler/robots"
	"github.com/robocompiler/robocompiler/spatial"
)

// ladder returns a four-bar ladder of k loops assembled at its seed.
func ladder(t *testing.T, k int) *robocompiler.Data {
	t.Helper()
	m, err := robocompiler.Compile(robots.FourBarLadder(k), robocompiler.Options{})
	if err != nil {
		t.Fatal(err)
	}
	d := m.NewData()
	if err := d.Assemble(""); err != nil {
		t.Fatal(err)
	}
	return d
}

// seededWorkspace is check's workspace for d with the default options and seed 1.
func seededWorkspace(t *testing.T, d *robocompiler.Data) *workspace {
	t.Helper()
	o := Options{Seed: 1}
	o.defaults()
	w, err := newWorkspace(d, o)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// TestLadderLoopForm: a ladder of parallelogram loops above DenseReferenceMaxNV velocities
// (the front door's loop form) passes check with the null-space reference, every
// differential column and every column of E checked, and says that its curvature (zero
// on the parallelogram branch) left the curvature witnesses nothing to measure.
func TestLadderLoopForm(t *testing.T) {
	d := ladder(t, DenseReferenceMaxNV/4+1)
	if !d.LoopForm() {
		t.Fatal("the ladder is not in the loop form")
	}
	nv := d.Model().NV
	rep, err := Run(d, Options{States: 2, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	if f := rep.Failures(); len(f) > 0 {
		t.Fatalf("failures: %q", f)
	}
	if rep.DynamicsReference != RefNullSpaceRefinement || !rep.ExtendedReferenceSkipped || rep.JacobianFDColumns != nv ||
		rep.LiftColumns != rep.Mobility || rep.CurvatureStates+rep.CurvatureRoundOffStates != rep.States {
		t.Fatalf("report %+v", rep)
	}
	notes := strings.Join(rep.Notes, "\n")
	for _, want := range []string{"delta_a_max", "curvature_omission_ratio_min"} {
		if !strings.Contains(notes, want) {
			t.Errorf("no note on %s: %q", want, rep.Notes)
		}
	}
}

// TestNullSpaceReferenceCanFail: the null-space reference notices accelerations that
// leave the equations of motion by 1e-6 along the manifold.
func TestNullSpaceReferenceCanFail(t *testing.T) {
	d := ladder(t, DenseReferenceMaxNV/4+1)
	w := seededWorkspace(t, d)
	u := make([]float64, d.Mobility())
	for k := range u {
		u[k] = 0.1
	}
	if err := d.SetState(u, nil); err != nil {
		t.Fatal(err)
	}
	d.Interfaces()
	m := w.m
	fext := make([]spatial.Vec6, len(m.Bodies)+1)
	if err := d.Dynamics(fext); err != nil {
		t.Fatal(err)
	}
	if err := d.Accelerations(nil, nil); err != nil {
		t.Fatal(err)
	}
	tauT := make([]float64, m.NVT)
	a := append([]float64(nil), d.A...)
	good, _, _, err := w.nullSpaceDynamics(d.Q, d.V, a, tauT, fext)
	if err != nil {
		t.Fatal(err)
	}
	// a + s E e_0, s making the change 1e-6 of max(1, max|a|).
	E, err := w.liftAt()
	if err != nil {
		t.Fatal(err)
	}
	amax, emax := 1.0, 0.0
	for i, x := range a {
		amax, emax = max(amax, abs(x)), max(emax, abs(E.Data[i*E.Stride]))
	}
	for i := range a {
		a[i] += 1e-6 * amax / emax * E.Data[i*E.Stride]
	}
	bad, _, _, err := w.nullSpaceDynamics(d.Q, d.V, a, tauT, fext)
	if err != nil {
		t.Fatal(err)
	}
	if good > Targets.DeltaA || bad < 0.5e-6 {
		t.Errorf("δ_a %.3g at the solution, %.3g off it by 1e-6: the reference does not separate them", good, bad)
	}
}

func abs(x float64) float64 { return max(x, -x) }

// TestLiftWitnessCanFail: on a 100-loop ladder in the loop form the lift witness passes
// the lift as computed and fails it with one entry of E (in each of five rows, every
// column) moved by 1e-11, ten times the target: it measures E, not its own round-off.
func TestLiftWitnessCanFail(t *testing.T) {
	d := ladder(t, 100)
	if !d.LoopForm() {
		t.Fatal("the ladder is not in the loop form")
	}
	w := seededWorkspace(t, d)
	E, err := w.liftAt()
	if err != nil {
		t.Fatal(err)
	}
	C := w.closureAt().C.RawMatrix()
	good, cols := liftResidualOf(C, E, w.rows, 0)
	if good > Targets.Lift/10 || cols != E.Cols {
		t.Fatalf("lift residual %.3g on %d of %d columns: want below %.3g on all", good, cols, E.Cols, Targets.Lift/10)
	}
	for _, j := range evenlySpaced(E.Rows, 5) {
		row := E.Data[j*E.Stride : j*E.Stride+E.Cols]
		saved := append([]float64(nil), row...)
		for k := range row {
			row[k] += 1e-11
		}
		bad, _ := liftResidualOf(C, E, w.rows, 0)
		copy(row, saved)
		if bad <= Targets.Lift {
			t.Errorf("E's row %d moved by 1e-11: lift residual %.3g, not above the target %.3g", j, bad, Targets.Lift)
		}
	}
}

// TestLiftedMass: the null-space reference's M_r = E_Tᵀ M_T E_T, by the matrix product and
// by the sums on E's nonzeros, equals the loop form's own (Data.DenseReducedMass, by its
// maximal-coordinate solves) to 1e-12 of its largest entry on a 51-loop ladder.
func TestLiftedMass(t *testing.T) {
	d := ladder(t, DenseReferenceMaxNV/4+1)
	w := seededWorkspace(t, d)
	m, D := w.m, d.Mobility()
	want := make([]float64, D*D)
	if err := d.DenseReducedMass(want); err != nil {
		t.Fatal(err)
	}
	E, err := w.liftAt()
	if err != nil {
		t.Fatal(err)
	}
	scale := 0.0
	for _, x := range want {
		scale = max(scale, abs(x))
	}
	for _, dense := range []int{1, -1} {
		got := liftedMassBy(dyn.NewData(m), d.Q, E, m.NVT, m.NV, D, dense)
		diff := 0.0
		for i, x := range got {
			diff = max(diff, abs(x-want[i]))
			if got[i] != got[(i%D)*D+i/D] {
				t.Fatalf("dense %d: M_r not symmetric at %d", dense, i)
			}
		}
		if diff > 1e-12*scale {
			t.Errorf("dense %d: M_r off by %.3g (largest entry %.3g)", dense, diff, scale)
		}
	}
}
