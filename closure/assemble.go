package closure

import (
	"fmt"
	"math"

	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/joint"
	"github.com/robocompiler/robocompiler/spatial"
	"gonum.org/v1/gonum/mat"
)

// GapTol is the acceptance bound on every physical residual after assembly (m and rad).
const GapTol = 1e-12

// AssembleOptions configure Assemble.
type AssembleOptions struct {
	// Hold lists velocity indices whose coordinates are held at their seed values (the
	// independent coordinates of a partition request); nil holds nothing.
	Hold []int
	// Tol is the acceptance bound on every physical residual (0 means GapTol).
	Tol float64
	// MaxSteps bounds the continuation steps in eta (0 means 200).
	MaxSteps int
}

// Assembly is the outcome of Assemble.
type Assembly struct {
	// Q is the feasible configuration (len NQ).
	Q []float64
	// Iterations counts corrector iterations; Steps counts accepted continuation steps.
	Iterations, Steps int
	// ResidualInf is the largest |rho| entry; GapM and GapRad the largest translational
	// and rotational residuals.
	ResidualInf, GapM, GapRad float64
}

// AssemblyError is a numerical failure of assembly: how far the continuation got (Eta),
// the largest physical residual (at eta = 1) of the last accepted configuration and the
// cut it belongs to, and why it stopped.
type AssemblyError struct {
	Eta, Residual float64
	Cut           string
	Reason        string
}

// Error describes the failure.
func (e *AssemblyError) Error() string {
	return fmt.Sprintf("assembly failed: the continuation reached eta = %.6g of 1 (largest physical residual there %.3g, in %q): %s", e.Eta, e.Residual, e.Cut, e.Reason)
}

// Assemble finds a feasible configuration near the seed q0 by defect-homotopy
// continuation (eq. 11): at eta = 0 the seed satisfies the artificial problem; eta is
// raised to 1 in adaptive steps, each corrected by a truncated-SVD Gauss–Newton iteration
// with backtracking on the scaled residual over the coordinates not held. The result is
// accepted only if every physical residual is within tol, the branch window and joint
// limits hold, and every logarithm stayed on its principal branch.
func Assemble(m *compile.Model, q0 []float64, opts AssembleOptions) (*Assembly, error) {
	tol := opts.Tol
	if tol == 0 {
		tol = GapTol
	}
	steps := opts.MaxSteps
	if steps == 0 {
		steps = 200
	}
	d := NewData(m)
	a := &Assembly{Q: append([]float64(nil), q0...)}
	if m.Rows == 0 {
		return a, nil
	}
	free := make([]bool, m.NV)
	for i := range free {
		free[i] = true
	}
	for _, h := range opts.Hold {
		free[h] = false
	}
	// The defect at the seed.
	d.Residual(q0)
	rho0 := append([]float64(nil), d.Rho...)
	logDefect := make([]spatial.Vec6, len(m.Comparisons))
	for ci, c := range m.Comparisons {
		if c.Kind == compile.RowsSE3 || c.Kind == compile.RowsWeld {
			copy(logDefect[ci][:], rho0[c.Row:c.Row+6])
		}
	}
	setEta := func(eta float64) { d.setHomotopy(eta, logDefect, rho0) }
	c := newCorrector(m, free)
	eta, h := 0.0, 1.0
	q := a.Q
	trial := make([]float64, m.NQ)
	for step := 0; eta < 1; step++ {
		if step >= steps || h < 1e-6 {
			// The homotopy residual at eta is small by construction; report the physical
			// one at the last accepted configuration, which says how far the loop is open.
			setEta(1)
			d.Residual(q)
			r, row := maxResidual(d.Rho, nil, nil)
			reason := "the continuation step fell below 1e-6 without convergence (the seed may be on another branch, or the loop cannot close)"
			if step >= steps {
				reason = fmt.Sprintf("no convergence within %d continuation steps", steps)
			}
			return nil, &AssemblyError{Eta: eta, Residual: r, Cut: RowOwner(m, row), Reason: reason}
		}
		next := math.Min(1, eta+h)
		setEta(next)
		copy(trial, q)
		ctol := 1e-10
		if next == 1 {
			ctol = tol / 4
		}
		it, ok := c.solve(d, trial, ctol, 30)
		a.Iterations += it
		if !ok {
			h /= 2
			continue
		}
		copy(q, trial)
		eta = next
		a.Steps++
		h *= 2
	}
	setEta(1)
	return a, accept(m, d, a, q0, tol)
}

// setHomotopy sets the defect homotopy of eq. 11 at parameter eta ∈ [0, 1] (1: the
// physical residual) for the seed's defect: logDefect per comparison (its log rows, zero
// for other kinds) and rho0 (len Rows) its residual. It invalidates the cached placement,
// whose row maps include the defect.
func (d *Data) setHomotopy(eta float64, logDefect []spatial.Vec6, rho0 []float64) {
	d.homotopy = eta < 1
	for ci := range d.defectInv {
		d.defectInv[ci] = spatial.ExpSE3(logDefect[ci].Scale(1 - eta)).Inv()
	}
	for r := range d.defectOff {
		d.defectOff[r] = (1 - eta) * rho0[r]
	}
	d.forget()
}

