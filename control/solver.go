package control

import (
	"fmt"
	"math"

	"github.com/robocompiler/robocompiler/internal/dense"
	"gonum.org/v1/gonum/blas/blas64"
)

// Solver solves QPs (eq. 16) of at most n variables, meq equalities and mineq inequalities
// with the Goldfarb–Idnani dual active-set method. All working storage is allocated by
// NewSolver; Solve does not allocate. A Solver is not safe for concurrent use.
type Solver struct {
	maxIter int // SolverOptions.MaxIterations

	n, meq, mineq int // capacities
	meqEff        int // equalities of the current solve (0 when relaxed)

	l      []float64 // n×n row-major: W (or W + ρJᵀJ) in the upper triangle, then its Cholesky factor U (W = UᵀU)
	fac    activeFactor
	x      []float64 // current iterate u, length n
	d      []float64 // Jᵀ n_p
	z      []float64 // primal step direction
	r      []float64 // dual step direction
	np     []float64 // normal of the constraint being added
	geff   []float64 // linear term actually minimised
	act    []int     // active constraints: equality i as i, inequality p as meqEff+p
	uact   []float64 // their multipliers (nᵀu ≥ c convention)
	sigma  []float64 // sign σ_i used for equality row i
	isAct  []bool    // inequality p active
	anorm  []float64 // ‖A_p‖₂
	mult   []float64 // Result.Multipliers
	active []int     // Result.Active
	resid  []float64 // J u − w
}

// SolverOptions are the settings of a Solver.
type SolverOptions struct {
	// MaxIterations bounds the number of active-set steps per Solve; zero selects
	// 50 + 10·(n + meq + mineq).
	MaxIterations int
}

// NewSolver preallocates a solver for QPs with n variables (W n×n), up to meq equality rows
// (J meq×n) and up to mineq inequality rows (A mineq×n), with the default options. Problems
// with fewer rows, or fewer variables, may also be solved.
func NewSolver(n, meq, mineq int) *Solver { return NewSolverWith(n, meq, mineq, SolverOptions{}) }

// NewSolverWith is NewSolver with the settings opts.
func NewSolverWith(n, meq, mineq int, opts SolverOptions) *Solver {
	if n < 1 || meq < 0 || mineq < 0 {
		panic(fmt.Sprintf("control: NewSolver(%d, %d, %d): need n ≥ 1 and non-negative row counts", n, meq, mineq))
	}
	vec := func() []float64 { return make([]float64, n) }
	return &Solver{
		maxIter: opts.MaxIterations,
		n:       n, meq: meq, mineq: mineq,
		l:      make([]float64, n*n),
		fac:    activeFactor{j: make([]float64, n*n), r: make([]float64, n*n)},
		x:      vec(),
		d:      vec(),
		z:      vec(),
		r:      vec(),
		np:     vec(),
		geff:   vec(),
		act:    make([]int, n),
		uact:   vec(),
		sigma:  make([]float64, meq),
		isAct:  make([]bool, mineq),
		anorm:  make([]float64, mineq),
		mult:   make([]float64, meq+mineq),
		active: make([]int, mineq),
		resid:  make([]float64, meq),
	}
}

// Solve minimises ½uᵀWu + Gᵀu subject to J u = Wv and A u ≤ B, writing the minimiser into
// u (length n). Dimensions inconsistent with each other or beyond the capacity given to
// NewSolver panic (docs/conventions.md). Errors: ErrRelaxWeight, ErrNonFinite,
// ErrNotSymmetric, ErrNotPositiveDefinite
// (W, or W + Weight·JᵀJ when relaxed), *InfeasibleError (dependent or inconsistent
// equality rows, or an empty feasible set), ErrMaxIterations. On error u is left unchanged
// and the Result carries only Iterations and Relaxed. qp is not modified.
func (s *Solver) Solve(qp *QP, u []float64) (Result, error) {
	n, meq, mineq, err := s.check(qp, u)
	if err != nil {
		return Result{}, err
	}
	w := qp.W.RawMatrix()
	var jr, ar blas64.General
	if meq > 0 {
		jr = qp.J.RawMatrix()
	}
	if mineq > 0 {
		ar = qp.A.RawMatrix()
	}
	relaxed := qp.Relax != nil

	// Assemble the metric and linear term actually minimised.
	geff := s.geff[:n]
	copy(geff, qp.G)
	// The factor reads the upper triangle; it is filled from W's lower triangle (entry
	// (j, i) of s.l is W_ij for j ≤ i).
	for i := 0; i < n; i++ {
		for j, v := range w.Data[i*w.Stride : i*w.Stride+i+1] {
			s.l[j*n+i] = v
		}
	}
	s.meqEff = meq
	if relaxed {
		rho := qp.Relax.Weight
		for k := 0; k < meq; k++ {
			row := jr.Data[k*jr.Stride : k*jr.Stride+n]
			for i := 0; i < n; i++ {
				if row[i] == 0 {
					continue
				}
				a := rho * row[i]
				for j, v := range row[:i+1] {
					s.l[j*n+i] += a * v
				}
			}
			axpy(-rho*qp.Wv[k], row, geff)
		}
		s.meqEff = 0
	}
	if !dense.Cholesky(s.l[:n*n], n) {
		return Result{}, ErrNotPositiveDefinite
	}

	// Unconstrained minimiser u = −W⁻¹g and the empty-active-set factor J = L⁻ᵀ.
	x := s.x[:n]
	for i, v := range geff {
		x[i] = -v
	}
	dense.CholeskySolve(s.l, n, x)
	s.fac.reset(s.l, n)
	for i := 0; i < mineq; i++ {
		s.anorm[i] = math.Sqrt(dot(ar.Data[i*ar.Stride:i*ar.Stride+n], ar.Data[i*ar.Stride:i*ar.Stride+n]))
		s.isAct[i] = false
	}

	maxIter := s.maxIter
	if maxIter <= 0 {
		maxIter = 50 + 10*(n+meq+mineq)
	}
	iters, err := s.dualActiveSet(n, s.meqEff, mineq, jr, qp.Wv, ar, qp.B, maxIter)
	if err == nil && !allFinite(x) {
		err = fmt.Errorf("%w: overflow in the solution", ErrNonFinite)
	}
	if err != nil {
		return Result{Iterations: iters, Relaxed: relaxed}, err
	}
	copy(u, x)
	return s.result(qp, n, meq, mineq, iters, jr, u), nil
}

