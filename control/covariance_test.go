package control

import (
	"github.com/robocompiler/robocompiler/internal/testutil"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// Proposition (motion and power consistency): for invertible F, the transformed problem
// (J F, Fᵀ W F, Fᵀ g, A F) with the same w, b has the solution ũ* with u* = F ũ*, and the
// same task velocity, actuator velocity and objective.
func TestCovariance(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	worst, worstObj := 0.0, 0.0
	used, withActive := 0, 0
	for trial := 0; trial < 300; trial++ {
		n := 2 + rng.IntN(11)
		meq := rng.IntN(n)
		mineq := rng.IntN(2 * n)
		qp := randQP(rng, n, meq, mineq)
		f := randMat(rng, n, n)
		for i := 0; i < n; i++ {
			f.Set(i, i, f.At(i, i)+2*math.Copysign(1, f.At(i, i)))
		}
		var svd mat.SVD
		svd.Factorize(f, mat.SVDNone)
		if c := svd.Cond(); c > 1e3 {
			continue
		}
		tq := transformQP(qp, f)
		u, res := solveOK(t, qp)
		ut, rest := solveOK(t, tq)
		used++
		if len(res.Active) > 0 {
			withActive++
		}
		if len(res.Active) != len(rest.Active) {
			t.Fatalf("trial %d: active sets %v vs %v", trial, res.Active, rest.Active)
		}
		fu := matVec(f, ut)
		e := testutil.MaxDiff(u, fu) / math.Max(1, testutil.MaxAbs(u))
		worst = math.Max(worst, e)
		if e > 1e-10 {
			t.Fatalf("trial %d (n=%d meq=%d mineq=%d): |u* − F ũ*| = %.3g", trial, n, meq, mineq, e)
		}
		eo := math.Abs(res.Objective-rest.Objective) / math.Max(1, math.Abs(res.Objective))
		worstObj = math.Max(worstObj, eo)
		if eo > 1e-10 {
			t.Fatalf("trial %d: objectives %v vs %v", trial, res.Objective, rest.Objective)
		}
		requireKKT(t, tq, ut, rest, 1e-9)
	}
	if used < 150 || withActive < 75 {
		t.Fatalf("only %d problems compared (%d with active inequalities)", used, withActive)
	}
	t.Logf("worst |u* − F ũ*|/max(1,|u*|): %.3g, worst objective mismatch %.3g (%d problems, %d with active inequalities)", worst, worstObj, used, withActive)
}

// Replacing the transformed metric by the identity changes the problem (the proposition's
// closing remark): the test above can distinguish covariant from non-covariant metrics.
func TestCovarianceNeedsMetric(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	n := 6
	qp := randQP(rng, n, 2, 0)
	f := randMat(rng, n, n)
	for i := 0; i < n; i++ {
		f.Set(i, i, f.At(i, i)+3)
	}
	tq := &QP{W: mat.NewDense(n, n, nil), G: matVec(f.T(), qp.G), J: new(mat.Dense), Wv: qp.Wv}
	for i := 0; i < n; i++ {
		tq.W.Set(i, i, 1)
	}
	tq.J.Mul(qp.J, f)
	u, _ := solveOK(t, qp)
	ut, _ := solveOK(t, tq)
	if e := testutil.MaxDiff(u, matVec(f, ut)); e < 1e-3 {
		t.Fatalf("identity metric unexpectedly covariant (%.3g)", e)
	}
}

// Badly scaled coordinates (mixed units, e.g. rad/s next to mm/s): the diagonal change of
// variables F = diag(10^U(−3,3)) must still give u* = F ũ*.
func TestCovarianceDiagonalScaling(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 26))
	worst := 0.0
	for trial := 0; trial < 200; trial++ {
		n := 2 + rng.IntN(9)
		meq := rng.IntN(n)
		qp := randQP(rng, n, meq, rng.IntN(2*n))
		_, _, mineq := dims(qp)
		f := make([]float64, n)
		for i := range f {
			f[i] = math.Pow(10, 6*rng.Float64()-3)
		}
		tq := &QP{W: mat.NewDense(n, n, nil), G: make([]float64, n), Wv: qp.Wv, B: qp.B}
		for i := 0; i < n; i++ {
			tq.G[i] = f[i] * qp.G[i]
			for j := 0; j < n; j++ {
				tq.W.Set(i, j, f[i]*qp.W.At(i, j)*f[j])
			}
		}
		scaleCols := func(m *mat.Dense, rows int) *mat.Dense {
			out := mat.NewDense(rows, n, nil)
			for i := 0; i < rows; i++ {
				for j := 0; j < n; j++ {
					out.Set(i, j, m.At(i, j)*f[j])
				}
			}
			return out
		}
		if meq > 0 {
			tq.J = scaleCols(qp.J, meq)
		}
		if mineq > 0 {
			tq.A = scaleCols(qp.A, mineq)
		}
		u, _ := solveOK(t, qp)
		ut, rest := solveOK(t, tq)
		for i := range u {
			e := math.Abs(u[i]-f[i]*ut[i]) / math.Max(1, testutil.MaxAbs(u))
			worst = math.Max(worst, e)
			if e > 1e-10 {
				t.Fatalf("trial %d coordinate %d: u*=%v, F ũ*=%v", trial, i, u[i], f[i]*ut[i])
			}
		}
		requireKKT(t, tq, ut, rest, 1e-9)
	}
	t.Logf("worst |u* − F ũ*|/max(1,|u*|) under diagonal scaling 1e±3: %.3g", worst)
}
