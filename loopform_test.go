package robocompiler_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/internal/kktref"
	"github.com/robocompiler/robocompiler/robots"
	"github.com/robocompiler/robocompiler/spatial"
)

// maxRel is max|a − b| / max(1, max|b|) (eq. 21's δ_a form).
func maxRel(a, b []float64) float64 {
	num, den := 0.0, 1.0
	for i := range b {
		num = math.Max(num, math.Abs(a[i]-b[i]))
		den = math.Max(den, math.Abs(b[i]))
	}
	return num / den
}

// loopPair compiles g twice through the front door, once forced into the loop form and
// once into the dense path, assembles both and moves them together by `steps` random
// tracking steps to a generic state (same Q and partition), with random speeds and
// accelerations.
func loopPair(t *testing.T, g *cmg.Graph, steps int, seed uint64) (loop, dense *robocompiler.Data) {
	t.Helper()
	m, err := robocompiler.Compile(g, robocompiler.Options{})
	if err != nil {
		t.Fatal(err)
	}
	mk := func(min int) *robocompiler.Data {
		restore := robocompiler.SetLoopFormMin(min)
		defer restore()
		d := m.NewData()
		if err := d.Assemble(""); err != nil {
			t.Fatal(err)
		}
		return d
	}
	dense = mk(math.MaxInt)
	rng := rand.New(rand.NewPCG(seed, 7))
	n := dense.Mobility()
	du := make([]float64, n)
	for range steps {
		for i := range du {
			du[i] = 0.02 * (rng.Float64() - 0.5)
		}
		if err := dense.Track(du); err != nil {
			t.Fatal(err)
		}
	}
	restore := robocompiler.SetLoopFormMin(0)
	loop = m.NewData()
	if err := loop.Place(dense.Q, dense.Partition()); err != nil {
		t.Fatal(err)
	}
	restore()
	if !loop.LoopForm() || dense.LoopForm() {
		t.Fatalf("%s: loop form %v / %v", g.Name, loop.LoopForm(), dense.LoopForm())
	}
	u, udot := make([]float64, n), make([]float64, n)
	for i := range u {
		u[i], udot[i] = rng.Float64()-0.5, rng.Float64()-0.5
	}
	for _, d := range []*robocompiler.Data{loop, dense} {
		if err := d.SetState(u, udot); err != nil {
			t.Fatal(err)
		}
	}
	return loop, dense
}

// compareLoop evaluates the loop form and the dense path at their common state with random
// port efforts, tree efforts and external wrenches and reports the largest relative
// difference of each output over tol.
func compareLoop(t *testing.T, name string, loop, dense *robocompiler.Data, tol float64, seed uint64) {
	t.Helper()
	m := dense.Model()
	rng := rand.New(rand.NewPCG(seed, 11))
	f := make([]float64, len(m.Ports))
	tauT := make([]float64, m.NVT)
	fext := make([]spatial.Vec6, len(m.Bodies)+1)
	for i := range f {
		f[i] = rng.Float64() - 0.5
	}
	for i := range tauT {
		tauT[i] = 0.1 * (rng.Float64() - 0.5)
	}
	for i := 1; i < len(fext); i++ {
		for k := range 6 {
			fext[i][k] = 0.1 * (rng.Float64() - 0.5)
		}
	}
	udot := append([]float64(nil), dense.Udot...)
	type out struct{ V, Curv, HT, Hr, TauRInv, TauR, Udot, A, A0 []float64 }
	run := func(d *robocompiler.Data) out {
		var o out
		if err := d.SetState(d.U, udot); err != nil {
			t.Fatal(err)
		}
		if err := d.Inverse(fext); err != nil {
			t.Fatal(err)
		}
		o.TauRInv = append(o.TauRInv, d.TauR...)
		d.Interfaces()
		if err := d.Dynamics(fext); err != nil {
			t.Fatal(err)
		}
		if err := d.Accelerations(f, tauT); err != nil {
			t.Fatal(err)
		}
		o.V, o.Curv = append(o.V, d.V...), append(o.Curv, d.Curv...)
		o.HT, o.Hr = append(o.HT, d.Reduced.HT...), append(o.Hr, d.Reduced.Hr...)
		o.TauR, o.Udot, o.A = append(o.TauR, d.TauR...), append(o.Udot, d.Udot...), append(o.A, d.A...)
		// The curvature ablation of check: with Curv zeroed, A = E u̇ with h_r lacking
		// M_T c_T.
		clear(d.Curv)
		if err := d.Dynamics(fext); err != nil {
			t.Fatal(err)
		}
		if err := d.Accelerations(f, tauT); err != nil {
			t.Fatal(err)
		}
		o.A0 = append(o.A0, d.A...)
		return o
	}
	l, r := run(loop), run(dense)
	for _, c := range []struct {
		what string
		a, b []float64
	}{{"V", l.V, r.V}, {"Curv", l.Curv, r.Curv}, {"HT", l.HT, r.HT}, {"Hr", l.Hr, r.Hr},
		{"TauR (Inverse)", l.TauRInv, r.TauRInv}, {"TauR", l.TauR, r.TauR}, {"Udot", l.Udot, r.Udot}, {"A", l.A, r.A}, {"A (Curv = 0)", l.A0, r.A0}} {
		if e := maxRel(c.a, c.b); !(e <= tol) {
			t.Errorf("%s: %s differs from the dense path by %.3g (relative), want ≤ %.0e", name, c.what, e, tol)
		} else {
			t.Logf("%s: %s %.2g", name, c.what, e)
		}
	}
}

