package spatial

import (
	"math"
	"math/rand/v2"
	"testing"
)

func randInertia(rng *rand.Rand) Inertia {
	m := 0.1 + 5*rng.Float64()
	r := ExpSO3(randVec3(rng, 3))
	d := Mat3{{0.1 + rng.Float64()}, {0, 0.1 + rng.Float64()}, {0, 0, 0.1 + rng.Float64()}}
	return NewInertia(m, randVec3(rng, 1), r.Mul(d).Mul(r.T()))
}

func TestInertia(t *testing.T) {
	rng := rand.New(rand.NewPCG(27, 28))
	for range 1000 {
		a, b := randInertia(rng), randInertia(rng)
		x, y := randTransform(rng), randTransform(rng)
		v := randVec6(rng, 2)
		if d := dist6(a.MulMotion(v), a.Mat6().MulVec(v)); d > 1e-12 {
			t.Fatalf("MulMotion err %g", d)
		}
		want := x.AdInv().T().Mul(a.Mat6()).Mul(x.AdInv())
		if d := maxAbs6(a.Transformed(x).Mat6(), want); d > 1e-12 {
			t.Fatalf("Transformed err %g", d)
		}
		if d := maxAbs6(a.Transformed(y).Transformed(x).Mat6(), a.Transformed(x.Mul(y)).Mat6()); d > 1e-12 {
			t.Fatalf("Transformed composition err %g", d)
		}
		// Momentum is a force vector: I' (X v) = X* (I v).
		if d := dist6(a.Transformed(x).MulMotion(x.ActMotion(v)), x.ActForce(a.MulMotion(v))); d > 1e-12 {
			t.Fatalf("momentum covariance err %g", d)
		}
		if d := maxAbs6(a.Add(b).Mat6(), a.Mat6().Add(b.Mat6())); d > 1e-14 {
			t.Fatalf("Add err %g", d)
		}
		c := a.Transformed(x)
		if d := dist3(c.COM(), x.Apply(a.COM())); d > 1e-12 {
			t.Fatalf("COM err %g", d)
		}
		if d := maxAbs3(c.IAtCOM(), x.R.Mul(a.IAtCOM()).Mul(x.R.T())); d > 1e-12 {
			t.Fatalf("IAtCOM err %g", d)
		}
		mm := a.Mat6()
		if d := maxAbs6(mm, mm.T()); d > 1e-14 {
			t.Fatal("Mat6 not symmetric")
		}
	}
	z := Inertia{}
	if z.COM() != (Vec3{}) || z.IAtCOM() != (Mat3{}) {
		t.Fatal("massless inertia")
	}
	if math.Abs(NewInertia(2, Vec3{1, 0, 0}, Mat3{}).I[1][1]-2) > 0 {
		t.Fatal("parallel-axis term")
	}
}
