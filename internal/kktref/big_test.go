package kktref

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// The extended-precision SVD reproduces A = W Vᵀ with orthogonal V far below float64
// round-off, and its singular values match gonum's.
func TestJacobiSVD(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, sz := range [][2]int{{3, 7}, {7, 4}, {5, 5}} {
		m, n := sz[0], sz[1]
		a := randn(rng, m*n)
		sv, err := jacobiSVD(a, m, n)
		if err != nil {
			t.Fatal(err)
		}
		worst := newBig()
		d, tmp := newBig(), newBig()
		for i := range m {
			for j := range n {
				d.SetFloat64(-a[i*n+j])
				for k := range n {
					d.Add(d, tmp.Mul(&sv.W[k][i], &sv.V[k][j]))
				}
				if d.Abs(d).Cmp(worst) > 0 {
					worst.Set(d)
				}
			}
		}
		for p := range n {
			for q := range n {
				dot(d, tmp, sv.V[p], sv.V[q])
				if p == q {
					d.Sub(d, big.NewFloat(1))
				}
				if d.Abs(d).Cmp(worst) > 0 {
					worst.Set(d)
				}
			}
		}
		if w, _ := worst.Float64(); w > 1e-45 {
			t.Fatalf("%dx%d: reconstruction/orthogonality error %.3g, want <= 1e-45", m, n, w)
		}
		var g mat.SVD
		if !g.Factorize(mat.NewDense(m, n, a), mat.SVDNone) {
			t.Fatal("gonum SVD failed")
		}
		for k, s := range g.Values(nil) {
			s2, _ := sv.Sigma2[k].Float64()
			if math.Abs(math.Sqrt(s2)-s) > 1e-13*g.Values(nil)[0] {
				t.Fatalf("%dx%d: σ_%d = %v, gonum %v", m, n, k, math.Sqrt(s2), s)
			}
		}
	}
}

// illConditioned builds a problem whose exact constrained acceleration is the dyadic vector
// astar: Jc has a nearly dependent pair of rows (σ_min/σ₁ ≈ 1e-8, above the 1e-9 cut) and
// an exactly redundant third row; M = L Lᵀ has condition ≈ 1e13 with its soft direction
// in the null space of Jc. All inputs are formed exactly in float64 (checked).
func illConditioned(t *testing.T) (p problem, astar []float64) {
	const n, m = 6, 3
	eps := math.Ldexp(1, -27)
	Jc := []float64{
		1, 1, 0, 0, 1, 0,
		1, 1 + eps, 0, 0, 1, 0,
		2, 2 + eps, 0, 0, 2, 0,
	}
	L := make([]float64, n*n)
	for i := range n {
		for j := 0; j < i; j++ {
			L[i*n+j] = float64((i+2*j)%3 - 1)
		}
		L[i*n+i] = 1
	}
	L[5*n+5] = math.Ldexp(1, -21)
	L[3*n+3] = math.Ldexp(1, -3)
	astar = []float64{0.5, -1.25, 3, 0.75, -2, 1.5}
	lambda := []float64{1.5, -2, 0.25}
	h := []float64{0.5, -1, 2, 0.25, 1, -0.75}
	// Exact arithmetic in big, then exact conversion.
	exact := func(x *big.Float) float64 {
		f, acc := x.Float64()
		if acc != big.Exact {
			t.Fatalf("construction is not exact in float64: %v", x)
		}
		return f
	}
	Lb := bigFrom(L)
	M := make([]float64, n*n)
	s, u := newBig(), newBig()
	for i := range n {
		for j := range n {
			s.SetInt64(0)
			for k := range n {
				s.Add(s, u.Mul(&Lb[i*n+k], &Lb[j*n+k]))
			}
			M[i*n+j] = exact(s)
		}
	}
	Mb, Jb, ab := bigFrom(M), bigFrom(Jc), bigFrom(astar)
	gamma := make([]float64, m)
	for i := range m {
		dot(s, u, Jb[i*n:(i+1)*n], ab)
		gamma[i] = exact(s.Neg(s))
	}
	tau := make([]float64, n)
	for i := range n { // tau = M a* + h − Jcᵀ λ
		dot(s, u, Mb[i*n:(i+1)*n], ab)
		s.Add(s, big.NewFloat(h[i]))
		for k := range m {
			s.Sub(s, u.Mul(&Jb[k*n+i], big.NewFloat(lambda[k])))
		}
		tau[i] = exact(s)
	}
	return problem{n: n, m: m, M: M, h: h, tau: tau, Jc: Jc, gamma: gamma, base: 2}, astar
}

// On an ill-conditioned problem with a known exact answer, SolveBig is exact to float64
// rounding while the float64 reference loses many digits.
func TestBigMoreAccurate(t *testing.T) {
	p, astar := illConditioned(t)
	a, r, err := Solve(p.M, p.h, p.tau, p.Jc, p.gamma, p.n, p.m, 0)
	if err != nil {
		t.Fatal(err)
	}
	ab, rb, err := SolveBig(p.M, p.h, p.tau, p.Jc, p.gamma, p.n, p.m, 0)
	if err != nil {
		t.Fatal(err)
	}
	if r != 2 || rb != 2 {
		t.Fatalf("rank %d (float) %d (big), want 2", r, rb)
	}
	ef, eb := DeltaA(a, astar), DeltaA(ab, astar)
	t.Logf("ill-conditioned: delta_a float64 = %.3g, extended = %.3g", ef, eb)
	if eb > 1e-15 {
		t.Fatalf("SolveBig delta_a = %.3g, want <= 1e-15", eb)
	}
	if ef < 1e-10 || eb >= ef {
		t.Fatalf("test problem is not hard enough for float64 (delta_a %.3g) or big is not better (%.3g)", ef, eb)
	}
}
