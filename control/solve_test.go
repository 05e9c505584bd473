package control

import (
	"errors"
	"github.com/robocompiler/robocompiler/internal/testutil"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

func solveOK(t *testing.T, qp *QP) ([]float64, Result) {
	t.Helper()
	n, meq, mineq := dims(qp)
	u := make([]float64, n)
	res, err := NewSolver(n, meq, mineq).Solve(qp, u)
	if err != nil {
		t.Fatalf("Solve: %v", err)
	}
	return u, res
}

// With no inequality active, the QP solution equals the closed form of eq. 17.
func TestSolveMatchesClosedForm(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	worst := 0.0
	for trial := 0; trial < 300; trial++ {
		n := 2 + rng.IntN(12)
		meq := rng.IntN(n)
		mineq := rng.IntN(6)
		k := 0.1 + 2*rng.Float64()
		qp := randQP(rng, n, meq, 0)
		g := randVec(rng, n, 1)
		qp.G = make([]float64, n)
		for i := range g {
			qp.G[i] = k * g[i]
		}
		want, err := Resolve(qp.J, qp.W, g, qp.Wv, k)
		if err != nil {
			t.Fatal(err)
		}
		if mineq > 0 { // inequalities strictly inactive at the closed-form solution
			qp.A = randMat(rng, mineq, n)
			qp.B = matVec(qp.A, want)
			for i := range qp.B {
				qp.B[i] += 0.1 + rng.Float64()
			}
		}
		u, res := solveOK(t, qp)
		if len(res.Active) != 0 {
			t.Fatalf("trial %d: active set %v, want empty", trial, res.Active)
		}
		e := testutil.MaxDiff(u, want) / math.Max(1, testutil.MaxAbs(want))
		worst = math.Max(worst, e)
		if e > 1e-10 {
			t.Fatalf("trial %d (n=%d meq=%d): |u − u_eq17| = %.3g", trial, n, meq, e)
		}
		requireKKT(t, qp, u, res, 1e-9)
	}
	t.Logf("worst relative deviation from eq. 17: %.3g", worst)
}

// Small random problems against exhaustive active-set enumeration.
func TestSolveBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	worst, worstKKT := 0.0, 0.0
	nActive, nDrops := 0, 0
	for trial := 0; trial < 1500; trial++ {
		n := 1 + rng.IntN(6)
		meq := 0
		if n > 1 && rng.IntN(2) == 0 {
			meq = 1 + rng.IntN(n-1)
		}
		mineq := rng.IntN(9)
		qp := randQP(rng, n, meq, mineq)
		want, ok := bruteForce(qp)
		if !ok {
			t.Fatalf("trial %d: brute force found no optimum of a feasible problem", trial)
		}
		u, res := solveOK(t, qp)
		e := testutil.MaxDiff(u, want) / math.Max(1, testutil.MaxAbs(want))
		worst = math.Max(worst, e)
		if e > 1e-8 {
			t.Fatalf("trial %d (n=%d meq=%d mineq=%d): |u − u_bf| = %.3g\nu=%v\nbf=%v", trial, n, meq, mineq, e, u, want)
		}
		worstKKT = math.Max(worstKKT, requireKKT(t, qp, u, res, 1e-9))
		nActive += len(res.Active)
		if res.Iterations > meq+len(res.Active) {
			nDrops++
		}
	}
	if nActive < 1000 || nDrops < 50 {
		t.Fatalf("test problems too easy: %d active constraints, %d solves with drops", nActive, nDrops)
	}
	t.Logf("worst relative deviation from brute force: %.3g, worst KKT residual %.3g (%d active, %d solves with drops)", worst, worstKKT, nActive, nDrops)
}

