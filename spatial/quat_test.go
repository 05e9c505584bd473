package spatial

import (
	"math"
	"math/rand/v2"
	"testing"
)

func TestQuat(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 26))
	for i := range nSamples {
		w := sampleTwist(rng, i, specialAngles, math.Pi-1e-6).Angular()
		q := QuatExp(w)
		if d := maxAbs3(q.Mat3(), ExpSO3(w)); d > 1e-14 {
			t.Fatalf("QuatExp/Mat3 err %g", d)
		}
		p := QuatFromMat3(ExpSO3(w))
		if p[0] < 0 {
			t.Fatal("QuatFromMat3 w < 0")
		}
		for k := range 4 {
			if math.Abs(p[k]-q[k]) > 1e-14 {
				t.Fatalf("QuatFromMat3 err at θ=%g: %v vs %v", w.Norm(), p, q)
			}
		}
		if d := dist3(QuatLog(q), w); d > 1e-14 {
			t.Fatalf("QuatLog err %g at θ=%g", d, w.Norm())
		}
		if d := dist3(QuatLog(Quat{-q[0], -q[1], -q[2], -q[3]}), w); d > 1e-14 {
			t.Fatalf("QuatLog(-q) err %g", d)
		}
		u := QuatExp(randVec3(rng, 2))
		if d := maxAbs3(q.Mul(u).Mat3(), q.Mat3().Mul(u.Mat3())); d > 1e-14 {
			t.Fatalf("Mul err %g", d)
		}
		if d := maxAbs3(q.Conj().Mat3(), q.Mat3().T()); d > 1e-14 {
			t.Fatalf("Conj err %g", d)
		}
		n := Quat{2 * q[0], 2 * q[1], 2 * q[2], 2 * q[3]}.Normalize()
		for k := range 4 {
			if math.Abs(n[k]-q[k]) > 1e-15 {
				t.Fatal("Normalize")
			}
		}
	}
}
