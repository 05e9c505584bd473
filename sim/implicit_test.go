package sim

import (
	"math"
	"testing"

	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/internal/testfix"
	"gonum.org/v1/gonum/mat"
)

// lossyFourbar is the built-in four-bar with stiff joint losses (damping c, Coulomb
// friction fr) and a damped, rubbing actuator port.
func lossyFourbar(t testing.TB, c, fr float64) *cmg.Graph {
	g := testfix.Builtin(t, "fourbar")
	for i := range g.Joints {
		g.Joints[i].Damping, g.Joints[i].Friction = c, fr
	}
	g.Actuators[0].Damping, g.Actuators[0].Friction = c, fr
	return g
}

// TestImplicitVelocityEquation: after implicitVelocity the acceleration solves
// (M_r + Δt B_r) u̇' = M_r u̇ with B_r = E_Tᵀ K_T E_T + Lᵀ K_ℓ L, the stiffnesses formed
// here independently (central differences of the loss laws) and the products by gonum.
func TestImplicitVelocityEquation(t *testing.T) {
	g := lossyFourbar(t, 0.3, 0.02)
	const dt = 2e-3
	s, err := New(testfix.Assembled(t, g, "", "").D, nil, Options{Dt: dt, Integrator: ImplicitLossEuler})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Run(50); err != nil { // moving: nonzero speeds, friction off its plateau
		t.Fatal(err)
	}
	if _, err := s.derivative(s.t, s.u, s.z); err != nil {
		t.Fatal(err)
	}
	explicit := append([]float64(nil), s.udot...)
	if err := s.implicitVelocity(); err != nil {
		t.Fatal(err)
	}
	d := s.d
	n := len(s.udot)
	mr := mat.NewDense(n, n, append([]float64(nil), d.Reduced.Mr...))
	stiff := func(c, fr, vs, v float64) float64 { // −∂/∂v of −c v − fr tanh(v/vs)
		h := 1e-6 * math.Max(vs, math.Abs(v))
		return -(coulomb(fr, vs, v+h) - c*(v+h) - coulomb(fr, vs, v-h) + c*(v-h)) / (2 * h)
	}
	nvt := len(s.loss.damping)
	kt := mat.NewDiagDense(nvt, nil)
	for i := range nvt {
		kt.SetDiag(i, stiff(s.loss.damping[i], s.loss.friction[i], s.loss.vs[i], d.V[i]))
	}
	et := d.Lift().E.Slice(0, nvt, 0, n)
	var br, tmp, lk mat.Dense
	tmp.Mul(kt, et)
	br.Mul(et.T(), &tmp)
	nf := len(s.elldot)
	kl := mat.NewDiagDense(nf, nil)
	for i, p := range s.drv.ports {
		kl.SetDiag(i, stiff(p.Damping, p.Friction, p.FrictionVelocity, s.elldot[i]))
	}
	tmp.Reset()
	tmp.Mul(kl, d.Kin.L)
	lk.Mul(d.Kin.L.T(), &tmp)
	br.Add(&br, &lk)
	var a mat.Dense
	a.Scale(dt, &br)
	a.Add(&a, mr)
	var lhs, rhs mat.VecDense
	lhs.MulVec(&a, mat.NewVecDense(n, s.udot))
	rhs.MulVec(mr, mat.NewVecDense(n, explicit))
	scale := mat.Norm(&rhs, math.Inf(1))
	for i := range n {
		if math.Abs(lhs.AtVec(i)-rhs.AtVec(i)) > 1e-7*scale {
			t.Errorf("row %d: (M_r + Δt B_r) u̇' = %.12g, M_r u̇ = %.12g", i, lhs.AtVec(i), rhs.AtVec(i))
		}
	}
	if mat.Norm(&br, 1) == 0 || s.udot[0] == explicit[0] {
		t.Errorf("B_r = 0 or the acceleration unchanged: the test exercises nothing")
	}
}

// TestImplicitLossEulerStiff: with joint losses too stiff for the step, semi-implicit
// Euler diverges while ImplicitLossEuler stays bounded (the kinetic energy a tenth of
// the lossless fall's at most, the closure held); at a step the explicit scheme resolves, the two agree to first order in Δt.
func TestImplicitLossEulerStiff(t *testing.T) {
	g := lossyFourbar(t, 20, 0.5)
	run := func(in Integrator, dt, dur float64) (*Sim, error) {
		s, err := New(testfix.Assembled(t, g, "", "").D, nil, Options{Dt: dt, Integrator: in})
		if err != nil {
			t.Fatal(err)
		}
		return s, s.Run(int(math.Round(dur / dt)))
	}
	const big = 5e-3
	if s, err := run(SemiImplicitEuler, big, 1); err == nil {
		k := column(t, s.Log(), "kinetic_J")
		if last := k[len(k)-1]; !(last > 1e3) && !math.IsNaN(last) {
			t.Fatalf("semi-implicit Euler stayed stable at %g s (kinetic %.3g J): the losses are not stiff enough to test", big, last)
		}
	}
	s, err := run(ImplicitLossEuler, big, 1)
	if err != nil {
		t.Fatalf("implicit-loss Euler at %g s: %v", big, err)
	}
	kmax := 0.0
	for _, k := range column(t, s.Log(), "kinetic_J") {
		kmax = math.Max(kmax, k) // NaN stays out: caught below
	}
	free := passive(t, "fourbar", RK4, 1e-3, 1) // the same fall without losses
	kfree := 0.0
	for _, k := range column(t, free.Log(), "kinetic_J") {
		kfree = math.Max(kfree, k)
	}
	if !(kmax < 0.1*kfree) || !(s.Stats().GapMaxM <= 1e-9) {
		t.Errorf("implicit-loss Euler: largest kinetic energy %.3g J (%.3g J without losses), gap %.3g m", kmax, kfree, s.Stats().GapMaxM)
	}
	final := func(in Integrator, dt float64) float64 {
		s, err := run(in, dt, 0.2)
		if err != nil {
			t.Fatalf("%v at %g s: %v", in, dt, err)
		}
		return s.Q()[s.Model().Joints[s.Model().JointIndex("crank_pivot")].Q0]
	}
	ref := final(RK4, 2.5e-5)
	e1, e2 := math.Abs(final(ImplicitLossEuler, 2e-4)-ref), math.Abs(final(ImplicitLossEuler, 1e-4)-ref)
	if p := math.Log2(e1 / e2); !(math.Abs(p-1) < 0.5) {
		t.Errorf("implicit-loss Euler: error %.3g at 0.2 ms, %.3g at 0.1 ms: observed order %.3g, want 1 ± 0.5", e1, e2, p)
	}
}