// Larger random problems: KKT conditions and objective consistency.
func TestSolveKKTLarge(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	worst := 0.0
	maxActive := 0
	s := NewSolver(100, 50, 200)
	for trial := 0; trial < 100; trial++ {
		n := 5 + rng.IntN(36)
		meq := rng.IntN(n / 2)
		mineq := rng.IntN(81)
		if trial%10 == 0 { // the upper end of the intended size range
			n, meq, mineq = 100, 30, 200
		}
		qp := randQP(rng, n, meq, mineq)
		u := make([]float64, n)
		res, err := s.Solve(qp, u)
		if err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		worst = math.Max(worst, requireKKT(t, qp, u, res, 1e-9))
		maxActive = max(maxActive, len(res.Active))
		obj := dot(qp.G, u) + 0.5*dot(u, matVec(qp.W, u))
		if math.Abs(obj-res.Objective) > 1e-12*math.Max(1, math.Abs(obj)) {
			t.Fatalf("objective %v, want %v", res.Objective, obj)
		}
		for _, i := range res.Active {
			if s := dot(qp.A.RawRowView(i), u) - qp.B[i]; math.Abs(s) > 1e-9 {
				t.Fatalf("active row %d has slack %g", i, s)
			}
		}
	}
	t.Logf("worst KKT residual: %.3g (up to %d active inequalities)", worst, maxActive)
}

func TestDegenerate(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	t.Run("duplicate", func(t *testing.T) {
		for trial := 0; trial < 200; trial++ {
			n := 2 + rng.IntN(5)
			qp := randQP(rng, n, rng.IntN(2), 1+rng.IntN(5))
			// Duplicate every inequality row (and scale some copies).
			_, _, m := dims(qp)
			a := mat.NewDense(2*m, n, nil)
			b := make([]float64, 2*m)
			for i := 0; i < m; i++ {
				sc := 1.0
				if i%2 == 1 {
					sc = 3
				}
				for j := 0; j < n; j++ {
					a.Set(i, j, qp.A.At(i, j))
					a.Set(m+i, j, sc*qp.A.At(i, j))
				}
				b[i], b[m+i] = qp.B[i], sc*qp.B[i]
			}
			want, ok := bruteForce(qp)
			if !ok {
				t.Fatal("brute force failed")
			}
			qp.A, qp.B = a, b
			u, res := solveOK(t, qp)
			if e := testutil.MaxDiff(u, want); e > 1e-8*math.Max(1, testutil.MaxAbs(want)) {
				t.Fatalf("trial %d: duplicates change solution by %.3g", trial, e)
			}
			requireKKT(t, qp, u, res, 1e-9)
		}
	})
	t.Run("zero-multiplier", func(t *testing.T) {
		// A constraint through the optimum with zero multiplier (weakly active), including
		// the unconstrained minimiser lying exactly on it.
		for trial := 0; trial < 200; trial++ {
			n := 2 + rng.IntN(6)
			qp := randQP(rng, n, rng.IntN(2), rng.IntN(4))
			u0, r0 := solveOK(t, qp)
			_, meq, m := dims(qp)
			// With linearly independent active normals the multipliers are unique, and the
			// added rows must get zero; otherwise only u is unique.
			licq := meq+len(r0.Active)+2 <= n
			a := mat.NewDense(m+2, n, nil)
			b := make([]float64, m+2)
			for i := 0; i < m; i++ {
				for j := 0; j < n; j++ {
					a.Set(i, j, qp.A.At(i, j))
				}
				b[i] = qp.B[i]
			}
			for r := m; r < m+2; r++ {
				row := randVec(rng, n, 1)
				a.SetRow(r, row)
				b[r] = dot(row, u0)
			}
			qp.A, qp.B = a, b
			u, res := solveOK(t, qp)
			if e := testutil.MaxDiff(u, u0); e > 1e-8*math.Max(1, testutil.MaxAbs(u0)) {
				t.Fatalf("trial %d: weakly active constraints moved the solution by %.3g", trial, e)
			}
			requireKKT(t, qp, u, res, 1e-9)
			for r := m; r < m+2 && licq; r++ {
				if lam := res.Multipliers[len(res.Multipliers)-m-2+r]; math.Abs(lam) > 1e-8 {
					t.Fatalf("weakly active row has multiplier %g", lam)
				}
			}
		}
	})
	t.Run("band", func(t *testing.T) {
		// Parallel pairs a u ≤ c, −a u ≤ −c form an equality band: same solution as the
		// equality a u = c, with λ⁺ − λ⁻ equal to its multiplier.
		for trial := 0; trial < 200; trial++ {
			n := 2 + rng.IntN(6)
			meq := 1 + rng.IntN(n-1)
			eqp := randQP(rng, n, meq, 0)
			ue, re := solveOK(t, eqp)
			band := &QP{W: eqp.W, G: eqp.G, A: mat.NewDense(2*meq, n, nil), B: make([]float64, 2*meq)}
			for i := 0; i < meq; i++ {
				for j := 0; j < n; j++ {
					band.A.Set(2*i, j, eqp.J.At(i, j))
					band.A.Set(2*i+1, j, -eqp.J.At(i, j))
				}
				band.B[2*i], band.B[2*i+1] = eqp.Wv[i], -eqp.Wv[i]
			}
			u, res := solveOK(t, band)
			if e := testutil.MaxDiff(u, ue); e > 1e-9*math.Max(1, testutil.MaxAbs(ue)) {
				t.Fatalf("trial %d: band solution differs from equality solution by %.3g", trial, e)
			}
			requireKKT(t, band, u, res, 1e-9)
			for i := 0; i < meq; i++ {
				if d := res.Multipliers[2*i] - res.Multipliers[2*i+1] - re.Multipliers[i]; math.Abs(d) > 1e-8*math.Max(1, math.Abs(re.Multipliers[i])) {
					t.Fatalf("band multipliers %v, %v vs equality multiplier %v", res.Multipliers[2*i], res.Multipliers[2*i+1], re.Multipliers[i])
				}
			}
		}
	})
}

