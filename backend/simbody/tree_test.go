//go:build simbody

package simbody_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/robocompiler/robocompiler/backend/simbody"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/dyn"
	"github.com/robocompiler/robocompiler/internal/testfix"
	"github.com/robocompiler/robocompiler/internal/testmodels"
	"github.com/robocompiler/robocompiler/internal/testutil"
	"github.com/robocompiler/robocompiler/mjcf"
)

// treeTol is the relative difference allowed between Simbody's and our M_T and h_T.
const treeTol = 1e-12

// models are the built-in mechanisms and the shared MJCF files the backend represents.
var models = []struct {
	name string
	load func(t *testing.T) *compile.Model
}{
	{"fourbar", builtin("fourbar")},
	{"fivebar", builtin("fivebar")},
	{"stewart", builtin("stewart")},
	{"excavator", builtin("excavator")},
	{"panda", shared(testmodels.Panda)},
	{"go2", shared(testmodels.Go2)},
	{"kangaroo", shared(testmodels.Kangaroo)},
	{"kangaroo_fixed_base", shared(testmodels.KangarooFixed)},
}

func builtin(name string) func(t *testing.T) *compile.Model {
	return func(t *testing.T) *compile.Model {
		return testfix.Compile(t, testfix.Builtin(t, name), compile.Options{})
	}
}

func shared(rel string) func(t *testing.T) *compile.Model {
	return func(t *testing.T) *compile.Model {
		g, _, err := mjcf.ImportFile(testmodels.Path(t, rel))
		if err != nil {
			t.Fatal(err)
		}
		return testfix.Compile(t, g, compile.Options{})
	}
}

func build(t *testing.T, m *compile.Model) *simbody.System {
	t.Helper()
	s, err := simbody.Build(m)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	return s
}

// TestTreeDynamics: Simbody's unconstrained mass matrix and bias forces (gravity,
// velocity products, damping), mapped to our coordinates, equal M_T and h_T of dyn
// (CRBA, RNEA) at 20 random configurations and velocities per model, to 1e-12 relative;
// gravity alone is checked at zero velocity.
func TestTreeDynamics(t *testing.T) {
	for _, c := range models {
		t.Run(c.name, func(t *testing.T) {
			m := c.load(t)
			s := build(t, m)
			nv := m.NVT
			rng := rand.New(rand.NewPCG(3, 5))
			dd := dyn.NewData(m)
			M, h, Ms, hs := make([]float64, nv*nv), make([]float64, nv), make([]float64, nv*nv), make([]float64, nv)
			var dM, dh, dg float64
			for range 20 {
				q := m.Random(rng)
				v := make([]float64, m.NV)
				for _, zero := range []bool{true, false} {
					if !zero {
						for i := range v {
							v[i] = rng.NormFloat64()
						}
					}
					must(t, s.SetState(0, q, v))
					roundTrip(t, s, q, v)
					must(t, s.MassMatrix(Ms))
					must(t, s.Bias(hs))
					dd.CRBA(q, M)
					dd.Bias(q, v, nil, h)
					dM = math.Max(dM, testutil.RelDiff(M, Ms))
					if zero {
						dg = math.Max(dg, testutil.RelDiff(h, hs))
					} else {
						dh = math.Max(dh, testutil.RelDiff(h, hs))
					}
				}
			}
			t.Logf("%s: nv %d (Simbody nu %d, %d multipliers): relative difference M %.2g, gravity %.2g, h %.2g",
				c.name, nv, s.NU, s.NMult, dM, dg, dh)
			if !(dM <= treeTol && dg <= treeTol && dh <= treeTol) {
				t.Errorf("relative difference M %.3g, gravity %.3g, h %.3g exceeds %g", dM, dg, dh, treeTol)
			}
		})
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// roundTrip: State reads back the tree state SetState set (quaternions up to sign).
func roundTrip(t *testing.T, s *simbody.System, q, v []float64) {
	t.Helper()
	m := s.Model()
	q2, v2 := make([]float64, m.NQ), make([]float64, m.NV)
	if _, err := s.State(q2, v2); err != nil {
		t.Fatal(err)
	}
	for _, j := range m.Joints {
		if !j.Tree {
			continue
		}
		a, b := q[j.Q0:j.Q0+j.NQ], q2[j.Q0:j.Q0+j.NQ]
		sign := 1.0
		if j.NQ >= 4 && a[j.NQ-4]*b[j.NQ-4] < 0 {
			sign = -1 // a quaternion's sign is free: only the rotational part flips
		}
		for k := range a {
			want := a[k]
			if j.NQ >= 4 && k >= j.NQ-4 {
				want *= sign
			}
			if math.Abs(b[k]-want) > 1e-12 {
				t.Fatalf("joint %s: q %v read back as %v", j.ID, a, b)
			}
		}
	}
	if d := testutil.MaxDiff(v[:m.NVT], v2[:m.NVT]); d > 1e-12 {
		t.Fatalf("v read back off by %.3g", d)
	}
}
