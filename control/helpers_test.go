package control

import (
	"github.com/robocompiler/robocompiler/internal/testutil"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// randSPD returns a random symmetric positive definite n×n matrix MᵀM + δI.
func randSPD(rng *rand.Rand, n int) *mat.Dense {
	m := randMat(rng, n, n)
	var w mat.Dense
	w.Mul(m.T(), m)
	for i := 0; i < n; i++ {
		w.Set(i, i, w.At(i, i)+0.2)
	}
	// exact symmetry
	for i := 0; i < n; i++ {
		for j := 0; j < i; j++ {
			w.Set(j, i, w.At(i, j))
		}
	}
	return &w
}

func randMat(rng *rand.Rand, r, c int) *mat.Dense {
	d := make([]float64, r*c)
	for i := range d {
		d[i] = rng.NormFloat64()
	}
	return mat.NewDense(r, c, d)
}

func randVec(rng *rand.Rand, n int, scale float64) []float64 {
	v := make([]float64, n)
	for i := range v {
		v[i] = scale * rng.NormFloat64()
	}
	return v
}

// randQP builds a feasible random QP: equalities and inequalities are satisfied at a random
// point u0 (a fraction of the inequalities tightly), and g pushes the unconstrained optimum
// away so that many inequalities become active.
func randQP(rng *rand.Rand, n, meq, mineq int) *QP {
	qp := &QP{W: randSPD(rng, n), G: randVec(rng, n, 3)}
	u0 := randVec(rng, n, 1)
	if meq > 0 {
		qp.J = randMat(rng, meq, n)
		qp.Wv = matVec(qp.J, u0)
	}
	if mineq > 0 {
		qp.A = randMat(rng, mineq, n)
		qp.B = matVec(qp.A, u0)
		for i := range qp.B {
			if rng.Float64() > 0.2 {
				qp.B[i] += rng.Float64()
			}
		}
	}
	return qp
}

func matVec(m mat.Matrix, x []float64) []float64 {
	r, _ := m.Dims()
	y := mat.NewVecDense(r, nil)
	y.MulVec(m, mat.NewVecDense(len(x), x))
	return y.RawVector().Data
}

func dims(qp *QP) (n, meq, mineq int) {
	n, _ = qp.W.Dims()
	if qp.J != nil {
		meq, _ = qp.J.Dims()
	}
	if qp.A != nil {
		mineq, _ = qp.A.Dims()
	}
	return
}

// kktError returns the worst violation of the four KKT conditions, each relative to the
// scale of the terms involved: stationarity ‖Wu+g+Jᵀμ+Aᵀλ‖∞, primal feasibility
// (|Ju−w|, max(Au−b, 0)), dual feasibility max(−λ, 0), complementarity |λ_i (A_i u − b_i)|.
func kktError(qp *QP, u []float64, res Result) (stat, primal, dual, compl float64) {
	n, meq, mineq := dims(qp)
	mu, lam := res.Multipliers[:meq], res.Multipliers[meq:]
	st := matVec(qp.W, u)
	scale := testutil.MaxAbs(st) + testutil.MaxAbs(qp.G)
	for i := range st {
		st[i] += qp.G[i]
	}
	if meq > 0 {
		t := matVec(qp.J.T(), mu)
		scale += testutil.MaxAbs(t)
		for i := range st {
			st[i] += t[i]
		}
	}
	if mineq > 0 {
		t := matVec(qp.A.T(), lam)
		scale += testutil.MaxAbs(t)
		for i := range st {
			st[i] += t[i]
		}
	}
	stat = testutil.MaxAbs(st) / math.Max(1, scale)
	_ = n
	usc := math.Max(1, testutil.MaxAbs(u))
	if meq > 0 && !res.Relaxed {
		r := matVec(qp.J, u)
		for i := range r {
			primal = math.Max(primal, math.Abs(r[i]-qp.Wv[i])/usc)
		}
	}
	if mineq > 0 {
		r := matVec(qp.A, u)
		for i := range r {
			s := r[i] - qp.B[i]
			primal = math.Max(primal, s/usc)
			compl = math.Max(compl, math.Abs(lam[i]*s)/math.Max(1, math.Abs(lam[i])*usc))
		}
	}
	for _, l := range lam {
		dual = math.Max(dual, -l)
	}
	return
}

// requireKKT fails the test unless all KKT residuals are ≤ tol, and returns the worst.
func requireKKT(t *testing.T, qp *QP, u []float64, res Result, tol float64) float64 {
	t.Helper()
	s, p, d, c := kktError(qp, u, res)
	if s > tol || p > tol || d > tol || c > tol {
		t.Fatalf("KKT violated: stationarity %.3g, primal %.3g, dual %.3g, complementarity %.3g", s, p, d, c)
	}
	return math.Max(math.Max(s, p), math.Max(d, c))
}

// bruteForce enumerates every subset of the inequalities, solves the KKT system with the
// equalities and that subset active, and returns the first candidate that is primal
// feasible with non-negative multipliers — by strict convexity the unique optimum. ok is
// false if no subset qualifies (infeasible problem).
func bruteForce(qp *QP) (u []float64, ok bool) {
	n, meq, mineq := dims(qp)
	for mask := 0; mask < 1<<mineq; mask++ {
		var rows []int
		for i := 0; i < mineq; i++ {
			if mask&(1<<i) != 0 {
				rows = append(rows, i)
			}
		}
		m := meq + len(rows)
		if m > n {
			continue
		}
		k := mat.NewDense(n+m, n+m, nil)
		rhs := mat.NewVecDense(n+m, nil)
		for i := 0; i < n; i++ {
			for j := 0; j < n; j++ {
				k.Set(i, j, qp.W.At(i, j))
			}
			rhs.SetVec(i, -qp.G[i])
		}
		for r := 0; r < m; r++ {
			for j := 0; j < n; j++ {
				var v float64
				if r < meq {
					v = qp.J.At(r, j)
				} else {
					v = qp.A.At(rows[r-meq], j)
				}
				k.Set(n+r, j, v)
				k.Set(j, n+r, v)
			}
			if r < meq {
				rhs.SetVec(n+r, qp.Wv[r])
			} else {
				rhs.SetVec(n+r, qp.B[rows[r-meq]])
			}
		}
		var lu mat.LU
		lu.Factorize(k)
		if lu.Cond() > 1e10 {
			continue
		}
		var sol mat.VecDense
		if err := lu.SolveVecTo(&sol, false, rhs); err != nil {
			continue
		}
		x := sol.RawVector().Data
		cand := append([]float64(nil), x[:n]...)
		good := true
		for r := meq; r < m; r++ {
			if x[n+r] < -1e-9 {
				good = false
			}
		}
		if mineq > 0 {
			ax := matVec(qp.A, cand)
			for i := range ax {
				if ax[i]-qp.B[i] > 1e-9*(1+math.Abs(qp.B[i])) {
					good = false
				}
			}
		}
		if good {
			return cand, true
		}
	}
	return nil, false
}

// transformQP returns the QP in the coordinates ũ of the change of variables u = F ũ
// (F n×n invertible): metric FᵀWF (symmetrised exactly), linear term Fᵀg, rows J F and
// A F, the same right sides. Its minimiser ũ* satisfies u* = F ũ*.
func transformQP(qp *QP, f *mat.Dense) *QP {
	n, meq, mineq := dims(qp)
	tq := &QP{G: matVec(f.T(), qp.G), Wv: qp.Wv, B: qp.B, Relax: qp.Relax}
	var wf, ftwf mat.Dense
	wf.Mul(qp.W, f)
	ftwf.Mul(f.T(), &wf)
	for i := 0; i < n; i++ {
		for j := 0; j < i; j++ {
			v := 0.5 * (ftwf.At(i, j) + ftwf.At(j, i))
			ftwf.Set(i, j, v)
			ftwf.Set(j, i, v)
		}
	}
	tq.W = &ftwf
	if meq > 0 {
		tq.J = new(mat.Dense)
		tq.J.Mul(qp.J, f)
	}
	if mineq > 0 {
		tq.A = new(mat.Dense)
		tq.A.Mul(qp.A, f)
	}
	return tq
}
