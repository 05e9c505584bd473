package control

import (
	"math"

	"gonum.org/v1/gonum/blas/blas64"
)

// Tolerances of the dual active-set iteration.
const (
	// depTol: a constraint normal is treated as linearly dependent on the active normals
	// when the part of it outside their span, measured in the W⁻¹ metric, satisfies
	// ‖d₂‖ ≤ depTol·‖d‖ (d = Jᵀn, so ‖d‖² = nᵀW⁻¹n).
	depTol = 1e-10
	// feasTol: inequality i counts as violated when A_i u − b_i > feasTol·(|b_i| + Σ_j|A_ij u_j|),
	// i.e. beyond the rounding level of evaluating the row.
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
// reaches zero until p becomes active with a full step. It returns the step count and
// leaves the active set in s.act/s.uact (multipliers in the "nᵀu ≥ c" sign convention).
func (s *Solver) dualActiveSet(n, meq, mineq int, jr blas64.General, w []float64, ar blas64.General, b []float64, maxIter int) (int, error) {
	f := &s.fac
	x, d, z, r, np := s.x[:n], s.d[:n], s.z[:n], s.r[:n], s.np[:n]
	iters := 0

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
		dd := dot(d, d)
		dd2 := f.primalDir(d, z)
		iters++
		if !(dd2 > depTol*depTol*dd) {
			kind := KindEqualityInconsistent
			if math.Abs(res) <= consTol*(math.Abs(w[i])+absDot(row, x)) {
				kind = KindEqualityRankDeficient
			}
			return iters, &InfeasibleError{Constraint: i, Kind: kind}
		}
		q := f.q
		f.dualDir(d, r)
		t := math.Abs(res) / dot(z, np)
		axpy(t, z, x)
		for k := 0; k < q; k++ {
			s.uact[k] -= t * r[k]
		}
		f.add(d)
		s.act[q] = i
		s.uact[q] = t
	}

	// Inequalities A_p u ≤ b_p, written as −A_p u ≥ −b_p.
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
			if v > feasTol*(math.Abs(b[i])+absDot(row, x)) {
				if v /= s.anorm[i]; v > worst {
					p, worst = i, v
				}
			}
		}
		if p < 0 {
			return iters, nil
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
			dd := dot(d, d)
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
			if !(dd2 > depTol*depTol*dd) {
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

// dropActive removes active entry k (an inequality) from the factor and the active lists.
func (s *Solver) dropActive(k int) {
	q := s.fac.q
	s.isAct[s.act[k]-s.meqEff] = false
	copy(s.act[k:q-1], s.act[k+1:q])
	copy(s.uact[k:q-1], s.uact[k+1:q])
	s.fac.drop(k)
}

func absDot(x, y []float64) float64 {
	y = y[:len(x)]
	sum := 0.0
	for i, v := range x {
		sum += math.Abs(v * y[i])
	}
	return sum
}
