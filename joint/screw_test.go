package joint

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/robocompiler/robocompiler/spatial"
)

// randFrame returns a random rigid transform with translations of about a metre.
func randFrame(rng *rand.Rand) spatial.Transform {
	w := randUnit(rng).Scale(3 * rng.Float64())
	return spatial.Transform{R: spatial.ExpSO3(w), P: spatial.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}}
}

// TestScrew checks the precomputed placement l·Q(q)^σ·rt of every one-axis kind (with
// unit and non-unit axes) against the joint model's Transform composed with the frames,
// and its column against σ·Ad_{rt⁻¹}·S, to round-off at random frames and coordinates;
// the other kinds have none, and angles beyond ScrewMaxAngle are refused.
func TestScrew(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	models := append(testModels(rng), Model{Kind: Revolute, Axis: randUnit(rng).Scale(2.5)},
		Model{Kind: Helical, Axis: randUnit(rng).Scale(0.4), Pitch: -0.7})
	checked := 0
	for _, m := range models {
		for range 50 {
			l, rt := randFrame(rng), randFrame(rng)
			inverse := rng.IntN(2) == 1
			s, ok := m.Screw(l, rt, inverse)
			if ok != (m.NQ() <= 1) {
				t.Fatalf("%v: Screw ok = %v", m.Kind, ok)
			}
			if !ok {
				continue
			}
			checked++
			q := make([]float64, m.NQ())
			qs := 0.0
			if len(q) == 1 {
				q[0] = 10 * rng.NormFloat64()
				qs = q[0]
			}
			x := m.Transform(q)
			sigma := 1.0
			if inverse {
				x, sigma = x.Inv(), -1
			}
			want := l.Mul(x).Mul(rt)
			var got spatial.Transform
			ok = s.AtTo(&got, qs)
			if !ok {
				t.Fatalf("%v: At(%g) refused", m.Kind, qs)
			}
			d := maxAbs3(got.R, want.R)
			for i := range 3 {
				d = math.Max(d, math.Abs(got.P[i]-want.P[i])/(1+math.Abs(qs)))
			}
			if d > 1e-14 {
				t.Errorf("%v (inverse %v): placement differs by %.3g at q = %g", m.Kind, inverse, d, qs)
			}
			var c [1]spatial.Vec6
			if m.NV() == 1 {
				m.MotionSubspace(q, c[:])
			}
			wc := rt.Inv().ActMotion(c[0]).Scale(sigma)
			for i := range wc {
				if math.Abs(s.Column()[i]-wc[i]) > 1e-14 {
					t.Errorf("%v: column %v, want %v", m.Kind, s.Column(), wc)
					break
				}
			}
			if m.Kind == Revolute {
				if s.AtTo(&got, 2*ScrewMaxAngle/m.Axis.Norm()) {
					t.Errorf("revolute: At beyond ScrewMaxAngle accepted")
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no screw placement checked")
	}
}
