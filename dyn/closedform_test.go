package dyn

import (
	"github.com/robocompiler/robocompiler/internal/testutil"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/robocompiler/robocompiler/spatial"
)

const g0 = 9.81

// Single pendulum about y: M = Iyy_com + m(cx² + cz²) + armature,
// h = m g (−cosθ·cx − sinθ·cz) + damping·θ̇ (no velocity product for one DoF).
func TestPendulumClosedForm(t *testing.T) {
	const m, arm, damp = 1.3, 0.05, 0.3
	com := [3]float64{0.1, 0.02, -0.4}
	Icom := spatial.Mat3{{0.03, 0.001, -0.002}, {0.001, 0.02, 0.003}, {-0.002, 0.003, 0.025}}
	mod := build(t, pendulumGraph(m, com, Icom, [3]float64{0.2, 0, 1}, arm, damp))
	d := NewData(mod)
	wantM := Icom[1][1] + m*(com[0]*com[0]+com[2]*com[2]) + arm
	worst := 0.0
	for _, th := range []float64{0, 0.3, -1.2, 2.5, math.Pi} {
		for _, w := range []float64{0, 1.7, -3} {
			q, v := []float64{th}, []float64{w}
			M := massMatrix(d, q)
			h := []float64{0}
			d.Bias(q, v, nil, h)
			wantH := m*g0*(-math.Cos(th)*com[0]-math.Sin(th)*com[2]) + damp*w
			worst = math.Max(worst, math.Max(math.Abs(M[0]-wantM), math.Abs(h[0]-wantH)))
		}
	}
	t.Logf("pendulum: worst |M−M*|, |h−h*| = %.3g", worst)
	if worst > 1e-13 {
		t.Fatalf("pendulum closed form error %.3g", worst)
	}
}

// Double pendulum (relative angle θ2): the textbook M, velocity products and gravity.
func TestDoublePendulumClosedForm(t *testing.T) {
	const m1, m2, L1, lc1, lc2, I1, I2 = 1, 0.7, 0.5, 0.25, 0.3, 0.02, 0.015
	mod := build(t, doublePendulumGraph(m1, m2, L1, lc1, lc2, I1, I2))
	d := NewData(mod)
	rng := rand.New(rand.NewPCG(11, 12))
	worst := 0.0
	for range 20 {
		t1, t2 := 2*math.Pi*rng.Float64()-math.Pi, 2*math.Pi*rng.Float64()-math.Pi
		w1, w2 := rng.NormFloat64(), rng.NormFloat64()
		q, v := []float64{t1, t2}, []float64{w1, w2}
		c2, s2 := math.Cos(t2), math.Sin(t2)
		m11 := I1 + m1*lc1*lc1 + I2 + m2*(L1*L1+lc2*lc2+2*L1*lc2*c2)
		m12 := I2 + m2*(lc2*lc2+L1*lc2*c2)
		m22 := I2 + m2*lc2*lc2
		k := m2 * L1 * lc2 * s2
		h1 := -k*(2*w1*w2+w2*w2) + g0*(m1*lc1+m2*L1)*math.Sin(t1) + m2*g0*lc2*math.Sin(t1+t2)
		h2 := k*w1*w1 + m2*g0*lc2*math.Sin(t1+t2)
		M := massMatrix(d, q)
		h := make([]float64, 2)
		d.Bias(q, v, nil, h)
		worst = math.Max(worst, testutil.MaxDiff(M, []float64{m11, m12, m12, m22}))
		worst = math.Max(worst, testutil.MaxDiff(h, []float64{h1, h2}))
	}
	t.Logf("double pendulum: worst |M−M*|, |h−h*| = %.3g", worst)
	if worst > 1e-13 {
		t.Fatalf("double pendulum closed form error %.3g", worst)
	}
}

// Floating body on a free joint with identity frames: M is the body's spatial inertia
// (6×6, body frame), h = [ω×n + u×p; ω×p] − [c × m Rᵀg; m Rᵀg], with
// (n, p) = (I_o ω + m c×u, m u − m c×ω) the body momentum.
func TestFloatingBodyClosedForm(t *testing.T) {
	mod := build(t, floatingGraph())
	d := NewData(mod)
	b := mod.Bodies[0].Inertia
	mass, c := b.Mass, b.COM()
	Io := b.IAtCOM().Add(spatial.Skew(c).Mul(spatial.Skew(c)).Scale(-mass)) // I about origin
	rng := rand.New(rand.NewPCG(13, 14))
	worst := 0.0
	for range 20 {
		q, v := randomState(mod, rng)
		M := massMatrix(d, q)
		var want [6][6]float64
		for i := range 3 {
			for j := range 3 {
				want[i][j] = Io[i][j]
			}
			want[i+3][i+3] = mass
		}
		mc := spatial.Skew(c.Scale(mass)) // [n; p] = [[Io, m c×], [−m c×, m]] [ω; u]
		for i := range 3 {
			for j := range 3 {
				want[i][j+3] = mc[i][j]
				want[i+3][j] = -mc[i][j]
			}
		}
		for i := range 6 {
			for j := range 6 {
				worst = math.Max(worst, math.Abs(M[i*6+j]-want[i][j]))
			}
		}
		w, u := spatial.Vec3{v[0], v[1], v[2]}, spatial.Vec3{v[3], v[4], v[5]}
		n := Io.MulVec(w).Add(c.Scale(mass).Cross(u))
		p := u.Scale(mass).Sub(c.Scale(mass).Cross(w))
		R := spatial.Quat{q[3], q[4], q[5], q[6]}.Mat3()
		gb := R.T().MulVec(mod.Gravity).Scale(mass)
		hAng := w.Cross(n).Add(u.Cross(p)).Sub(c.Cross(gb))
		hLin := w.Cross(p).Sub(gb)
		h := make([]float64, 6)
		d.Bias(q, v, nil, h)
		worst = math.Max(worst, testutil.MaxDiff(h, append(hAng[:], hLin[:]...)))
	}
	t.Logf("floating body: worst |M−M*|, |h−h*| = %.3g", worst)
	if worst > 1e-13 {
		t.Fatalf("floating body closed form error %.3g", worst)
	}
}