func TestInfeasible(t *testing.T) {
	id := mat.NewDense(3, 3, []float64{2, 0, 0, 0, 1, 0, 0, 0, 1})
	g := []float64{1, -1, 0.5}
	cases := []struct {
		name string
		qp   *QP
		want InfeasibleError
	}{
		{"contradictory pair", &QP{W: id, G: g,
			A: mat.NewDense(3, 3, []float64{0, 0, 1, 1, 0, 0, -1, 0, 0}), B: []float64{5, 0, -1}},
			InfeasibleError{Constraint: 2, Kind: KindInequality}},
		{"empty triangle", &QP{W: id, G: g,
			A: mat.NewDense(3, 3, []float64{1, 0, 0, 0, 1, 0, -1, -1, 0}), B: []float64{0, 0, -1}},
			InfeasibleError{Constraint: 2, Kind: KindInequality}},
		{"inequality vs equality", &QP{W: id, G: g,
			J: mat.NewDense(1, 3, []float64{1, 1, 0}), Wv: []float64{2},
			A: mat.NewDense(2, 3, []float64{1, 0, 0, 0, 1, 0}), B: []float64{0.5, 0.5}},
			InfeasibleError{Constraint: 1, Kind: KindInequality}},
		{"zero row", &QP{W: id, G: g,
			A: mat.NewDense(2, 3, []float64{1, 0, 0, 0, 0, 0}), B: []float64{1, -0.5}},
			InfeasibleError{Constraint: 1, Kind: KindInequality}},
		{"zero equality row", &QP{W: id, G: g,
			J: mat.NewDense(2, 3, []float64{1, 0, 0, 0, 0, 0}), Wv: []float64{1, 1e-300}},
			InfeasibleError{Constraint: 1, Kind: KindEqualityInconsistent}},
		{"inconsistent equalities", &QP{W: id, G: g,
			J: mat.NewDense(3, 3, []float64{1, 0, 0, 0, 1, 1, 1, 1, 1}), Wv: []float64{1, 1, 3}},
			InfeasibleError{Constraint: 2, Kind: KindEqualityInconsistent}},
		{"dependent equalities", &QP{W: id, G: g,
			J: mat.NewDense(3, 3, []float64{1, 0, 0, 0, 1, 1, 1, 1, 1}), Wv: []float64{1, 1, 2}},
			InfeasibleError{Constraint: 2, Kind: KindEqualityRankDeficient}},
		{"too many equalities", &QP{W: mat.NewDense(1, 1, []float64{1}), G: []float64{0},
			J: mat.NewDense(2, 1, []float64{1, 2}), Wv: []float64{1, 1}},
			InfeasibleError{Constraint: 1, Kind: KindEqualityInconsistent}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			n, meq, mineq := dims(c.qp)
			u := make([]float64, n)
			_, err := NewSolver(n, meq, mineq).Solve(c.qp, u)
			var ie *InfeasibleError
			if !errors.As(err, &ie) {
				t.Fatalf("err = %v, want *InfeasibleError", err)
			}
			if ie.Kind != c.want.Kind {
				t.Fatalf("kind %q, want %q (%v)", ie.Kind, c.want.Kind, err)
			}
			if ie.Kind != KindInequality && ie.Constraint != c.want.Constraint {
				t.Fatalf("constraint %d, want %d", ie.Constraint, c.want.Constraint)
			}
			if ie.Kind == KindInequality {
				if _, ok := bruteForce(c.qp); ok {
					t.Fatal("brute force found a feasible optimum")
				}
				if meq > 0 {
					return // relaxing the equality may legitimately restore feasibility
				}
				// The declared relaxation softens only the task equality, never inequalities.
				rq := *c.qp
				rq.Relax = &Relax{Weight: 10}
				u0 := []float64{7, 7, 7}
				_, err := NewSolver(n, meq, mineq).Solve(&rq, u0)
				if !errors.As(err, &ie) || ie.Kind != KindInequality || u0[0] != 7 {
					t.Fatalf("relaxed: err = %v, u = %v; want inequality infeasibility and u unchanged", err, u0)
				}
			}
		})
	}
	// Random infeasible inequality systems: a feasible problem plus a row contradicting a
	// positive combination of two others.
	rng := rand.New(rand.NewPCG(9, 10))
	for trial := 0; trial < 300; trial++ {
		n := 2 + rng.IntN(5)
		qp := randQP(rng, n, rng.IntN(n), 2+rng.IntN(5))
		_, _, m := dims(qp)
		a := mat.NewDense(m+1, n, nil)
		a.Copy(qp.A)
		b := append(append([]float64(nil), qp.B...), 0)
		c1, c2 := rng.Float64()+0.1, rng.Float64()+0.1
		for j := 0; j < n; j++ { // −(c1 a0 + c2 a1) u ≤ −(c1 b0 + c2 b1) − 1
			a.Set(m, j, -(c1*qp.A.At(0, j) + c2*qp.A.At(1, j)))
		}
		b[m] = -(c1*qp.B[0] + c2*qp.B[1]) - 1
		qp.A, qp.B = a, b
		u := make([]float64, n)
		_, err := NewSolver(n, n, m+1).Solve(qp, u)
		var ie *InfeasibleError
		if !errors.As(err, &ie) || ie.Kind != KindInequality {
			t.Fatalf("trial %d: err = %v, want inequality infeasibility", trial, err)
		}
		if _, ok := bruteForce(qp); ok {
			t.Fatal("brute force found a feasible optimum")
		}
	}
}

