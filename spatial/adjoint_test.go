package spatial

import (
	"math/rand/v2"
	"testing"
)

func TestAdjoint(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	for range 1000 {
		x, y := randTransform(rng), randTransform(rng)
		m, f := randVec6(rng, 2), randVec6(rng, 2)
		if d := maxAbs6(x.Mul(y).Ad(), x.Ad().Mul(y.Ad())); d > 1e-12 {
			t.Fatalf("Ad(XY) err %g", d)
		}
		if d := maxAbs6(x.AdInv(), x.Inv().Ad()); d > 1e-13 {
			t.Fatalf("AdInv err %g", d)
		}
		if d := maxAbs6(x.Ad().Mul(x.AdInv()), Identity6()); d > 1e-13 {
			t.Fatalf("Ad·AdInv err %g", d)
		}
		if d := dist6(x.ActMotion(m), x.Ad().MulVec(m)); d > 1e-13 {
			t.Fatalf("ActMotion err %g", d)
		}
		if d := dist6(x.InvActMotion(m), x.AdInv().MulVec(m)); d > 1e-13 {
			t.Fatalf("InvActMotion err %g", d)
		}
		if d := dist6(x.ActForce(f), x.AdInv().T().MulVec(f)); d > 1e-13 {
			t.Fatalf("ActForce err %g", d)
		}
		if d := dist6(x.InvActForce(f), x.Ad().T().MulVec(f)); d > 1e-13 {
			t.Fatalf("InvActForce err %g", d)
		}
		if d := x.ActMotion(m).Dot(x.ActForce(f)) - m.Dot(f); d*d > 1e-24 {
			t.Fatalf("power not invariant: %g", d)
		}
		// The twist of a point-fixed motion maps like the point velocity.
		p := randVec3(rng, 1)
		vc := m.Linear().Add(m.Angular().Cross(p))
		xm := x.ActMotion(m)
		xp := x.Apply(p)
		if d := dist3(x.ApplyVec(vc), xm.Linear().Add(xm.Angular().Cross(xp))); d > 1e-12 {
			t.Fatalf("point velocity err %g", d)
		}
	}
}

func TestCross(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	for range 1000 {
		a, b, c, f := randVec6(rng, 1), randVec6(rng, 1), randVec6(rng, 1), randVec6(rng, 1)
		x := randTransform(rng)
		if d := dist6(CrossMotionMat(a).MulVec(b), CrossMotion(a, b)); d > 1e-14 {
			t.Fatalf("CrossMotionMat err %g", d)
		}
		if d := dist6(CrossForceMat(a).MulVec(f), CrossForce(a, f)); d > 1e-14 {
			t.Fatalf("CrossForceMat err %g", d)
		}
		if d := maxAbs6(CrossForceMat(a).Add(CrossMotionMat(a).T()), Mat6{}); d > 0 {
			t.Fatalf("CrossForceMat ≠ -adᵀ: %g", d)
		}
		if d := CrossMotion(a, b).Dot(f) + b.Dot(CrossForce(a, f)); d*d > 1e-26 {
			t.Fatalf("duality err %g", d)
		}
		if d := dist6(CrossMotion(a, b), CrossMotion(b, a).Scale(-1)); d > 0 {
			t.Fatalf("antisymmetry err %g", d)
		}
		jac := CrossMotion(a, CrossMotion(b, c)).Add(CrossMotion(b, CrossMotion(c, a))).Add(CrossMotion(c, CrossMotion(a, b)))
		if n := jac.Norm(); n > 1e-14 {
			t.Fatalf("Jacobi err %g", n)
		}
		if d := dist6(x.ActMotion(CrossMotion(a, b)), CrossMotion(x.ActMotion(a), x.ActMotion(b))); d > 1e-12 {
			t.Fatalf("Ad equivariance err %g", d)
		}
		if d := dist6(x.ActForce(CrossForce(a, f)), CrossForce(x.ActMotion(a), x.ActForce(f))); d > 1e-12 {
			t.Fatalf("Ad* equivariance err %g", d)
		}
		if d := maxAbs6(x.Ad().Mul(CrossMotionMat(a)).Mul(x.AdInv()), CrossMotionMat(x.ActMotion(a))); d > 1e-12 {
			t.Fatalf("Ad ad Ad⁻¹ err %g", d)
		}
	}
}

// TestPointerKernels checks SetMul and ActMotionTo, with their allowed aliasing (r = t,
// dst = m), against the composition and the adjoint matrix, and AddCrossMotion (dst = c)
// against CrossMotion bit for bit.
func TestPointerKernels(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	for range 200 {
		a, b := randTransform(rng), randTransform(rng)
		want := a.R.Mul(b.R)
		wantP := a.R.MulVec(b.P).Add(a.P)
		r := a
		r.SetMul(&r, &b)
		if maxAbs3(r.R, want) > 1e-15 || dist3(r.P, wantP) > 1e-14 {
			t.Fatalf("SetMul (r = t) differs from the composition")
		}
		m := randVec6(rng, 1)
		wm := a.Ad().MulVec(m)
		a.ActMotionTo(&m, &m)
		if dist6(m, wm) > 1e-14 {
			t.Fatalf("ActMotionTo (dst = m) = %v, want %v", m, wm)
		}
		x, y, c := randVec6(rng, 1), randVec6(rng, 1), randVec6(rng, 1)
		want6 := c.Add(CrossMotion(x, y))
		c.AddCrossMotion(&c, &x, &y)
		if c != want6 {
			t.Fatalf("AddCrossMotion (dst = c) = %v, want %v", c, want6)
		}
	}
}
