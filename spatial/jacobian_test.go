package spatial

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// derivAngles are the base angles of the finite-difference tests. The
// central difference needs the path to stay on one log branch, so the angle
// closest to π is π - 1e-4 (at π - 1e-6 a step small enough to stay on the
// branch makes the difference quotient round-off limited above 1e-9).
var derivAngles = []float64{0, 1e-12, 1e-6, 1, seriesAngle, math.Pi - 1e-4}

const fdStep = 1e-5

func relErr6(fd, an Vec6) float64 { return dist6(fd, an) / math.Max(1, an.Norm()) }

func relErr3(fd, an Vec3) float64 { return dist3(fd, an) / math.Max(1, an.Norm()) }

func mustLogSE3(t *testing.T, x Transform) Vec6 {
	l, err := LogSE3(x)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func mustLogSO3(t *testing.T, r Mat3) Vec3 {
	l, err := LogSO3(r)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func TestLogSE3DerivativeLeftRight(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	for i := range nSamples {
		xi0 := sampleTwist(rng, i, derivAngles, math.Pi-1e-3)
		xi1 := randVec6(rng, 1)
		x0 := ExpSE3(xi0)
		rho := mustLogSE3(t, x0)
		left := func(s float64) Vec6 { return mustLogSE3(t, ExpSE3(xi1.Scale(s)).Mul(x0)) }
		right := func(s float64) Vec6 { return mustLogSE3(t, x0.Mul(ExpSE3(xi1.Scale(s)))) }
		fdl := left(fdStep).Sub(left(-fdStep)).Scale(0.5 / fdStep)
		if e := relErr6(fdl, JlInvSE3(rho).MulVec(xi1)); e > 1e-9 {
			t.Fatalf("left: rel err %g at θ=%g", e, xi0.Angular().Norm())
		}
		fdr := right(fdStep).Sub(right(-fdStep)).Scale(0.5 / fdStep)
		if e := relErr6(fdr, JrInvSE3(rho).MulVec(xi1)); e > 1e-9 {
			t.Fatalf("right: rel err %g at θ=%g", e, xi0.Angular().Norm())
		}
	}
}

func TestLogSO3DerivativeLeftRight(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	for i := range nSamples {
		w0 := sampleTwist(rng, i, derivAngles, math.Pi-1e-3).Angular()
		w1 := randVec3(rng, 1)
		r0 := ExpSO3(w0)
		rho := mustLogSO3(t, r0)
		left := func(s float64) Vec3 { return mustLogSO3(t, ExpSO3(w1.Scale(s)).Mul(r0)) }
		right := func(s float64) Vec3 { return mustLogSO3(t, r0.Mul(ExpSO3(w1.Scale(s)))) }
		fdl := left(fdStep).Sub(left(-fdStep)).Scale(0.5 / fdStep)
		if e := relErr3(fdl, JlInvSO3(rho).MulVec(w1)); e > 1e-9 {
			t.Fatalf("left: rel err %g at θ=%g", e, w0.Norm())
		}
		fdr := right(fdStep).Sub(right(-fdStep)).Scale(0.5 / fdStep)
		if e := relErr3(fdr, JrInvSO3(rho).MulVec(w1)); e > 1e-9 {
			t.Fatalf("right: rel err %g at θ=%g", e, w0.Norm())
		}
	}
}

func TestJacobianIdentities(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 18))
	i6 := Identity6()
	for i := range nSamples {
		xi := sampleTwist(rng, i, specialAngles, math.Pi-1e-6)
		w := xi.Angular()
		if d := maxAbs3(JlSO3(w).Mul(JlInvSO3(w)), Identity3()); d > 1e-13 {
			t.Fatalf("Jl·JlInv SO3 err %g", d)
		}
		if d := maxAbs3(JrSO3(w).Mul(JrInvSO3(w)), Identity3()); d > 1e-13 {
			t.Fatalf("Jr·JrInv SO3 err %g", d)
		}
		if d := maxAbs3(JlSO3(w), ExpSO3(w).Mul(JrSO3(w))); d > 1e-13 {
			t.Fatalf("Jl = R Jr SO3 err %g", d)
		}
		if d := maxAbs6(JlSE3(xi).Mul(JlInvSE3(xi)), i6); d > 1e-13 {
			t.Fatalf("Jl·JlInv SE3 err %g", d)
		}
		if d := maxAbs6(JrSE3(xi).Mul(JrInvSE3(xi)), i6); d > 1e-13 {
			t.Fatalf("Jr·JrInv SE3 err %g", d)
		}
		if d := maxAbs6(JlSE3(xi), ExpSE3(xi).Ad().Mul(JrSE3(xi))); d > 1e-13 {
			t.Fatalf("Jl = Ad Jr SE3 err %g at θ=%g", d, w.Norm())
		}
		if d := dist6(JlSE3(xi).MulVec(xi), xi); d > 1e-13 {
			t.Fatalf("Jl ξ = ξ err %g", d)
		}
	}
}