func TestInputErrors(t *testing.T) {
	g := []float64{1, 1}
	u := make([]float64, 2)
	s := NewSolver(2, 1, 1)
	if _, err := s.Solve(&QP{W: mat.NewDense(2, 2, []float64{1, 2, 2, 1}), G: g}, u); !errors.Is(err, ErrNotPositiveDefinite) {
		t.Fatalf("indefinite W: %v", err)
	}
	if _, err := s.Solve(&QP{W: mat.NewDense(2, 2, []float64{1, 1, 1, 1}), G: g}, u); !errors.Is(err, ErrNotPositiveDefinite) {
		t.Fatalf("singular W: %v", err)
	}
	if _, err := s.Solve(&QP{W: mat.NewDense(2, 2, []float64{1, 0.5, 0, 1}), G: g}, u); !errors.Is(err, ErrNotSymmetric) {
		t.Fatalf("asymmetric W: %v", err)
	}
	if _, err := s.Solve(&QP{W: mat.NewDense(2, 2, []float64{1, 0, 0, 1}), G: []float64{math.NaN(), 0}}, u); !errors.Is(err, ErrNonFinite) {
		t.Fatalf("NaN g: %v", err)
	}
	if _, err := s.Solve(&QP{W: mat.NewDense(2, 2, []float64{1, 0, 0, 1}), G: g, J: mat.NewDense(1, 2, []float64{1, 1}), Wv: []float64{0},
		Relax: &Relax{Weight: 0}}, u); !errors.Is(err, ErrRelaxWeight) {
		t.Fatalf("zero relaxation weight: %v", err)
	}
}

