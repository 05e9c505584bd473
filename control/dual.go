package control

import (
	"math"

	"gonum.org/v1/gonum/blas/blas64"
)

// Tolerances of the dual active-set iteration.
const (
	// depTol: a constraint normal n is treated as linearly dependent on the active normals
	// when the part of it outside their span, measured in the W⁻¹ metric, is no larger
	// than a relative perturbation depTol of its entries could make it:
	// ‖d₂‖ ≤ depTol·‖n‖₂·‖L⁻¹‖_F (activeFactor.independent). Constraint data computed
	// through kinematics (closure solves, lifts) carry relative errors of order 1e-13;
	// depTol leaves a margin of three orders of magnitude above that.
	depTol = 1e-10
	// feasTol: inequality i counts as violated when A_i u − b_i > feasTol·(|b_i| + ‖A_i‖₂·X),
	// X the largest ‖u‖₂ of the iterates so far: the steps leave rounding errors of order
	// ε·X in u (a component of u near zero is no more accurate than that), so a smaller
	// violation is rounding.
	feasTol = 1e-12
	// consTol: a dependent equality row is classified as consistent (rank deficient) rather
	// than inconsistent when its residual is within consTol of its scale. Both are errors.
	consTol = 1e-9
)

// dualActiveSet runs the Goldfarb–Idnani dual active-set method from the unconstrained
// minimiser held in s.x (the factor s.fac already reset to J = L⁻ᵀ). Equalities are
// added first (each with a full step; their multipliers are free in sign and never
// dropped), then in every outer step the most violated inequality p (largest violation
// per unit row norm) is added: partial steps drop active inequalities whose multiplier
// reaches zero until p becomes active with a full step. When no inequality is violated
// the iterate is refined on the final active set (refine) and feasibility is checked once
// more. It returns the step count and leaves the active set in s.act/s.uact (multipliers
// in the "nᵀu ≥ c" sign convention).
func (s *Solver) dualActiveSet(n, meq, mineq int, jr blas64.General, w []float64, ar blas64.General, b []float64, maxIter int) (int, error) {
	f := &s.fac
	x, d, z, r, np := s.x[:n], s.d[:n], s.z[:n], s.r[:n], s.np[:n]
	iters := 0
	xs := math.Sqrt(dot(x, x)) // largest iterate norm: the scale of the rounding in x

	// Equalities: row i written as σ_i J_i u ≥ σ_i w_i with σ_i chosen so that it is
	// violated (or exactly met) at the current u; a full step then makes it hold exactly.
	for i := 0; i < meq; i++ {
		row := jr.Data[i*jr.Stride : i*jr.Stride+n]
		res := dot(row, x) - w[i]
		sg := 1.0
		if res > 0 {
			sg = -1
		}
		s.sigma[i] = sg
		for k, v := range row {
			np[k] = sg * v
		}
		f.project(np, d)
		dd2 := f.primalDir(d, z)
		iters++
		if !f.independent(dd2, dot(row, row)) {
			kind := KindEqualityInconsistent
			if math.Abs(res) <= consTol*(math.Abs(w[i])+math.Sqrt(dot(row, row))*xs) {
				kind = KindEqualityRankDeficient
			}
			return iters, &InfeasibleError{Constraint: i, Kind: kind}
		}
		q := f.q
		f.dualDir(d, r)
		t := math.Abs(res) / dot(z, np)
		axpy(t, z, x)
		xs = math.Max(xs, math.Sqrt(dot(x, x)))
		for k := 0; k < q; k++ {
			s.uact[k] -= t * r[k]
		}
		f.add(d)
		s.act[q] = i
		s.uact[q] = t
	}

	// Inequalities A_p u ≤ b_p, written as −A_p u ≥ −b_p.
	refined := false
	for {
		p, worst := -1, 0.0
		for i := 0; i < mineq; i++ {
			if s.isAct[i] {
				continue
			}
			if s.anorm[i] == 0 { // 0 ≤ b_i: vacuous, or infeasible whatever u is
				if b[i] < 0 {
					return iters, &InfeasibleError{Constraint: i, Kind: KindInequality}
				}
				continue
			}
			row := ar.Data[i*ar.Stride : i*ar.Stride+n]
			v := dot(row, x) - b[i]
			if v > feasTol*(math.Abs(b[i])+s.anorm[i]*xs) {
				if v /= s.anorm[i]; v > worst {
					p, worst = i, v
				}
			}
		}
		if p < 0 {
			if refined {
				return iters, nil
			}
			// Feasible: refine once, then check feasibility again (the correction may move
			// a nearly active row across its bound at rounding level).
			s.refine(n, meq, jr, w, ar, b)
			refined = true
			continue
		}
		rowp := ar.Data[p*ar.Stride : p*ar.Stride+n]
		for k, v := range rowp {
			np[k] = -v
		}
		up := 0.0 // multiplier of p, grown from zero
		for {
			if iters >= maxIter {
				return iters, ErrMaxIterations
			}
			iters++
			q := f.q
			f.project(np, d)
			dd2 := f.primalDir(d, z)
			f.dualDir(d, r)

			// Partial step: the first active inequality whose multiplier reaches zero.
			t1, k := math.Inf(1), -1
			for j := meq; j < q; j++ {
				if r[j] > 0 {
					if tj := s.uact[j] / r[j]; tj < t1 {
						t1, k = tj, j
					}
				}
			}
			if !f.independent(dd2, s.anorm[p]*s.anorm[p]) {
				// No primal direction: p depends on the active normals.
				if k < 0 {
					return iters, &InfeasibleError{Constraint: p, Kind: KindInequality}
				}
				for j := 0; j < q; j++ {
					s.uact[j] -= t1 * r[j]
				}
				up += t1
				s.dropActive(k)
				continue
			}
			// Full step: makes p exactly active.
			slack := b[p] - dot(rowp, x) // < 0 while violated
			t2 := 0.0
			if slack < 0 {
				t2 = -slack / dot(z, np)
			}
			t := math.Min(t1, t2)
			axpy(t, z, x)
			xs = math.Max(xs, math.Sqrt(dot(x, x)))
			for j := 0; j < q; j++ {
				s.uact[j] -= t * r[j]
			}
			up += t
			if t2 <= t1 {
				f.add(d)
				s.act[q] = meq + p
				s.uact[q] = up
				s.isAct[p] = true
				break
			}
			s.dropActive(k)
		}
	}
}

