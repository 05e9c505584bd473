package joint

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/robocompiler/robocompiler/spatial"
)

func randUnit(rng *rand.Rand) spatial.Vec3 {
	for {
		v := spatial.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}
		if n := v.Norm(); n > 1e-3 {
			return v.Scale(1 / n)
		}
	}
}

// testModels returns one model of every kind with random axes, plus a
// planar joint with the default (zero) normal.
func testModels(rng *rand.Rand) []Model {
	a := randUnit(rng)
	b := a.Cross(randUnit(rng))
	b = b.Scale(1 / b.Norm())
	return []Model{
		{Kind: Fixed},
		{Kind: Revolute, Axis: randUnit(rng)},
		{Kind: Prismatic, Axis: randUnit(rng)},
		{Kind: Helical, Axis: randUnit(rng), Pitch: 0.3 * rng.NormFloat64()},
		{Kind: Universal, Axis: a, Axis2: b},
		{Kind: Spherical},
		{Kind: Planar, Axis: randUnit(rng)},
		{Kind: Planar},
		{Kind: Free},
	}
}

func randV(rng *rand.Rand, nv int) []float64 {
	v := make([]float64, nv)
	for i := range v {
		v[i] = 2*rng.Float64() - 1
	}
	return v
}

func vee(m spatial.Mat3) spatial.Vec3 {
	return spatial.Vec3{0.5 * (m[2][1] - m[1][2]), 0.5 * (m[0][2] - m[2][0]), 0.5 * (m[1][0] - m[0][1])}
}

func maxAbs3(a, b spatial.Mat3) float64 {
	m := 0.0
	for i := range 3 {
		for j := range 3 {
			m = math.Max(m, math.Abs(a[i][j]-b[i][j]))
		}
	}
	return m
}

func subspaceTimes(m *Model, q, v []float64) spatial.Vec6 {
	S := make([]spatial.Vec6, m.NV())
	m.MotionSubspace(q, S)
	var t spatial.Vec6
	for i := range S {
		t = t.Add(S[i].Scale(v[i]))
	}
	return t
}

func integrated(m *Model, q, v []float64, dt float64) []float64 {
	out := make([]float64, m.NQ())
	m.Integrate(q, v, dt, out)
	return out
}

const (
	trials = 200
	fdh    = 1e-6
)

func forEach(t *testing.T, seed uint64, f func(t *testing.T, m *Model, rng *rand.Rand)) {
	rng := rand.New(rand.NewPCG(seed, 7))
	for range 5 {
		for _, m := range testModels(rng) {
			t.Run(m.Kind.String(), func(t *testing.T) {
				for range trials {
					f(t, &m, rng)
				}
			})
		}
	}
}

func TestKindString(t *testing.T) {
	for k := Fixed; k <= Free; k++ {
		p, err := ParseKind(k.String())
		if err != nil || p != k {
			t.Fatalf("ParseKind(%q) = %v, %v", k.String(), p, err)
		}
	}
	if _, err := ParseKind("hinge"); err == nil {
		t.Fatal("ParseKind accepted an unknown name")
	}
	if Kind(200).String() != "Kind(200)" {
		t.Fatal("String of unknown kind")
	}
}

func TestNQNV(t *testing.T) {
	want := [][2]int{{0, 0}, {1, 1}, {1, 1}, {1, 1}, {2, 2}, {4, 3}, {3, 3}, {7, 6}}
	for k := Fixed; k <= Free; k++ {
		m := Model{Kind: k}
		if m.NQ() != want[k][0] || m.NV() != want[k][1] {
			t.Fatalf("%v: NQ, NV = %d, %d", k, m.NQ(), m.NV())
		}
	}
}

func TestNeutralIsIdentity(t *testing.T) {
	forEach(t, 1, func(t *testing.T, m *Model, _ *rand.Rand) {
		q := make([]float64, m.NQ())
		m.Neutral(q)
		if x := m.Transform(q); x != spatial.Identity() {
			t.Fatalf("Transform(Neutral) = %v", x)
		}
	})
}

func TestMotionSubspace(t *testing.T) {
	forEach(t, 2, func(t *testing.T, m *Model, rng *rand.Rand) {
		q := make([]float64, m.NQ())
		m.Random(rng, q)
		v := randV(rng, m.NV())
		x0 := m.Transform(q)
		xp := m.Transform(integrated(m, q, v, fdh))
		xm := m.Transform(integrated(m, q, v, -fdh))
		rt := x0.R.T()
		w := vee(rt.Mul(xp.R.Sub(xm.R)).Scale(0.5 / fdh))
		lin := rt.MulVec(xp.P.Sub(xm.P)).Scale(0.5 / fdh)
		want := subspaceTimes(m, q, v)
		if d := spatial.NewVec6(w, lin).Sub(want).Norm(); d > 1e-8*math.Max(1, want.Norm()) {
			t.Fatalf("S v err %g", d)
		}
	})
}

func TestConfigRate(t *testing.T) {
	forEach(t, 3, func(t *testing.T, m *Model, rng *rand.Rand) {
		nq, nv := m.NQ(), m.NV()
		q := make([]float64, nq)
		m.Random(rng, q)
		v := randV(rng, nv)
		N := make([]float64, nq*nv)
		m.ConfigRate(q, N)
		qp, qm := integrated(m, q, v, fdh), integrated(m, q, v, -fdh)
		for i := range nq {
			nv_ := 0.0
			for j := range nv {
				nv_ += N[i*nv+j] * v[j]
			}
			if d := math.Abs((qp[i]-qm[i])/(2*fdh) - nv_); d > 1e-8 {
				t.Fatalf("qdot[%d] err %g", i, d)
			}
		}
	})
}