// TestJlSE3Definition checks J_l directly against its defining relation
// (Ṫ T⁻¹)^∨ = J_l ξ̇ along T(s) = Exp(ξ + s δ).
func TestJlSE3Definition(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 20))
	for i := range 2000 {
		xi := sampleTwist(rng, i, derivAngles, math.Pi-1e-3)
		dl := randVec6(rng, 1)
		x0inv := ExpSE3(xi).Inv()
		p := ExpSE3(xi.Add(dl.Scale(fdStep))).Mul(x0inv)
		m := ExpSE3(xi.Sub(dl.Scale(fdStep))).Mul(x0inv)
		w := vee(p.R.Sub(m.R).Scale(0.5 / fdStep))
		v := p.P.Sub(m.P).Scale(0.5 / fdStep)
		if e := relErr6(NewVec6(w, v), JlSE3(xi).MulVec(dl)); e > 1e-9 {
			t.Fatalf("rel err %g at θ=%g", e, xi.Angular().Norm())
		}
	}
}

// TestJacobianQProducts checks the coupling block Q(w, v), which jacobianQ assembles
// from three products with skew matrices, against its definition with every product
// formed.
func TestJacobianQProducts(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	for i := range nSamples {
		xi := sampleTwist(rng, i, specialAngles, math.Pi-1e-6)
		w, v := xi.Angular(), xi.Linear()
		th := w.Norm()
		W, V := Skew(w), Skew(v)
		wv, vw := W.Mul(V), V.Mul(W)
		wvw, wwv, vww := wv.Mul(W), W.Mul(wv), vw.Mul(W)
		wvww, wwvw := wvw.Mul(W), W.Mul(wvw)
		want := V.Scale(0.5).Add(wv.Add(vw).Add(wvw).Scale(sincTail(th))).
			Add(wwv.Add(vww).Sub(wvw.Scale(3)).Scale(coscTail(th))).
			Add(wvww.Add(wwvw).Scale(qTail(th)))
		if d := maxAbs3(jacobianQ(w, v), want); d > 1e-14*math.Max(1, v.Norm()*(1+th*th)) {
			t.Fatalf("Q differs from its definition by %g at θ=%g", d, th)
		}
	}
}

// TestJlInvSE3CouplingProducts checks the closed form of the coupling block (the
// derivative of f(K) = I − K/2 + a K² along V) against −J_l⁻¹ Q J_l⁻¹ with every product
// formed, across the series threshold and up to the branch.
func TestJlInvSE3CouplingProducts(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	angles := append(slices.Clone(derivAngles), seriesAngle*(1-1e-12), seriesAngle*(1+1e-12), 2, 3)
	for i := range nSamples {
		xi := sampleTwist(rng, i, angles, math.Pi-1e-6)
		w, v := xi.Angular(), xi.Linear()
		ji := JlInvSO3(w)
		want := ji.Mul(jacobianQ(w, v)).Mul(ji).Scale(-1)
		th := w.Norm()
		if d := maxAbs3(JlInvSE3Coupling(xi), want); d > 1e-14*math.Max(1, v.Norm()*(1+th*th)*(1+maxAbs3(ji, Mat3{}))) {
			t.Fatalf("coupling differs from −J Q J by %g at θ=%g", d, th)
		}
	}
}
