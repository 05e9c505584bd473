package kin_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/closure"
	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/internal/testfix"
	"github.com/robocompiler/robocompiler/internal/testutil"
	"github.com/robocompiler/robocompiler/kin"
)

// fixture is a compiled model at an assembled configuration with its interfaces.
type fixture struct {
	m  *compile.Model
	q  []float64
	p  *closure.Partition
	d  *robocompiler.Data
	kd *kin.Data
}

// update evaluates the interfaces at the feasible q (len NQ, as it is) and the
// independent speeds u through the front door's stages.
func (fx *fixture) update(q, u []float64) error {
	if err := fx.d.SetConfiguration(q); err != nil {
		return err
	}
	if err := fx.d.SetState(u, nil); err != nil {
		return err
	}
	fx.d.Interfaces()
	return nil
}

// setup compiles g, assembles it from its default seed holding the named request, and
// builds its interfaces there.
func setup(t testing.TB, g *cmg.Graph, request string) *fixture {
	t.Helper()
	s := testfix.Assembled(t, g, "", request)
	return atConfig(t, s.M, s.Q, s.Req)
}

// atConfig partitions m at the feasible q (holding req) and builds its interfaces.
func atConfig(t testing.TB, m *compile.Model, q []float64, req []int) *fixture {
	t.Helper()
	s := testfix.At(t, m, q, req)
	return &fixture{m: m, q: s.Q, p: s.P, d: s.D, kd: s.D.Kin}
}

// builtin returns the built-in mechanism's graph.
func builtin(t testing.TB, name string) *cmg.Graph { return testfix.Builtin(t, name) }

// randomU draws independent speeds in [−s, s].
func randomU(rng *rand.Rand, d int, s float64) []float64 {
	u := make([]float64, d)
	for i := range u {
		u[i] = s * (2*rng.Float64() - 1)
	}
	return u
}

// relDiff returns max|a−b| / max(1, max|b|).
func relDiff(a, b []float64) float64 {
	return testutil.MaxDiff(a, b) / math.Max(1, testutil.MaxAbs(b))
}