func TestBiasTwist(t *testing.T) {
	forEach(t, 4, func(t *testing.T, m *Model, rng *rand.Rand) {
		q := make([]float64, m.NQ())
		m.Random(rng, q)
		v := randV(rng, m.NV())
		fd := subspaceTimes(m, integrated(m, q, v, fdh), v).Sub(subspaceTimes(m, integrated(m, q, v, -fdh), v)).Scale(0.5 / fdh)
		if d := fd.Sub(m.BiasTwist(q, v)).Norm(); d > 1e-8 {
			t.Fatalf("bias err %g", d)
		}
	})
}

func TestIntegrateDifference(t *testing.T) {
	forEach(t, 5, func(t *testing.T, m *Model, rng *rand.Rand) {
		nq, nv := m.NQ(), m.NV()
		q := make([]float64, nq)
		m.Random(rng, q)
		v := randV(rng, nv)
		q1 := integrated(m, q, v, 1)
		d := make([]float64, nv)
		m.Difference(q, q1, d)
		for i := range v {
			if e := math.Abs(d[i] - v[i]); e > 1e-12 {
				t.Fatalf("Difference err %g", e)
			}
		}
		// Exact on the manifold: Q(q ⊕ v) = Q(q)·Exp(Σ S_i v_i) for
		// joints with constant S (spherical, free and the 1-dof joints).
		if m.Kind != Universal && m.Kind != Planar {
			want := m.Transform(q).Mul(spatial.ExpSE3(subspaceTimes(m, q, v)))
			got := m.Transform(q1)
			if maxAbs3(got.R, want.R) > 1e-14 || got.P.Sub(want.P).Norm() > 1e-14 {
				t.Fatalf("Integrate not exact: %v vs %v", got, want)
			}
		}
		// out may alias q.
		qa := append([]float64(nil), q...)
		m.Integrate(qa, v, 1, qa)
		for i := range qa {
			if qa[i] != q1[i] {
				t.Fatal("aliased Integrate differs")
			}
		}
	})
}

func TestRandomAndLimits(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 7))
	for _, m := range testModels(rng) {
		nq := m.NQ()
		q := make([]float64, nq)
		for range trials {
			m.Random(rng, q)
			if !m.WithinLimits(q, 0) {
				t.Fatalf("%v: unlimited joint out of limits", m.Kind)
			}
			for i := range min(nq, 3) {
				if m.Kind != Spherical && m.Kind != Free && math.Abs(q[i]) > math.Pi {
					t.Fatalf("%v: coordinate %g out of range", m.Kind, q[i])
				}
			}
			if m.Kind == Spherical || m.Kind == Free {
				qq := q[nq-4:]
				if n := math.Sqrt(qq[0]*qq[0] + qq[1]*qq[1] + qq[2]*qq[2] + qq[3]*qq[3]); math.Abs(n-1) > 1e-15 {
					t.Fatalf("%v: quaternion norm %g", m.Kind, n)
				}
				for i := range qq {
					qq[i] *= 2
				}
				m.Normalize(q)
				if n := math.Sqrt(qq[0]*qq[0] + qq[1]*qq[1] + qq[2]*qq[2] + qq[3]*qq[3]); math.Abs(n-1) > 1e-15 {
					t.Fatalf("%v: Normalize gave norm %g", m.Kind, n)
				}
			}
		}
		if nq == 0 || m.Kind == Spherical || m.Kind == Free {
			continue
		}
		m.Limited = true
		for i := range 3 {
			m.Lower[i] = -0.5 - rng.Float64()
			m.Upper[i] = 0.2 + rng.Float64()
		}
		for range trials {
			m.Random(rng, q)
			if !m.WithinLimits(q, 0) {
				t.Fatalf("%v: Random out of limits: %v", m.Kind, q)
			}
		}
		q[0] = m.Upper[0] + 1e-3
		if m.WithinLimits(q, 1e-4) || !m.WithinLimits(q, 1e-2) {
			t.Fatalf("%v: WithinLimits tolerance", m.Kind)
		}
	}
}

func TestNoAllocs(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	for _, m := range testModels(rng) {
		q, q1 := make([]float64, 7), make([]float64, 7)
		m.Random(rng, q)
		m.Random(rng, q1)
		v := randV(rng, 6)
		S := make([]spatial.Vec6, 6)
		N := make([]float64, 42)
		out := make([]float64, 7)
		fs := map[string]func(){
			"Transform":      func() { sinkT = m.Transform(q) },
			"MotionSubspace": func() { m.MotionSubspace(q, S) },
			"BiasTwist":      func() { sinkV = m.BiasTwist(q, v) },
			"ConfigRate":     func() { m.ConfigRate(q, N) },
			"Integrate":      func() { m.Integrate(q, v, 0.1, out) },
			"Difference":     func() { m.Difference(q, q1, out) },
			"Normalize":      func() { m.Normalize(out) },
		}
		for name, f := range fs {
			if n := testing.AllocsPerRun(50, f); n != 0 {
				t.Errorf("%v.%s: %v allocs", m.Kind, name, n)
			}
		}
	}
}