// TestLoopFormMatchesDense: forced on, the loop form gives the dense path's interfaces and
// dynamics (V, Curv, h_T, h_r, the reduced efforts of Inverse and Accelerations, u̇ and A,
// and A with Curv zeroed as check's curvature ablation does) to 1e-12 at a generic state with port efforts, tree efforts and external wrenches, on
// the built-in closed chains it covers and on a ladder of 10 four-bar loops. The excavator
// is held to 1e-11: its 9 kg linkage between bodies of up to 5 t, closed twice by
// symmetric links, leaves the maximal-coordinate solve about 3e-12 from the 192-bit KKT
// reference where the dense path is at 1e-15 (by default the excavator, 47 velocities,
// takes the dense path).
func TestLoopFormMatchesDense(t *testing.T) {
	cases := []struct {
		name string
		g    func() (*cmg.Graph, error)
		tol  float64
	}{
		{"ladder10", func() (*cmg.Graph, error) { return robots.FourBarLadder(10), nil }, 1e-12},
		{"fourbar", func() (*cmg.Graph, error) { return robots.Get("fourbar") }, 1e-12},
		{"fivebar", func() (*cmg.Graph, error) { return robots.Get("fivebar") }, 1e-12},
		{"stewart", func() (*cmg.Graph, error) { return robots.Get("stewart") }, 1e-12},
		{"excavator", func() (*cmg.Graph, error) { return robots.Get("excavator") }, 1e-11},
	}
	for i, c := range cases {
		g, err := c.g()
		if err != nil {
			t.Fatal(err)
		}
		loop, dense := loopPair(t, g, 5, uint64(i))
		compareLoop(t, c.name, loop, dense, c.tol, uint64(i))
	}
}

// TestLoopFormLadderAccuracy: on ladders of 30 and 100 four-bar loops the loop form and
// the dense path differ by more than 1e-12 because both carry an error that grows with
// the conditioning of the long rails (cond·ε): against the KKT reference in 192-bit
// arithmetic (30 loops) the loop form is within 1e-11 plus twice the dense path's error;
// at 100 loops (where the 192-bit reference would take minutes) the two agree to 1e-8
// (measured 2e-9: cond·ε of the rails, which each of the two paths carries).
func TestLoopFormLadderAccuracy(t *testing.T) {
	loop, dense := loopPair(t, robots.FourBarLadder(30), 3, 30)
	for _, d := range []*robocompiler.Data{loop, dense} {
		if err := d.Forward(nil, nil); err != nil {
			t.Fatal(err)
		}
	}
	aref := bigReference(t, dense)
	el, ed := maxRel(loop.A, aref), maxRel(dense.A, aref)
	t.Logf("30 loops: A against the 192-bit reference: loop form %.2g, dense path %.2g", el, ed)
	if !(el <= 2*ed+1e-11) {
		t.Errorf("30 loops: loop form %.3g from the 192-bit reference (dense path %.3g)", el, ed)
	}
	loop, dense = loopPair(t, robots.FourBarLadder(100), 3, 100)
	compareLoop(t, "ladder100", loop, dense, 1e-8, 100)
}

