package tasks

import (
	"github.com/robocompiler/robocompiler/compile"
	"math"
	"testing"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/internal/testfix"
	"github.com/robocompiler/robocompiler/sim"
)

// sameLogs fails unless the two results' logs are bit-identical.
func sameLogs(t *testing.T, a, b *Result) {
	t.Helper()
	if len(a.Runs) != len(b.Runs) {
		t.Fatalf("%d and %d runs", len(a.Runs), len(b.Runs))
	}
	for i := range a.Runs {
		x, y := a.Runs[i].Log, b.Runs[i].Log
		if len(x.Data) != len(y.Data) {
			t.Fatalf("run %s: %d and %d logged values", a.Runs[i].Name, len(x.Data), len(y.Data))
		}
		for k := range x.Data {
			if math.Float64bits(x.Data[k]) != math.Float64bits(y.Data[k]) {
				t.Fatalf("run %s: value %d (column %s) differs: %v vs %v", a.Runs[i].Name, k, x.Columns[k%len(x.Columns)], x.Data[k], y.Data[k])
			}
		}
	}
}

// balanceDrift returns the largest change of the energy balance (kinetic + potential −
// work + dissipated) over the log and the largest |work| or kinetic energy it is
// compared with (J).
func balanceDrift(t *testing.T, l *sim.Log) (drift, scale float64) {
	t.Helper()
	cols := map[string][]float64{}
	for _, n := range []string{"balance_J", "work_J", "kinetic_J", "dissipated_J"} {
		c, err := l.Column(n)
		if err != nil {
			t.Fatal(err)
		}
		cols[n] = c
	}
	b := cols["balance_J"]
	for i := range b {
		drift = math.Max(drift, math.Abs(b[i]-b[0]))
		scale = math.Max(scale, math.Max(math.Abs(cols["work_J"][i]), math.Max(cols["kinetic_J"][i], cols["dissipated_J"][i])))
	}
	return drift, scale
}

// checkGaps fails when a run's closure gap exceeds tol (m and rad).
func checkGaps(t *testing.T, res *Result, tol float64) {
	t.Helper()
	for _, r := range res.Runs {
		if r.Stats.GapMaxM > tol || r.Stats.GapMaxRad > tol {
			t.Errorf("run %s: closure gap %.3g m, %.3g rad (bound %.0e)", r.Name, r.Stats.GapMaxM, r.Stats.GapMaxRad, tol)
		}
	}
}

// runBuiltin runs task name on the built-in model for dur seconds.
func runBuiltin(t *testing.T, name, model string, dur float64) *Result {
	t.Helper()
	f, err := Get(name)
	if err != nil {
		t.Fatal(err)
	}
	r, err := RunFile(f, testfix.Builtin(t, model), Options{Duration: dur})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// runFile runs the shipped task name on graph g for dur seconds.
func runFile(t testing.TB, name string, g *cmg.Graph, dur float64) (*Result, error) {
	t.Helper()
	f, err := Get(name)
	if err != nil {
		t.Fatal(err)
	}
	return RunFile(f, g, Options{Duration: dur})
}

// named returns a request function for a partition request of the graph.
func named(name string) func(m *compile.Model) ([]int, error) {
	return func(m *compile.Model) ([]int, error) { return m.PartitionRequest(name) }
}
