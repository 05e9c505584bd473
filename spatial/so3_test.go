package spatial

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"
)

func TestExpLogSO3RoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range nSamples {
		w := sampleTwist(rng, i, specialAngles, math.Pi-1e-6).Angular()
		r := ExpSO3(w)
		if d := maxAbs3(r.Mul(r.T()), Identity3()); d > 4e-15 {
			t.Fatalf("ExpSO3 not orthogonal: %g", d)
		}
		l, err := LogSO3(r)
		if err != nil {
			t.Fatalf("LogSO3(%v): %v", w, err)
		}
		if d := maxAbs3(ExpSO3(l), r); d > 1e-14 {
			t.Fatalf("Exp(Log(R)) err %g at θ=%g", d, w.Norm())
		}
		if d := dist3(l, w); d > 1e-12 {
			t.Fatalf("Log(Exp(w)) err %g at θ=%g", d, w.Norm())
		}
	}
}

func TestExpSO3Definition(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 200 {
		w := randVec3(rng, 2)
		// One-parameter subgroup and derivative skew(w) at 0 pin down exp.
		h := ExpSO3(w.Scale(0.5))
		if d := maxAbs3(h.Mul(h), ExpSO3(w)); d > 1e-14 {
			t.Fatalf("subgroup err %g", d)
		}
		const e = 1e-6
		fd := ExpSO3(w.Scale(e)).Sub(ExpSO3(w.Scale(-e))).Scale(0.5 / e)
		if d := maxAbs3(fd, Skew(w)); d > 1e-9 {
			t.Fatalf("derivative err %g", d)
		}
	}
}

func TestLogSO3Branch(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for range 100 {
		a := randUnit(rng)
		r := ExpSO3(a.Scale(math.Pi - 1e-11))
		w, err := LogSO3(r)
		if !errors.Is(err, ErrLogBranch) {
			t.Fatalf("want ErrLogBranch at π-1e-11, got %v", err)
		}
		if d := maxAbs3(ExpSO3(w), r); d > 1e-14 {
			t.Fatalf("best value err %g", d)
		}
		if _, err := LogSO3(ExpSO3(a.Scale(math.Pi - 1e-6))); err != nil {
			t.Fatalf("unexpected error at π-1e-6: %v", err)
		}
		if _, err := LogSE3(ExpSE3(NewVec6(a.Scale(math.Pi-1e-11), a))); !errors.Is(err, ErrLogBranch) {
			t.Fatalf("LogSE3: want ErrLogBranch, got %v", err)
		}
	}
}

func TestLogNonFinite(t *testing.T) {
	r := Identity3()
	r[1][2] = math.NaN()
	if _, err := LogSO3(r); !errors.Is(err, ErrNonFinite) {
		t.Fatalf("LogSO3(NaN): %v", err)
	}
	x := Identity()
	x.P[0] = math.Inf(1)
	if _, err := LogSE3(x); !errors.Is(err, ErrNonFinite) {
		t.Fatalf("LogSE3(Inf): %v", err)
	}
}

// TestLogSO3SmallAngles checks the logarithm's small-angle branches (no root or arctangent
// below 1e-4 rad, the series in θ just above) relative to the angle, across the threshold.
func TestLogSO3SmallAngles(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for range nSamples {
		th := math.Pow(10, -9+6*rng.Float64()) // 1e-9 … 1e-3 rad
		w := randUnit(rng).Scale(th)
		l, err := LogSO3(ExpSO3(w))
		if err != nil {
			t.Fatal(err)
		}
		if d := dist3(l, w); d > 1e-15*th {
			t.Fatalf("Log(Exp(w)) relative error %g at θ=%g", d/th, th)
		}
	}
}