// result assembles multipliers, active set, objective and residual for the solution u.
func (s *Solver) result(qp *QP, n, meq, mineq, iters int, jr blas64.General, u []float64) Result {
	res := Result{Iterations: iters, Relaxed: qp.Relax != nil}
	mult := s.mult[:meq+mineq]
	clear(mult)
	for j := 0; j < s.fac.q; j++ {
		id := s.act[j]
		if id < s.meqEff {
			mult[id] = -s.sigma[id] * s.uact[j]
		} else {
			mult[meq+id-s.meqEff] = s.uact[j]
		}
	}
	na := 0
	for i := 0; i < mineq; i++ {
		if s.isAct[i] {
			s.active[na] = i
			na++
		}
	}
	res.Active = s.active[:na]
	res.Multipliers = mult

	w := qp.W.RawMatrix()
	obj := dot(qp.G, u)
	for i := 0; i < n; i++ {
		obj += 0.5 * u[i] * dot(w.Data[i*w.Stride:i*w.Stride+n], u)
	}
	rr := 0.0
	for k := 0; k < meq; k++ {
		e := dot(jr.Data[k*jr.Stride:k*jr.Stride+n], u) - qp.Wv[k]
		s.resid[k] = e
		rr += e * e
	}
	if res.Relaxed {
		obj += 0.5 * qp.Relax.Weight * rr
		for k := 0; k < meq; k++ {
			mult[k] = qp.Relax.Weight * s.resid[k]
		}
	}
	res.Objective = obj
	res.EqualityResidual = math.Sqrt(rr)
	return res
}

// check validates the QP against the solver capacity and returns its dimensions. Shape
// mismatches are the caller's programming errors and panic; data problems are errors.
func (s *Solver) check(qp *QP, u []float64) (n, meq, mineq int, err error) {
	if qp == nil || qp.W == nil {
		panic("control: Solve: nil QP or W")
	}
	r, c := qp.W.Dims()
	if r != c || r > s.n {
		panic(fmt.Sprintf("control: Solve: W is %d×%d; want square, at most the solver's n = %d", r, c, s.n))
	}
	n = r
	dense.CheckLen("control: Solve", "G", len(qp.G), n)
	dense.CheckLen("control: Solve", "u", len(u), n)
	if qp.J != nil {
		var jc int
		meq, jc = qp.J.Dims()
		if jc != n || meq > s.meq {
			panic(fmt.Sprintf("control: Solve: J is %d×%d; want at most %d×%d", meq, jc, s.meq, n))
		}
	}
	dense.CheckLen("control: Solve", "Wv", len(qp.Wv), meq)
	if qp.A != nil {
		var ac int
		mineq, ac = qp.A.Dims()
		if ac != n || mineq > s.mineq {
			panic(fmt.Sprintf("control: Solve: A is %d×%d; want at most %d×%d", mineq, ac, s.mineq, n))
		}
	}
	dense.CheckLen("control: Solve", "B", len(qp.B), mineq)
	if qp.Relax != nil && !(qp.Relax.Weight > 0 && !math.IsInf(qp.Relax.Weight, 1)) {
		return 0, 0, 0, fmt.Errorf("%w: Relax.Weight = %g", ErrRelaxWeight, qp.Relax.Weight)
	}

	w := qp.W.RawMatrix()
	for i := 0; i < n; i++ {
		for j := 0; j <= i; j++ {
			a, b := w.Data[i*w.Stride+j], w.Data[j*w.Stride+i]
			if !finite(a) || !finite(b) {
				return 0, 0, 0, ErrNonFinite
			}
			if math.Abs(a-b) > 1e-10*math.Max(math.Abs(w.Data[i*w.Stride+i]), math.Abs(w.Data[j*w.Stride+j])) {
				return 0, 0, 0, ErrNotSymmetric
			}
		}
	}
	if !allFinite(qp.G) || !allFinite(qp.Wv) || !allFinite(qp.B) {
		return 0, 0, 0, ErrNonFinite
	}
	if meq > 0 && !rawFinite(qp.J.RawMatrix(), meq, n) || mineq > 0 && !rawFinite(qp.A.RawMatrix(), mineq, n) {
		return 0, 0, 0, ErrNonFinite
	}
	return n, meq, mineq, nil
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

func allFinite(x []float64) bool {
	for _, v := range x {
		if !finite(v) {
			return false
		}
	}
	return true
}

func rawFinite(m blas64.General, rows, cols int) bool {
	for i := 0; i < rows; i++ {
		if !allFinite(m.Data[i*m.Stride : i*m.Stride+cols]) {
			return false
		}
	}
	return true
}
