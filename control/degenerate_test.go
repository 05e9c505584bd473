package control

import (
	"errors"
	"github.com/robocompiler/robocompiler/internal/testutil"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// randInvertible returns a random n×n matrix U diag(σ) Vᵀ with random orthogonal U, V and
// singular values σ log-uniform in [1, maxCond] (so its condition number is ≤ maxCond).
func randInvertible(rng *rand.Rand, n int, maxCond float64) *mat.Dense {
	orth := func() *mat.Dense {
		var qr mat.QR
		qr.Factorize(randMat(rng, n, n))
		var q mat.Dense
		qr.QTo(&q)
		return &q
	}
	u, v := orth(), orth()
	for j := 0; j < n; j++ {
		sg := math.Pow(maxCond, rng.Float64())
		for i := 0; i < n; i++ {
			u.Set(i, j, sg*u.At(i, j))
		}
	}
	var f mat.Dense
	f.Mul(u, v.T())
	return &f
}

// compareCovariant solves qp and its transform by u = F ũ and returns the relative
// mismatches of the solutions (|u* − F ũ*|/|u*|) and of the multipliers (|λ − λ̃|/max|λ|),
// after checking both KKT systems to tol. With licq (linearly independent active normals,
// hence unique multipliers) it also requires equal active sets; otherwise neither the
// active set nor the multipliers are unique, and elam is meaningless.
func compareCovariant(t *testing.T, qp *QP, f *mat.Dense, tol float64, licq bool) (eu, elam float64) {
	t.Helper()
	tq := transformQP(qp, f)
	u, res := solveOK(t, qp)
	ut, rest := solveOK(t, tq)
	requireKKT(t, qp, u, res, tol)
	requireKKT(t, tq, ut, rest, tol)
	if !licq {
		return testutil.MaxDiff(u, matVec(f, ut)) / testutil.MaxAbs(u), math.NaN()
	}
	if len(res.Active) != len(rest.Active) {
		t.Fatalf("active sets %v vs %v", res.Active, rest.Active)
	}
	for i, a := range res.Active {
		if rest.Active[i] != a {
			t.Fatalf("active sets %v vs %v", res.Active, rest.Active)
		}
	}
	eu = testutil.MaxDiff(u, matVec(f, ut)) / testutil.MaxAbs(u)
	elam = testutil.MaxDiff(res.Multipliers, rest.Multipliers) / math.Max(testutil.MaxAbs(res.Multipliers), 1e-300)
	return eu, elam
}

// Many active speed bounds |L u| ≤ s (A = [L; −L]) with task equalities, as in the
// redundancy QP, under random invertible changes of variables u = F ũ with cond(F) up to
// 1e3: the solutions map onto each other, the multipliers (invariant under F) agree, and
// both satisfy the KKT conditions checked independently. The data of the transformed
// problem are rounded products with F, so the attainable agreement is about
// cond(F)·cond(KKT)·ε; 1e-11 is that level for these problems (observed worst logged).
func TestCovarianceManyActive(t *testing.T) {
	rng := rand.New(rand.NewPCG(51, 52))
	worstU, worstLam := 0.0, 0.0
	nActive, maxActive := 0, 0
	for trial := 0; trial < 300; trial++ {
		n := 4 + rng.IntN(11)
		meq := rng.IntN(n / 2)
		nb := n + rng.IntN(n)
		qp := randQP(rng, n, meq, 0)
		for i := range qp.G {
			qp.G[i] *= 20
		}
		l := randMat(rng, nb, n)
		u0 := randVec(rng, n, 1)
		sc := 1 / testutil.MaxAbs(matVec(l, u0))
		for i := range u0 {
			u0[i] *= sc // |L u0| ≤ 1: the task is feasible within the bounds
		}
		if meq > 0 {
			qp.Wv = matVec(qp.J, u0)
		}
		qp.A, qp.B = mat.NewDense(2*nb, n, nil), make([]float64, 2*nb)
		for i := 0; i < nb; i++ {
			for j := 0; j < n; j++ {
				qp.A.Set(i, j, l.At(i, j))
				qp.A.Set(nb+i, j, -l.At(i, j))
			}
			qp.B[i], qp.B[nb+i] = 1.2, 1.2
		}
		f := randInvertible(rng, n, 1e3)
		eu, elam := compareCovariant(t, qp, f, 1e-12, true)
		_, res := solveOK(t, qp)
		nActive += len(res.Active)
		maxActive = max(maxActive, len(res.Active))
		worstU, worstLam = math.Max(worstU, eu), math.Max(worstLam, elam)
		if eu > 1e-11 || elam > 1e-11 {
			t.Fatalf("trial %d (n=%d meq=%d, %d active): |u − F ũ|/|u| = %.3g, |λ − λ̃|/|λ| = %.3g", trial, n, meq, len(res.Active), eu, elam)
		}
	}
	if nActive < 600 {
		t.Fatalf("only %d active bounds in all trials", nActive)
	}
	t.Logf("worst |u − F ũ|/|u| = %.3g, worst multiplier mismatch %.3g (%d active bounds, up to %d in one problem)", worstU, worstLam, nActive, maxActive)
}

// A vertex u0 made optimal by independent active rows (equalities and inequalities with
// positive multipliers), plus rows through u0 that depend on them: scaled duplicates,
// positive combinations of active inequalities, and combinations with equality rows of
// either sign, in shuffled order with some inactive rows. The optimum stays u0, the KKT
// conditions hold, and so does covariance under u = F ũ.
func TestDependentVertex(t *testing.T) {
	rng := rand.New(rand.NewPCG(53, 54))
	worst, worstCov, worstKKT := 0.0, 0.0, 0.0
	for trial := 0; trial < 400; trial++ {
		n := 2 + rng.IntN(9)
		k := 1 + rng.IntN(n) // independent rows through u0
		meq := rng.IntN(k)
		w := randSPD(rng, n)
		u0 := randVec(rng, n, 1)
		base := randMat(rng, k, n)
		lam := make([]float64, k)
		for i := range lam {
			lam[i] = 0.1 + 2*rng.Float64()
			if i < meq {
				lam[i] = rng.NormFloat64()
			}
		}
		g := matVec(w, u0)
		for i := 0; i < k; i++ {
			axpy(lam[i], base.RawRowView(i), g)
		}
		for i := range g {
			g[i] = -g[i]
		}
		qp := &QP{W: w, G: g}
		if meq > 0 {
			qp.J = mat.DenseCopyOf(base.Slice(0, meq, 0, n))
			qp.Wv = matVec(qp.J, u0)
		}
		var rows [][]float64
		for i := meq; i < k; i++ {
			rows = append(rows, append([]float64(nil), base.RawRowView(i)...))
		}
		nExtra := 1 + rng.IntN(2*k+2)
		for e := 0; e < nExtra; e++ {
			row := make([]float64, n)
			switch rng.IntN(3) {
			case 0: // scaled duplicate of a base row (an inequality, or an equality of either sign)
				i := rng.IntN(k)
				c := 0.5 + 2*rng.Float64()
				if i < meq && rng.IntN(2) == 0 {
					c = -c
				}
				axpy(c, base.RawRowView(i), row)
			case 1: // positive combination of the active inequalities
				for i := meq; i < k; i++ {
					axpy(rng.Float64(), base.RawRowView(i), row)
				}
			case 2: // one active inequality plus any combination of equality rows
				axpy(0.5+rng.Float64(), base.RawRowView(meq+rng.IntN(k-meq)), row)
				for i := 0; i < meq; i++ {
					axpy(rng.NormFloat64(), base.RawRowView(i), row)
				}
			}
			rows = append(rows, row)
		}
		slack := make([]float64, len(rows), len(rows)+2)
		for e := rng.IntN(3); e > 0; e-- { // inactive rows
			rows = append(rows, randVec(rng, n, 1))
			slack = append(slack, 0.1+rng.Float64())
		}
		rng.Shuffle(len(rows), func(i, j int) {
			rows[i], rows[j] = rows[j], rows[i]
			slack[i], slack[j] = slack[j], slack[i]
		})
		qp.A, qp.B = mat.NewDense(len(rows), n, nil), make([]float64, len(rows))
		for i, row := range rows {
			qp.A.SetRow(i, row)
			qp.B[i] = dot(row, u0) + slack[i]
		}
		u, res := solveOK(t, qp)
		e := testutil.MaxDiff(u, u0) / testutil.MaxAbs(u0)
		worst = math.Max(worst, e)
		if e > 1e-10 {
			t.Fatalf("trial %d (n=%d k=%d meq=%d): |u − u0|/|u0| = %.3g, active %v", trial, n, k, meq, e, res.Active)
		}
		worstKKT = math.Max(worstKKT, requireKKT(t, qp, u, res, 1e-12))
		eu, _ := compareCovariant(t, qp, randInvertible(rng, n, 1e2), 1e-12, false)
		worstCov = math.Max(worstCov, eu)
		if eu > 1e-10 {
			t.Fatalf("trial %d: |u − F ũ|/|u| = %.3g", trial, eu)
		}
	}
	t.Logf("worst |u − u0|/|u0| = %.3g, worst KKT residual %.3g, worst |u − F ũ|/|u| = %.3g", worst, worstKKT, worstCov)
}

// Small integer data (rows with entries in {−1, 0, 1}, integer bounds, metric and linear
// term) make exact ties the rule: equally violated rows, duplicated and dependent rows,
// several multipliers reaching zero at the same step length, vertices with more active
// rows than variables. Every problem is checked against brute-force enumeration: an
// optimum must be found and matched with the KKT conditions holding, and an infeasible
// one must be reported as *InfeasibleError.
func TestIntegerTies(t *testing.T) {
	rng := rand.New(rand.NewPCG(55, 56))
	nFeasible, nInfeasible, nOverdetermined, nDrops := 0, 0, 0, 0
	worst := 0.0
	for trial := 0; trial < 3000; trial++ {
		n := 1 + rng.IntN(4)
		mineq := 1 + rng.IntN(8)
		w := mat.NewDense(n, n, nil)
		for i := 0; i < n; i++ {
			w.Set(i, i, float64(1+rng.IntN(3)))
		}
		qp := &QP{W: w, G: make([]float64, n), A: mat.NewDense(mineq, n, nil), B: make([]float64, mineq)}
		for i := range qp.G {
			qp.G[i] = float64(rng.IntN(9) - 4)
		}
		for i := 0; i < mineq; i++ {
			for j := 0; j < n; j++ {
				qp.A.Set(i, j, float64(rng.IntN(3)-1))
			}
			qp.B[i] = float64(rng.IntN(4) - 1)
		}
		if n > 1 && rng.IntN(3) == 0 {
			qp.J = mat.NewDense(1, n, nil)
			for j := 0; j < n; j++ {
				qp.J.Set(0, j, float64(rng.IntN(3)-1))
			}
			qp.J.Set(0, rng.IntN(n), 1)
			qp.Wv = []float64{float64(rng.IntN(3) - 1)}
		}
		want, ok := bruteForce(qp)
		_, meq, _ := dims(qp)
		u := make([]float64, n)
		res, err := NewSolver(n, meq, mineq).Solve(qp, u)
		if !ok {
			var ie *InfeasibleError
			if !errors.As(err, &ie) || ie.Kind != KindInequality {
				t.Fatalf("trial %d: infeasible problem gave err = %v, u = %v", trial, err, u)
			}
			nInfeasible++
			continue
		}
		if err != nil {
			t.Fatalf("trial %d: %v (brute force optimum %v)\nW=%v g=%v\nJ=%v w=%v\nA=%v\nb=%v", trial, err, want, qp.W.RawMatrix().Data, qp.G, qp.J, qp.Wv, qp.A.RawMatrix().Data, qp.B)
		}
		e := testutil.MaxDiff(u, want) / math.Max(1, testutil.MaxAbs(want))
		worst = math.Max(worst, e)
		if e > 1e-12 {
			t.Fatalf("trial %d: |u − u_bf| = %.3g\nu=%v\nbf=%v", trial, e, u, want)
		}
		requireKKT(t, qp, u, res, 1e-13)
		nFeasible++
		if res.Iterations > meq+len(res.Active) {
			nDrops++
		}
		tight := meq
		for i, ax := range matVec(qp.A, u) {
			if math.Abs(ax-qp.B[i]) <= 1e-12 {
				tight++
			}
		}
		if tight > n {
			nOverdetermined++
		}
	}
	if nInfeasible < 300 || nFeasible < 1500 || nOverdetermined < 300 || nDrops < 30 {
		t.Fatalf("%d feasible (%d with more tight rows than variables, %d with drops), %d infeasible: not the intended mix",
			nFeasible, nOverdetermined, nDrops, nInfeasible)
	}
	t.Logf("%d feasible (%d with more tight rows than variables, %d with drops), %d infeasible; worst |u − u_bf| = %.3g",
		nFeasible, nOverdetermined, nDrops, nInfeasible, worst)
}

// The dependence tolerance at work: min ½(x² + c y²) s.t. x + δ y = 2, x ≤ 1, with a cheap
// coordinate y (c = 1e-4). For δ = 0 the problem is infeasible; for δ > 0 it is feasible
// only with y = (2 − x)/δ. A coupling δ at the rounding level of the data (1e-13) must give
// an infeasibility error, not |y| ≈ 1e13; a coupling of 1e-6 is a genuine (if stiff)
// constraint and gives the exact solution x = 1, y = 1/δ.
func TestNearDependence(t *testing.T) {
	w := mat.NewDense(2, 2, []float64{1, 0, 0, 1e-4})
	for _, delta := range []float64{0, 1e-16, 1e-13, 1e-11} {
		qp := &QP{W: w, G: []float64{0, 0}, J: mat.NewDense(1, 2, []float64{1, delta}), Wv: []float64{2},
			A: mat.NewDense(1, 2, []float64{1, 0}), B: []float64{1}}
		u := make([]float64, 2)
		_, err := NewSolver(2, 1, 1).Solve(qp, u)
		var ie *InfeasibleError
		if !errors.As(err, &ie) || ie.Kind != KindInequality {
			t.Fatalf("δ = %g: err = %v, u = %v; want inequality infeasibility", delta, err, u)
		}
	}
	for _, delta := range []float64{1e-6, 1e-3} {
		qp := &QP{W: w, G: []float64{0, 0}, J: mat.NewDense(1, 2, []float64{1, delta}), Wv: []float64{2},
			A: mat.NewDense(1, 2, []float64{1, 0}), B: []float64{1}}
		u, res := solveOK(t, qp)
		if math.Abs(u[0]-1) > 1e-15 || math.Abs(u[1]*delta-1) > 1e-12 {
			t.Fatalf("δ = %g: u = %v, want (1, %g)", delta, u, 1/delta)
		}
		requireKKT(t, qp, u, res, 1e-12)
	}
}
