package spatial

import (
	"math"
	"math/rand/v2"
	"testing"
)

func TestExpLogSE3RoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for i := range nSamples {
		xi := sampleTwist(rng, i, specialAngles, math.Pi-1e-6)
		x := ExpSE3(xi)
		l, err := LogSE3(x)
		if err != nil {
			t.Fatalf("LogSE3(%v): %v", xi, err)
		}
		y := ExpSE3(l)
		if d := maxAbs3(y.R, x.R); d > 1e-14 {
			t.Fatalf("rotation err %g at θ=%g", d, xi.Angular().Norm())
		}
		if d := dist3(y.P, x.P); d > 1e-14 {
			t.Fatalf("translation err %g at θ=%g", d, xi.Angular().Norm())
		}
	}
}

func TestExpSE3Definition(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for range 200 {
		xi := randVec6(rng, 2)
		h := ExpSE3(xi.Scale(0.5))
		x := ExpSE3(xi)
		hh := h.Mul(h)
		if d := maxAbs3(hh.R, x.R) + dist3(hh.P, x.P); d > 1e-13 {
			t.Fatalf("subgroup err %g", d)
		}
		const e = 1e-6
		dp := ExpSE3(xi.Scale(e)).P.Sub(ExpSE3(xi.Scale(-e)).P).Scale(0.5 / e)
		if d := dist3(dp, xi.Linear()); d > 1e-9 {
			t.Fatalf("derivative err %g", d)
		}
	}
}

func TestTransformBasics(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for range 200 {
		a, b := randTransform(rng), randTransform(rng)
		x := randVec3(rng, 3)
		if d := dist3(a.Mul(b).Apply(x), a.Apply(b.Apply(x))); d > 1e-13 {
			t.Fatalf("Mul/Apply err %g", d)
		}
		if d := dist3(a.Inv().Apply(a.Apply(x)), x); d > 1e-13 {
			t.Fatalf("Inv err %g", d)
		}
		if d := dist3(a.ApplyVec(x), a.Apply(x).Sub(a.Apply(Vec3{}))); d > 1e-13 {
			t.Fatalf("ApplyVec err %g", d)
		}
		if FromRows(a.Rows()) != a {
			t.Fatal("FromRows(Rows) mismatch")
		}
		if d := a.R.Det() - 1; math.Abs(d) > 1e-14 {
			t.Fatalf("det err %g", d)
		}
	}
	if Identity().Mul(Identity()) != Identity() {
		t.Fatal("identity")
	}
}