// bigReference returns the accelerations (len NV) of the KKT reference in 192-bit
// arithmetic (internal/kktref.SolveBig) at the last Forward of the dense workspace d, with
// no efforts: M_T and h_T of its Dynamics, the selected rows of C and their drift.
func bigReference(t *testing.T, d *robocompiler.Data) []float64 {
	t.Helper()
	m := d.Model()
	n, nv := m.NVT, m.NV
	M, h := make([]float64, nv*nv), make([]float64, nv)
	for i := range n {
		copy(M[i*nv:i*nv+n], d.Reduced.MT[i*n:(i+1)*n])
		h[i] = d.Reduced.HT[i]
	}
	rows := d.Partition().Rows
	Jc, gamma := make([]float64, len(rows)*nv), make([]float64, len(rows))
	c := d.Closure()
	c.Drift(d.Q, d.V)
	for r, row := range rows {
		for j := range nv {
			Jc[r*nv+j] = c.C.At(row, j)
		}
		gamma[r] = c.Gamma[row]
	}
	aref, _, err := kktref.SolveBig(M, h, make([]float64, nv), Jc, gamma, nv, len(rows), 0)
	if err != nil {
		t.Fatal(err)
	}
	return aref
}

// TestLoopFormNoAllocs: in the loop form, Constraints and Forward allocate nothing.
func TestLoopFormNoAllocs(t *testing.T) {
	loop, _ := loopPair(t, robots.FourBarLadder(20), 1, 20)
	if n := testing.AllocsPerRun(20, func() {
		if err := loop.Constraints(); err != nil {
			t.Fatal(err)
		}
		if err := loop.Forward(nil, nil); err != nil {
			t.Fatal(err)
		}
	}); n != 0 {
		t.Errorf("loop form: %v allocations per Constraints + Forward", n)
	}
}

// TestLoopFormDefault: a ladder of 100 four-bar loops (400 velocities) takes the loop form
// by default, one of 10 loops (40 velocities) the dense path.
func TestLoopFormDefault(t *testing.T) {
	for _, c := range []struct {
		k    int
		loop bool
	}{{10, false}, {100, true}} {
		if d := ladderData(t, robots.FourBarLadder(c.k)); d.LoopForm() != c.loop {
			t.Errorf("ladder of %d loops: loop form %v, want %v", c.k, d.LoopForm(), c.loop)
		}
	}
}

// TestLoopFormDenseMatrices: in the loop form, DenseTreeMass and DenseReducedMass form
// M_T and M_r on request equal to the dense path's (1e-12).
func TestLoopFormDenseMatrices(t *testing.T) {
	for i, name := range []string{"stewart", "fivebar"} {
		g, err := robots.Get(name)
		if err != nil {
			t.Fatal(err)
		}
		loop, dense := loopPair(t, g, 3, uint64(20+i))
		m := dense.Model()
		n := dense.Mobility()
		for _, d := range []*robocompiler.Data{loop, dense} {
			if err := d.Forward(nil, nil); err != nil {
				t.Fatal(err)
			}
		}
		for _, c := range []struct {
			what string
			size int
			get  func(*robocompiler.Data, []float64) error
		}{{"M_T", m.NVT * m.NVT, (*robocompiler.Data).DenseTreeMass}, {"M_r", n * n, (*robocompiler.Data).DenseReducedMass}} {
			a, b := make([]float64, c.size), make([]float64, c.size)
			if err := c.get(loop, a); err != nil {
				t.Fatal(err)
			}
			if err := c.get(dense, b); err != nil {
				t.Fatal(err)
			}
			if e := maxRel(a, b); !(e <= 1e-12) {
				t.Errorf("%s: loop form's %s differs by %.3g", name, c.what, e)
			}
		}
	}
}

// TestLoopFormSwitchModel: the impact projection of SwitchModel in the loop form equals
// the dense path's (switching a ladder of 10 loops to itself at a generic state).
func TestLoopFormSwitchModel(t *testing.T) {
	loop, dense := loopPair(t, robots.FourBarLadder(10), 3, 9)
	func() {
		defer robocompiler.SetLoopFormMin(0)()
		if err := loop.SwitchModel(loop.Model()); err != nil {
			t.Fatal(err)
		}
	}()
	func() {
		defer robocompiler.SetLoopFormMin(math.MaxInt)()
		if err := dense.SwitchModel(dense.Model()); err != nil {
			t.Fatal(err)
		}
	}()
	if !loop.LoopForm() || dense.LoopForm() {
		t.Fatalf("forms after the switch: %v, %v", loop.LoopForm(), dense.LoopForm())
	}
	if e := maxRel(loop.U, dense.U); !(e <= 1e-12) {
		t.Errorf("SwitchModel: loop form's u differs from the dense path's by %.3g", e)
	}
}