// accept checks the physical residual, branch window, joint limits and logarithm domain.
func accept(m *compile.Model, d *Data, a *Assembly, q0 []float64, tol float64) error {
	d.Residual(a.Q)
	lin := RowLinear(m)
	for r, x := range d.Rho {
		x = math.Abs(x)
		a.ResidualInf = math.Max(a.ResidualInf, x)
		if lin[r] {
			a.GapM = math.Max(a.GapM, x)
		} else {
			a.GapRad = math.Max(a.GapRad, x)
		}
	}
	if id, bad := d.BranchViolation(); bad {
		return &AssemblyError{Eta: 1, Residual: a.ResidualInf, Cut: id, Reason: "a closure logarithm left its principal branch"}
	}
	if !(a.ResidualInf <= tol) { // also a NaN residual
		r, row := maxResidual(d.Rho, nil, nil)
		return &AssemblyError{Eta: 1, Residual: r, Cut: RowOwner(m, row), Reason: fmt.Sprintf("the physical residual did not reach %.0e", tol)}
	}
	bw := m.BranchWindow
	for _, j := range m.Joints {
		if j.NQ == 0 { // fixed, or an eliminated cut joint (no coordinates of its own)
			continue
		}
		qj := a.Q[j.Q0 : j.Q0+j.NQ]
		if !j.Model.WithinLimits(qj, 1e-9) {
			return &AssemblyError{Eta: 1, Residual: a.ResidualInf, Cut: j.ID,
				Reason: fmt.Sprintf("joint %q = %.6g is outside its limits [%.6g, %.6g]", j.ID, qj, j.Model.Lower[:len(qj)], j.Model.Upper[:len(qj)])}
		}
		if j.NQ != 1 {
			continue
		}
		lim := bw.RevoluteRad
		if j.Model.Kind == joint.Prismatic {
			lim = bw.PrismaticM
		}
		if dq := math.Abs(qj[0] - q0[j.Q0]); lim > 0 && dq > lim {
			return &AssemblyError{Eta: 1, Residual: a.ResidualInf, Cut: j.ID,
				Reason: fmt.Sprintf("joint %q moved %.4g from its seed, outside the branch window %.4g", j.ID, dq, lim)}
		}
	}
	return nil
}

// corrector runs truncated-SVD Gauss–Newton on the scaled residual over free columns.
type corrector struct {
	m        *compile.Model
	cols     []int
	rs, cs   []float64
	j        *mat.Dense
	dv, save []float64
}

func newCorrector(m *compile.Model, free []bool) *corrector {
	c := &corrector{m: m, rs: RowScales(m), cs: ColScales(m), dv: make([]float64, m.NV), save: make([]float64, m.NQ)}
	for i, f := range free {
		if f {
			c.cols = append(c.cols, i)
		}
	}
	c.j = mat.NewDense(m.Rows, max(len(c.cols), 1), nil)
	return c
}

// solve corrects q in place until the scaled residual is below tol; it returns the
// iterations used and whether it converged.
func (c *corrector) solve(d *Data, q []float64, tol float64, maxIt int) (int, bool) {
	m := c.m
	if len(c.cols) == 0 {
		d.Residual(q)
		r, _ := maxResidual(d.Rho, nil, c.rs)
		return 0, r <= tol
	}
	var svd mat.SVD
	rhs := mat.NewVecDense(m.Rows, nil)
	var x mat.VecDense
	for it := 1; it <= maxIt; it++ {
		d.Jacobian(q)
		r0, _ := maxResidual(d.Rho, nil, c.rs)
		if r0 <= tol {
			return it - 1, true
		}
		finite := true
		for i := 0; i < m.Rows; i++ {
			rhs.SetVec(i, -d.Rho[i]*c.rs[i])
			for k, col := range c.cols {
				x := d.C.At(i, col) * c.rs[i] * c.cs[col]
				finite = finite && x-x == 0
				c.j.Set(i, k, x)
			}
		}
		// A non-finite Jacobian (a placement that overflowed) has no correction, and the
		// SVD of one need not terminate.
		if !finite || !svd.Factorize(c.j, mat.SVDThin) {
			return it, false
		}
		s := svd.Values(nil)
		rank := 0
		for _, v := range s {
			if v > 1e-10*s[0] {
				rank++
			}
		}
		svd.SolveVecTo(&x, rhs, rank)
		for i := range c.dv {
			c.dv[i] = 0
		}
		for k, col := range c.cols {
			c.dv[col] = x.AtVec(k) * c.cs[col]
		}
		copy(c.save, q)
		step := 1.0
		for tries := 0; ; tries++ {
			m.Integrate(c.save, c.dv, step, q)
			d.Residual(q)
			r1, _ := maxResidual(d.Rho, nil, c.rs)
			if r1 < r0 || (r1 <= tol) {
				break
			}
			if tries == 12 {
				copy(q, c.save)
				return it, false
			}
			step /= 2
		}
	}
	d.Residual(q)
	r, _ := maxResidual(d.Rho, nil, c.rs)
	return maxIt, r <= tol
}
