package control

import (
	"errors"
	"fmt"
)

// ErrNotPositiveDefinite is returned when the metric W (or W + Weight·JᵀJ when relaxed) is
// not numerically symmetric positive definite: a Cholesky pivot was not above n·ε times its
// diagonal entry (the library's one tolerance, internal/dense.Cholesky).
var ErrNotPositiveDefinite = errors.New("control: matrix is not symmetric positive definite")

// ErrNotSymmetric is returned when W differs from Wᵀ by more than 1e-10 relative to its
// diagonal scale.
var ErrNotSymmetric = errors.New("control: metric W is not symmetric")

// ErrMaxIterations is returned when the active-set iteration does not terminate within
// SolverOptions.MaxIterations steps (a sign of cycling on a badly degenerate problem).
var ErrMaxIterations = errors.New("control: QP iteration limit reached")

// ErrNonFinite is returned when a QP input contains NaN or ±Inf.
var ErrNonFinite = errors.New("control: non-finite QP input")

// ErrRelaxWeight is returned (wrapped, with the value) when QP.Relax.Weight is not positive
// and finite.
var ErrRelaxWeight = errors.New("control: relaxation weight must be positive and finite")

// Kinds of infeasibility reported in InfeasibleError.Kind.
const (
	// KindEqualityInconsistent: row Constraint of J u = w is a linear combination of earlier
	// rows but its right side w is not the same combination (no u satisfies the task).
	KindEqualityInconsistent = "equality-inconsistent"
	// KindEqualityRankDeficient: row Constraint of J is (numerically) a linear combination of
	// earlier rows with a consistent right side; J lacks full row rank, so the multipliers
	// and the weighted pseudo-inverse of eq. 17 are undefined.
	KindEqualityRankDeficient = "equality-rank-deficient"
	// KindInequality: inequality row Constraint of A u ≤ b cannot be satisfied together with
	// the equalities and the inequalities active when it was examined; the dual problem is
	// unbounded, so the feasible set is empty. This includes rows that are independent of
	// the active rows only at the rounding level of the constraint data (relative 1e-10):
	// satisfying them would take velocities of order 1/(that rounding-level part).
	KindInequality = "inequality"
)

// InfeasibleError reports an infeasible (or rank-deficient) task. Constraint is the
// 0-based row index into J (equality kinds) or into A (KindInequality). The task is never
// softened silently; see QP.Relax for the declared relaxation.
type InfeasibleError struct {
	Constraint int
	Kind       string
}

// Error describes the infeasible row and its kind.
func (e *InfeasibleError) Error() string {
	switch e.Kind {
	case KindInequality:
		return fmt.Sprintf("control: infeasible QP: inequality row %d of A u ≤ b cannot be satisfied with the other constraints", e.Constraint)
	case KindEqualityInconsistent:
		return fmt.Sprintf("control: infeasible QP: equality row %d of J u = w is inconsistent with the earlier rows", e.Constraint)
	case KindEqualityRankDeficient:
		return fmt.Sprintf("control: QP equality row %d of J is linearly dependent on the earlier rows (J lacks full row rank)", e.Constraint)
	}
	return fmt.Sprintf("control: infeasible QP: constraint %d (%s)", e.Constraint, e.Kind)
}
