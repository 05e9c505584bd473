package kktref

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// Both solvers agree on random problems with redundant rows, recover the exact rank and
// satisfy the (consistent) constraints.
func TestRedundantRowsAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	worstA, worstC := 0.0, 0.0
	for trial := range 12 {
		n := 4 + trial%6
		base := 1 + rng.IntN(n-1)
		p := randomProblem(rng, n, base, 1+rng.IntN(3))
		a, r, err := Solve(p.M, p.h, p.tau, p.Jc, p.gamma, p.n, p.m, 0)
		if err != nil {
			t.Fatal(err)
		}
		ab, rb, err := SolveBig(p.M, p.h, p.tau, p.Jc, p.gamma, p.n, p.m, 0)
		if err != nil {
			t.Fatal(err)
		}
		if r != base || rb != base {
			t.Fatalf("trial %d: rank %d (float) %d (big), want %d", trial, r, rb, base)
		}
		worstA = math.Max(worstA, DeltaA(a, ab))
		worstC = math.Max(worstC, math.Max(ResidualC(p.Jc, a, p.gamma), ResidualC(p.Jc, ab, p.gamma)))
	}
	t.Logf("worst delta_a(Solve, SolveBig) = %.3g, worst |Jc a + gamma| = %.3g", worstA, worstC)
	if worstA > 1e-12 || worstC > 1e-12 {
		t.Fatalf("delta_a %.3g, residual %.3g, want <= 1e-12", worstA, worstC)
	}
}

// With full row rank the reference equals the solution of the KKT system
// [[M, Jcᵀ], [Jc, 0]] [a; −λ] = [tau − h; −gamma], solved independently by LU.
func TestFullRankMatchesKKT(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	worst, worstF := 0.0, 0.0
	for trial := range 10 {
		n := 3 + trial%7
		m := rng.IntN(n) // 0 .. n-1 rows
		p := randomProblem(rng, n, m, 0)
		a, r, err := Solve(p.M, p.h, p.tau, p.Jc, p.gamma, n, m, 0)
		if err != nil {
			t.Fatal(err)
		}
		if r != m {
			t.Fatalf("rank %d, want %d", r, m)
		}
		K := mat.NewDense(n+m, n+m, nil)
		rhs := mat.NewVecDense(n+m, nil)
		for i := range n {
			for j := range n {
				K.Set(i, j, p.M[i*n+j])
			}
			rhs.SetVec(i, p.tau[i]-p.h[i])
		}
		for i := range m {
			for j := range n {
				K.Set(n+i, j, p.Jc[i*n+j])
				K.Set(j, n+i, p.Jc[i*n+j])
			}
			rhs.SetVec(n+i, -p.gamma[i])
		}
		var x mat.VecDense
		if err := x.SolveVec(K, rhs); err != nil {
			t.Fatal(err)
		}
		aref := x.RawVector().Data[:n]
		worst = math.Max(worst, DeltaA(a, aref))
		worstF = math.Max(worstF, DeltaF(p.M, a, aref, p.tau, p.h))
	}
	t.Logf("worst delta_a vs KKT = %.3g, delta_f = %.3g", worst, worstF)
	if worst > 1e-12 || worstF > 1e-12 {
		t.Fatalf("delta_a %.3g delta_f %.3g vs KKT, want <= 1e-12", worst, worstF)
	}
}

// Without constraints the reference is M⁻¹(tau − h); with inconsistent redundant rows the
// particular solution is the least-squares one: Jcᵀ(Jc a + gamma) = 0.
func TestUnconstrainedAndLeastSquares(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	p := randomProblem(rng, 5, 2, 2)
	a, r, err := Solve(p.M, p.h, p.tau, nil, nil, 5, 0, 0)
	if err != nil || r != 0 {
		t.Fatal(err, r)
	}
	ab, _, err := SolveBig(p.M, p.h, p.tau, nil, nil, 5, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	Md := mat.NewDense(5, 5, p.M)
	res := 0.0
	for i := range 5 {
		s := p.h[i] - p.tau[i]
		for j := range 5 {
			s += Md.At(i, j) * a[j]
		}
		res = math.Max(res, math.Abs(s))
	}
	if res > 1e-12 || DeltaA(a, ab) > 1e-13 {
		t.Fatalf("unconstrained: residual %.3g, float/big %.3g", res, DeltaA(a, ab))
	}
	// Make gamma inconsistent with the redundant rows.
	p.gamma[p.m-1] += 0.5
	for _, solve := range []func([]float64, []float64, []float64, []float64, []float64, int, int, float64) ([]float64, int, error){Solve, SolveBig} {
		a, r, err := solve(p.M, p.h, p.tau, p.Jc, p.gamma, p.n, p.m, 0)
		if err != nil || r != 2 {
			t.Fatal(err, r)
		}
		worst := 0.0
		for j := range p.n {
			s := 0.0
			for i := range p.m {
				e := p.gamma[i]
				for k := range p.n {
					e += p.Jc[i*p.n+k] * a[k]
				}
				s += p.Jc[i*p.n+j] * e
			}
			worst = math.Max(worst, math.Abs(s))
		}
		if worst > 1e-12 || ResidualC(p.Jc, a, p.gamma) < 1e-3 {
			t.Fatalf("least squares: |Jcᵀ(Jc a + γ)| = %.3g, residual %.3g", worst, ResidualC(p.Jc, a, p.gamma))
		}
	}
}

func TestSizeErrors(t *testing.T) {
	M := []float64{1, 0, 0, 1}
	if _, _, err := Solve(M, []float64{0}, []float64{0, 0}, nil, nil, 2, 0, 0); err == nil {
		t.Fatal("Solve accepted len(h) = 1 for n = 2")
	}
	if _, _, err := SolveBig(M, []float64{0, 0}, []float64{0, 0}, []float64{1}, []float64{0}, 2, 1, 0); err == nil {
		t.Fatal("SolveBig accepted len(Jc) = 1 for m = 1, n = 2")
	}
	if _, _, err := Solve([]float64{1, 0, 0, -1}, []float64{0, 0}, []float64{0, 0}, nil, nil, 2, 0, 0); err == nil {
		t.Fatal("Solve accepted an indefinite M")
	}
	if _, _, err := SolveBig([]float64{1, 0, 0, -1}, []float64{0, 0}, []float64{0, 0}, nil, nil, 2, 0, 0); err == nil {
		t.Fatal("SolveBig accepted an indefinite M")
	}
}

func TestMetrics(t *testing.T) {
	M := []float64{2, 0, 0, 3}
	a, aref := []float64{1, 2}, []float64{1.5, 4}
	if got := DeltaA(a, aref); got != 0.5 {
		t.Fatalf("DeltaA = %v, want 0.5", got)
	}
	if got := DeltaA([]float64{0.25}, []float64{0}); got != 0.25 {
		t.Fatalf("DeltaA with small reference = %v, want 0.25 (denominator 1)", got)
	}
	if got := DeltaF(M, a, aref, []float64{3, 0}, []float64{0, -2}); got != 2 {
		t.Fatalf("DeltaF = %v, want |3·(−2)|/3 = 2", got)
	}
	if got := ResidualC([]float64{1, 1, 2, 0}, a, []float64{-3, 1}); got != 3 {
		t.Fatalf("ResidualC = %v, want 3", got)
	}
}
