package closure

import (
	"math/rand/v2"
	"testing"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/internal/testmodels"
	"github.com/robocompiler/robocompiler/robots"
)

// builtins compiles every built-in mechanism (both comparison forms) and assembles it
// from its seed.
type fixture struct {
	name string
	m    *compile.Model
	q    []float64 // assembled
}

func builtins(t testing.TB, eliminate bool) []fixture {
	t.Helper()
	var out []fixture
	for _, name := range robots.Names() {
		g, err := robots.Get(name)
		if err != nil {
			t.Fatal(err)
		}
		m, q := assembleGraph(t, g, compile.Options{Eliminate: eliminate})
		out = append(out, fixture{name, m, q})
	}
	return out
}

// assembleGraph compiles g with opts and assembles it from its default seed.
func assembleGraph(t testing.TB, g *cmg.Graph, opts compile.Options) (*compile.Model, []float64) {
	t.Helper()
	m, err := compile.Compile(g, opts)
	if err != nil {
		t.Fatalf("%s: %v", g.Name, err)
	}
	q0, err := m.Seed("")
	if err != nil {
		t.Fatal(err)
	}
	a, err := Assemble(m, q0, AssembleOptions{})
	if err != nil {
		t.Fatalf("%s: %v", g.Name, err)
	}
	return m, a.Q
}

// perturb returns q ⊕ (scale·random).
func perturb(m *compile.Model, q []float64, rng *rand.Rand, scale float64) []float64 {
	dv := make([]float64, m.NV)
	for i := range dv {
		dv[i] = scale * (2*rng.Float64() - 1)
	}
	out := make([]float64, m.NQ)
	m.Integrate(q, dv, 1, out)
	return out
}

// liftAtSeed returns a closure workspace with C evaluated at the fixture's configuration
// and a lift for the automatic partition there (not yet updated).
func liftAtSeed(tb testing.TB, f fixture) (*Data, *Lift) {
	tb.Helper()
	d := NewData(f.m)
	d.Jacobian(f.q)
	p, err := ChoosePartition(f.m, d.C, nil, 0)
	if err != nil {
		tb.Fatal(err)
	}
	return d, NewLift(p, f.m.NV)
}

// kangarooSeed compiles the shared Kangaroo model and returns its "home" seed (not
// assembled).
func kangarooSeed(t testing.TB) (*compile.Model, []float64) {
	t.Helper()
	m, err := compile.Compile(kangaroo(t, testmodels.Kangaroo), compile.Options{})
	if err != nil {
		t.Fatal(err)
	}
	q, err := m.Seed("home")
	if err != nil {
		t.Fatal(err)
	}
	return m, q
}

// kangarooAssembled compiles the shared Kangaroo and assembles it from its home seed.
func kangarooAssembled(t testing.TB) (*compile.Model, []float64) {
	t.Helper()
	m, q := kangarooSeed(t)
	a, err := Assemble(m, q, AssembleOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return m, a.Q
}

// assembledNear assembles from q ⊕ (scale·random); ok is false when the assembly fails.
func assembledNear(m *compile.Model, q []float64, rng *rand.Rand, scale float64) ([]float64, bool) {
	a, err := Assemble(m, perturb(m, q, rng, scale), AssembleOptions{})
	if err != nil {
		return nil, false
	}
	return a.Q, true
}

// structuredAndWholeLifts returns the lift of partition p (which may use the structure of
// C: blocks, a border) and that of the same partition without C's structure, which
// factors R_p whole with the general LU: the reference of the structured factorisations.
func structuredAndWholeLifts(p *Partition, nv int) (structured, whole *Lift) {
	w := *p
	w.structure = nil
	return NewLift(p, nv), NewLift(&w, nv)
}