// TestShapePanics: dimensions inconsistent with each other or with the solver's capacity
// are programming errors and panic with the package, function and sizes.
func TestShapePanics(t *testing.T) {
	g := []float64{1, 1}
	u := make([]float64, 2)
	w := mat.NewDense(2, 2, []float64{1, 0, 0, 1})
	s := NewSolver(2, 1, 1)
	testutil.RequirePanic(t, "control: Solve: W is 3×3; want square, at most the solver's n = 2", func() {
		s.Solve(&QP{W: mat.NewDense(3, 3, nil), G: g}, u)
	})
	testutil.RequirePanic(t, "control: Solve: len(G) = 1; want 2", func() { s.Solve(&QP{W: w, G: g[:1]}, u) })
	testutil.RequirePanic(t, "control: Solve: len(Wv) = 0; want 1", func() {
		s.Solve(&QP{W: w, G: g, J: mat.NewDense(1, 2, []float64{1, 1})}, u)
	})
	testutil.RequirePanic(t, "control: Resolve: len(g) = 1; want 2", func() { Resolve(nil, w, g[:1], nil, 1) })
	testutil.RequirePanic(t, "control: StrokeBarrier: len(hi) = 0; want 1", func() {
		StrokeBarrier([]float64{0}, []float64{-1}, nil, []float64{1}, nil)
	})
}

func TestMaxIterations(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	qp := randQP(rng, 8, 2, 20)
	s := NewSolver(8, 2, 20)
	u := make([]float64, 8)
	res, err := s.Solve(qp, u)
	if err != nil || res.Iterations < 4 {
		t.Fatalf("setup: %v, %d iterations", err, res.Iterations)
	}
	short := NewSolverWith(8, 2, 20, SolverOptions{MaxIterations: res.Iterations - 1})
	if _, err := short.Solve(qp, u); !errors.Is(err, ErrMaxIterations) {
		t.Fatalf("err = %v, want ErrMaxIterations", err)
	}
	enough := NewSolverWith(8, 2, 20, SolverOptions{MaxIterations: res.Iterations})
	if _, err := enough.Solve(qp, u); err != nil {
		t.Fatalf("with exactly enough iterations: %v", err)
	}
}

