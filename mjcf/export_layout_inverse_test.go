package mjcf_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/internal/testfix"
	"github.com/robocompiler/robocompiler/internal/testmodels"
	"github.com/robocompiler/robocompiler/joint"
	"github.com/robocompiler/robocompiler/mjcf"
)

// TestLayoutInverse: Coordinates and Velocities read back what QPos and QVel write,
// recovering every tree coordinate and velocity to 1e-12 at random states of the Go2
// (free base, hinges) and the Stewart platform (spherical joints): the configuration as
// a displacement (quaternions up to sign), the velocity entry by entry.
func TestLayoutInverse(t *testing.T) {
	g2, _, err := mjcf.ImportFile(testmodels.Path(t, testmodels.Go2))
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for name, m := range map[string]*compile.Model{
		"go2":     testfix.Compile(t, g2, compile.Options{}),
		"stewart": testfix.Compile(t, testfix.Builtin(t, "stewart"), compile.Options{}),
	} {
		q0 := m.Neutral()
		lay, err := mjcf.NewLayout(m, q0)
		if err != nil {
			t.Fatal(err)
		}
		kinds := map[joint.Kind]bool{}
		for _, jl := range lay.Joints {
			kinds[m.Joints[jl.Joint].Model.Kind] = true
		}
		t.Logf("%s: tree joint kinds %v", name, kinds)
		qpos, qvel := make([]float64, lay.NQ), make([]float64, lay.NV)
		back, v2, dq := make([]float64, m.NQ), make([]float64, m.NV), make([]float64, m.NV)
		for range 20 {
			q := m.Random(rng)
			v := make([]float64, m.NV)
			for i := range v {
				v[i] = rng.NormFloat64()
			}
			if err := lay.QPos(q, qpos); err != nil {
				t.Fatal(err)
			}
			if err := lay.QVel(q, v, qvel); err != nil {
				t.Fatal(err)
			}
			copy(back, q0)
			if err := lay.Coordinates(qpos, back); err != nil {
				t.Fatal(err)
			}
			if err := lay.Velocities(back, qvel, v2); err != nil {
				t.Fatal(err)
			}
			m.Difference(q, back, dq)
			for i := range m.NVT {
				if math.Abs(dq[i]) > 1e-12 || math.Abs(v2[i]-v[i]) > 1e-12*(1+math.Abs(v[i])) {
					t.Fatalf("%s: coordinate %s: displacement %.3g, speed %v read back as %v", name, m.CoordinateNames()[i], dq[i], v[i], v2[i])
				}
			}
		}
	}
}
