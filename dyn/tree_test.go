package dyn

import (
	"github.com/robocompiler/robocompiler/internal/testutil"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/robocompiler/robocompiler/spatial"
)

// The random test tree covers every joint type and has reversed edges (so that the
// property tests exercise them).
func TestRandomTreeCoverage(t *testing.T) {
	m := build(t, randomTreeGraph(1, true))
	kinds := map[string]bool{}
	rev := 0
	for _, e := range m.Edges {
		kinds[m.Joints[e.Joint].Model.Kind.String()] = true
		if e.Reversed {
			rev++
		}
	}
	for _, k := range []string{"fixed", "revolute", "prismatic", "helical", "universal", "spherical", "planar", "free"} {
		if !kinds[k] {
			t.Errorf("random tree has no %s tree joint", k)
		}
	}
	if rev == 0 || len(m.Bodies) < 8 {
		t.Errorf("random tree: %d bodies, %d reversed edges", len(m.Bodies), rev)
	}
}

// Only the tree part of the augmented vectors is read: cut-joint coordinates, velocities
// and accelerations change nothing, and the cut joint's armature and damping are not
// counted.
func TestCutJointsIgnored(t *testing.T) {
	m := build(t, loopGraph())
	if m.NVT != 2 || m.NV != 5 {
		t.Fatalf("loop model: NVT %d NV %d, want 2 and 5 (the spherical joint cut)", m.NVT, m.NV)
	}
	d := NewData(m)
	rng := rand.New(rand.NewPCG(91, 92))
	q, v := randomState(m, rng)
	a := randVec(rng, m.NV)
	eval := func(q, v, a []float64) []float64 {
		out := make([]float64, 2+4+2+1)
		d.RNEA(q, v, a, nil, out[:2])
		d.CRBA(q, out[2:6])
		d.Bias(q, v, nil, out[6:8])
		out[8] = d.KineticEnergy(q, v) + d.PotentialEnergy(q)
		return out
	}
	ref := eval(q, v, a)
	q2, v2, a2 := append([]float64(nil), q...), append([]float64(nil), v...), append([]float64(nil), a...)
	for i := m.NQT; i < m.NQ; i++ {
		q2[i] = rng.NormFloat64()
	}
	for i := m.NVT; i < m.NV; i++ {
		v2[i], a2[i] = 100*rng.NormFloat64(), 100*rng.NormFloat64()
	}
	if got := eval(q2, v2, a2); testutil.MaxDiff(got, ref) != 0 {
		t.Fatalf("cut-joint entries changed the tree dynamics: %v vs %v", got, ref)
	}
	// M_11: left link about its hinge plus its armature only.
	b := m.Bodies[m.BodyNode("left")-1].Inertia
	want := b.I[1][1] + 0.01
	il := m.Joints[m.JointIndex("hinge_l")].V0
	if got := ref[2+il*2+il]; math.Abs(got-want) > 1e-14 {
		t.Fatalf("M[left,left] = %v, want %v (tree armature only)", got, want)
	}
}

// WorldWrench: a pure force at the body origin is the rotated force; the ground takes
// no wrench.
func TestWorldWrenchBasics(t *testing.T) {
	m := build(t, floatingGraph())
	d := NewData(m)
	q, v := randomState(m, rand.New(rand.NewPCG(93, 94)))
	d.ForwardKinematics(q, v)
	R := d.Pose(1).R
	f := spatial.Vec3{1, -2, 3}
	got := d.WorldWrench(1, spatial.Vec3{}, spatial.NewVec6(spatial.Vec3{}, f))
	want := spatial.NewVec6(spatial.Vec3{}, R.T().MulVec(f))
	if got.Sub(want).Norm() > 1e-15 {
		t.Fatalf("WorldWrench at origin = %v, want %v", got, want)
	}
	if (d.WorldWrench(0, spatial.Vec3{1, 2, 3}, spatial.Vec6{1, 1, 1, 1, 1, 1}) != spatial.Vec6{}) {
		t.Fatal("ground wrench is not zero")
	}
}