// refine corrects the iterate, accumulated over all steps, by one step of iterative
// refinement of the equality-constrained problem on the final active set, with the final
// factor: the residuals c − Nᵀx of the active constraints
// (nᵀx ≥ c, evaluated with the caller's rows) give the correction δx = J₁R⁻ᵀ(c − Nᵀx),
// which restores them to first order and keeps W x + g in the span of the active normals
// (W J₁ = N R⁻¹). The multipliers are then recomputed from R u = J₁ᵀ(W x + g) instead of
// their accumulated updates.
func (s *Solver) refine(n, meq int, jr blas64.General, w []float64, ar blas64.General, b []float64) {
	f := &s.fac
	q := f.q
	x, y, wx := s.x[:n], s.d[:n], s.z[:n]
	for j := 0; j < q; j++ {
		id := s.act[j]
		if id < meq {
			row := jr.Data[id*jr.Stride : id*jr.Stride+n]
			y[j] = s.sigma[id] * (w[id] - dot(row, x))
		} else {
			p := id - meq
			y[j] = dot(ar.Data[p*ar.Stride:p*ar.Stride+n], x) - b[p]
		}
	}
	f.solveRT(y)
	for c := 0; c < q; c++ {
		axpy(y[c], f.j[c*n:c*n+n], x)
	}
	// W x = Uᵀ (U x) with the row-major Cholesky factor U, plus g.
	u := s.l
	for i := 0; i < n; i++ {
		s.r[i] = dot(u[i*n+i:i*n+n], x[i:n])
	}
	for i := 0; i < n; i++ {
		t := 0.0
		for k := 0; k <= i; k++ {
			t += u[k*n+i] * s.r[k]
		}
		wx[i] = t + s.geff[i]
	}
	for c := 0; c < q; c++ {
		y[c] = dot(f.j[c*n:c*n+n], wx)
	}
	f.dualDir(y, s.uact)
}

// dropActive removes active entry k (an inequality) from the factor and the active lists.
func (s *Solver) dropActive(k int) {
	q := s.fac.q
	s.isAct[s.act[k]-s.meqEff] = false
	copy(s.act[k:q-1], s.act[k+1:q])
	copy(s.uact[k:q-1], s.uact[k+1:q])
	s.fac.drop(k)
}