// The relaxation applies only when declared: an inconsistent task is an error without
// Relax, and with it the solution minimises the penalised objective.
func TestRelaxation(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	for trial := 0; trial < 200; trial++ {
		n := 2 + rng.IntN(6)
		meq := 1 + rng.IntN(n)
		mineq := rng.IntN(5)
		qp := randQP(rng, n, meq, mineq)
		// Make the task inconsistent: append a combination of rows with a shifted right side.
		jj := mat.NewDense(meq+1, n, nil)
		for i := 0; i < meq; i++ {
			jj.SetRow(i, qp.J.RawRowView(i))
		}
		comb := randVec(rng, meq, 1)
		row := matVec(qp.J.T(), comb)
		jj.SetRow(meq, row)
		qp.J = jj
		qp.Wv = append(qp.Wv, dot(comb, qp.Wv)+1+rng.Float64())
		s := NewSolver(n, meq+1, mineq)
		u := make([]float64, n)
		_, err := s.Solve(qp, u)
		var ie *InfeasibleError
		if !errors.As(err, &ie) || ie.Kind != KindEqualityInconsistent {
			t.Fatalf("trial %d: undeclared relaxation: err = %v, want inconsistent-equality error", trial, err)
		}
		rho := math.Pow(10, 4*rng.Float64()-1)
		qp.Relax = &Relax{Weight: rho}
		res, err := s.Solve(qp, u)
		if err != nil {
			t.Fatalf("trial %d: relaxed: %v", trial, err)
		}
		if !res.Relaxed || res.EqualityResidual < 1e-3 {
			t.Fatalf("Relaxed=%v residual=%g", res.Relaxed, res.EqualityResidual)
		}
		// Reference: the same QP with W + ρJᵀJ, g − ρJᵀw and no equalities.
		var wp mat.Dense
		wp.Mul(qp.J.T(), qp.J)
		wp.Scale(rho, &wp)
		wp.Add(&wp, qp.W)
		for i := 0; i < n; i++ {
			for j := 0; j < i; j++ {
				wp.Set(j, i, wp.At(i, j))
			}
		}
		gp := matVec(qp.J.T(), qp.Wv)
		for i := range gp {
			gp[i] = qp.G[i] - rho*gp[i]
		}
		ref := &QP{W: &wp, G: gp, A: qp.A, B: qp.B}
		want, ok := bruteForce(ref)
		if !ok {
			t.Fatal("brute force failed")
		}
		if e := testutil.MaxDiff(u, want); e > 1e-8*math.Max(1, testutil.MaxAbs(want)) {
			t.Fatalf("trial %d: relaxed solution off by %.3g", trial, e)
		}
		requireKKT(t, qp, u, res, 1e-9) // μ = ρ(Ju − w) makes stationarity hold
		// A feasible task with Relax unset is not relaxed.
		qp.Relax = nil
		qp.J = mat.DenseCopyOf(qp.J.Slice(0, meq, 0, n))
		qp.Wv = qp.Wv[:meq]
		res, err = s.Solve(qp, u)
		if err != nil || res.Relaxed || res.EqualityResidual > 1e-9*math.Max(1, testutil.MaxAbs(u)) {
			t.Fatalf("hard task: err=%v Relaxed=%v residual=%g", err, res.Relaxed, res.EqualityResidual)
		}
	}
}

// Solve allocates nothing after NewSolver, on problems that add and drop constraints,
// including the relaxed path.
func TestSolveNoAlloc(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	qp := benchQP(rng)
	s := NewSolver(12, 6, 24)
	u := make([]float64, 12)
	res, err := s.Solve(qp, u)
	if err != nil || len(res.Active) == 0 {
		t.Fatalf("setup: %v, active %v", err, res.Active)
	}
	if a := testing.AllocsPerRun(100, func() { s.Solve(qp, u) }); a != 0 {
		t.Fatalf("Solve allocates %v per run", a)
	}
	qp.Relax = &Relax{Weight: 100}
	if a := testing.AllocsPerRun(100, func() { s.Solve(qp, u) }); a != 0 {
		t.Fatalf("relaxed Solve allocates %v per run", a)
	}
}

// benchQP is the benchmark problem: n = 12, 6 equalities, 24 inequalities (symmetric
// actuator-speed bounds |L u| ≤ ℓ̇⁺ for 12 actuators, A = col(L, −L)).
func benchQP(rng *rand.Rand) *QP {
	n := 12
	qp := randQP(rng, n, 6, 0)
	for i := range qp.G {
		qp.G[i] *= 10
	}
	l := randMat(rng, 12, n)
	u0 := randVec(rng, n, 1) // the task is feasible within the bounds: |L u0| ≤ 3
	lu := matVec(l, u0)
	sc := 3 / testutil.MaxAbs(lu)
	for i := range u0 {
		u0[i] *= sc
	}
	qp.Wv = matVec(qp.J, u0)
	qp.A = mat.NewDense(24, n, nil)
	qp.B = make([]float64, 24)
	for i := 0; i < 12; i++ {
		for j := 0; j < n; j++ {
			qp.A.Set(i, j, l.At(i, j))
			qp.A.Set(12+i, j, -l.At(i, j))
		}
		qp.B[i], qp.B[12+i] = 4, 4
	}
	return qp
}

func BenchmarkSolve(b *testing.B) {
	rng := rand.New(rand.NewPCG(15, 16))
	qp := benchQP(rng)
	s := NewSolver(12, 6, 24)
	u := make([]float64, 12)
	res, err := s.Solve(qp, u)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		s.Solve(qp, u)
	}
	b.ReportMetric(float64(len(res.Active)), "active")
	b.ReportMetric(float64(res.Iterations), "steps")
}
