package joint

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/robocompiler/robocompiler/spatial"
)

// TestCoordinatesInvertTransform: Coordinates(Transform(q), q+2πk) = q for random q of
// every kind (angles beyond ±π included: the branch follows near), Transform of the
// result reproduces the placement, and the quaternion sign is w ≥ 0.
func TestCoordinatesInvertTransform(t *testing.T) {
	forEach(t, 31, func(t *testing.T, m *Model, rng *rand.Rand) {
		nq := m.NQ()
		q := make([]float64, nq)
		m.Random(rng, q)
		angles := angleSlots(m)
		for _, i := range angles {
			q[i] += 2 * math.Pi * float64(rng.IntN(5)-2) // any branch
		}
		near := append([]float64(nil), q...)
		for _, i := range angles {
			near[i] += 0.4 * (2*rng.Float64() - 1) // a reference within ±0.4 rad
		}
		got := make([]float64, nq)
		T := m.Transform(q)
		m.Coordinates(T, near, got)
		back := m.Transform(got)
		if d := math.Max(maxAbs3(back.R, T.R), back.P.Sub(T.P).Norm()); d > 1e-12 {
			t.Fatalf("Transform(Coordinates(T)) differs from T by %.3g (q %v, got %v)", d, q, got)
		}
		switch m.Kind {
		case Spherical, Free:
			w := 0
			if m.Kind == Free {
				w = 3
			}
			if got[w] < 0 {
				t.Fatalf("quaternion w = %v < 0", got[w])
			}
		default:
			for i := range q {
				if math.Abs(got[i]-q[i]) > 1e-9 {
					t.Fatalf("coordinate %d: got %v, want %v (near %v)", i, got[i], q[i], near[i])
				}
			}
		}
	})
}

// TestCoordinatesNilNear: without a reference, angles come back in (−π, π], or nearest
// the middle of the limits of a limited joint.
func TestCoordinatesNilNear(t *testing.T) {
	lim := Model{Kind: Revolute, Axis: spatial.Vec3{0, 1, 0}, Limited: true, Lower: [3]float64{3}, Upper: [3]float64{4}}
	out := []float64{0}
	lim.Coordinates(lim.Transform([]float64{3.9}), nil, out)
	if math.Abs(out[0]-3.9) > 1e-12 {
		t.Errorf("limited [3, 4]: got %v, want 3.9", out[0])
	}
	m := Model{Kind: Revolute, Axis: spatial.Vec3{0, 0, 1}}
	for _, q := range []float64{0.3, -3, 4, 2*math.Pi + 0.1} {
		m.Coordinates(m.Transform([]float64{q}), nil, out)
		want := math.Remainder(q, 2*math.Pi)
		if math.Abs(out[0]-want) > 1e-12 {
			t.Errorf("q = %v: got %v, want %v", q, out[0], want)
		}
	}
}

// angleSlots returns the coordinates of m that are angles with a 2π branch.
func angleSlots(m *Model) []int {
	switch m.Kind {
	case Revolute:
		return []int{0}
	case Helical:
		if m.Pitch == 0 {
			return []int{0}
		}
	case Universal:
		return []int{0, 1}
	case Planar:
		return []int{2}
	}
	return nil
}
