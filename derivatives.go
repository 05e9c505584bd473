package robocompiler

import (
	"errors"
	"fmt"
	"math"

	"github.com/robocompiler/robocompiler/closure"
	"github.com/robocompiler/robocompiler/dyn"
	"github.com/robocompiler/robocompiler/internal/dense"
	"github.com/robocompiler/robocompiler/spatial"
)

// DefaultDerivativeStep is the difference step (rad or m along one independent coordinate)
// of the configuration derivatives when Derivatives.Step is 0.
const DefaultDerivativeStep = 1e-3

// ErrSingularPortMap reports a square port map L that LU factorisation rejects: the ports
// cannot produce every reduced effort at this configuration, so the inverse dynamics has
// no unique efforts.
var ErrSingularPortMap = errors.New("the port map L is singular at this configuration: the ports cannot produce every reduced effort")

// ErrLoopFormDerivatives reports partial derivatives asked of a workspace in the loop form
// (Data.LoopForm), which keeps no dense M_r for them.
var ErrLoopFormDerivatives = fmt.Errorf("the partial derivatives need the dense M_r, which the loop form (a model with loops of more than %d velocities) does not keep", LoopFormMin)

// differenceRCond is the reciprocal condition number of R_p below which the difference
// steps of the configuration derivatives give up the state's partition.
const differenceRCond = 1e3 * closure.SingularTol

// Derivatives is the caller-owned workspace of the partial derivatives of the reduced
// dynamics at one assembled state, in Pinocchio's convention (ddq_dq, ddq_dv, ddq_dtau):
// the state is parametrised as the forward call is, by the independent coordinates q_I
// (moved by Data.Track, so that dq/dq_I = E), the independent speeds U and the port
// efforts f. Matrices are row-major; D is the mobility and NF the number of ports.
//
// How they are computed: ∂u̇/∂f = M_r⁻¹ Lᵀ and ∂f/∂u̇ = L⁻ᵀ M_r in closed form; the
// configuration and speed partials analytically (derivatives_analytic.go: the tangent
// RNEA for the tree, the derivatives of the lift and the curvature from C E = 0 and
// C c = −γ with the second and third derivatives of the residual), exact to round-off,
// whenever the tangent recursions cover the model (Analytic; every built-in and shared
// model). Otherwise — universal or planar joints, two-point ports — and when Differences is
// set, by the difference method:
//   - the speed partials by polarisation: at a fixed configuration u̇ and f are quadratic
//     polynomials in U (velocity products, the curvature Ė U, linear damping), so
//     (y(U + s e_j) − y(U − s e_j)) / 2s is their derivative exactly, for any s;
//   - the configuration partials by central differences along the closure manifold with
//     one Richardson extrapolation (steps Step and Step/2, each point re-tracked by the
//     closure tracker with the independent coordinates held): truncation O(Step⁴), about
//     1e-10 relative at the default step.
//
// A workspace belongs to one Data (NewDerivatives); it re-binds itself, allocating, when
// the data's partition or model changes, and allocates nothing otherwise.
type Derivatives struct {
	// D is the mobility and NF the number of ports.
	D, NF int
	// DUdotDq = ∂u̇/∂q_I (D×D, 1/s² per unit coordinate), DUdotDU = ∂u̇/∂U (D×D, 1/s) and
	// DUdotDf = ∂u̇/∂f (D×NF), filled by ForwardDerivatives.
	DUdotDq, DUdotDU, DUdotDf []float64
	// F (len NF) are the port efforts of the inverse dynamics f = ID(q_I, U, u̇), and
	// DfDq = ∂f/∂q_I, DfDU = ∂f/∂U and DfDUdot = ∂f/∂u̇ (NF×D each, NF = D), filled by
	// InverseDerivatives.
	F                   []float64
	DfDq, DfDU, DfDUdot []float64
	// Step is the configuration difference step (rad or m); 0 means DefaultDerivativeStep.
	Step float64
	// Analytic reports that the last call computed every partial analytically: on models
	// whose joints the tangent recursions cover (dyn.Data.TangentSupported,
	// closure.Data.TangentSupported) and whose ports are joint ports, unless Differences.
	Analytic bool
	// Differences forces the difference method (the reference the analytic path is
	// benchmarked against).
	Differences bool

	an *analytic // the analytic path's workspace (nil until used)

	aux           *Data              // the evaluation workspace, placed at the state
	model         *Model             // the model aux was made for
	part          *closure.Partition // the partition aux was placed with
	du, u, y, acc []float64          // len D; y is the last evaluation (len max(D, NF))
	ym            []float64
	mr            []float64 // M_r factor (D×D) or Lᵀ factor
	piv           []int
}

// NewDerivatives allocates the derivative workspace of d's model and mobility.
func (d *Data) NewDerivatives() *Derivatives {
	n, nf := d.Mobility(), len(d.m.Ports)
	k := max(n, nf)
	return &Derivatives{D: n, NF: nf,
		DUdotDq: make([]float64, n*n), DUdotDU: make([]float64, n*n), DUdotDf: make([]float64, n*nf),
		F: make([]float64, nf), DfDq: make([]float64, nf*n), DfDU: make([]float64, nf*n), DfDUdot: make([]float64, nf*n),
		du: make([]float64, n), u: make([]float64, n), y: make([]float64, k), ym: make([]float64, k), acc: make([]float64, k),
		mr: make([]float64, k*k), piv: make([]int, k)}
}

// bind checks that w fits d and places the evaluation workspace at d's state.
func (w *Derivatives) bind(op string, d *Data) error {
	if err := d.assembled(op); err != nil {
		return err
	}
	if d.loop != nil {
		return fmt.Errorf("%s: %w", op, ErrLoopFormDerivatives)
	}
	if w.D != d.Mobility() || w.NF != len(d.Kin.Ports) {
		return fmt.Errorf("%s: the derivative workspace is for mobility %d and %d ports; the state has %d and %d (make it with NewDerivatives after the state changes mode)",
			op, w.D, w.NF, d.Mobility(), len(d.Kin.Ports))
	}
	if w.aux == nil || w.model != d.m || w.part != d.Partition() || w.aux.Partition() != w.part {
		// The evaluation workspace keeps the partition until R_p is singular (not merely
		// ill-conditioned, where a tracker re-decides): the differences must stay in the
		// state's chart.
		m := *d.m
		m.Tracking.RCondTol = differenceRCond
		aux := m.NewData()
		if err := aux.Place(d.Q, d.Partition()); err != nil {
			return err
		}
		w.aux, w.model, w.part = aux, d.m, d.Partition()
	}
	return nil
}

// ForwardDerivatives evaluates the forward pipeline at the state (Q, U) with the port
// efforts f (len NF; nil: none) and external forces fext (as for Forward), then fills
// w.DUdotDq, w.DUdotDU and w.DUdotDf (see Derivatives for the method). d is left as by
// Forward(f, fext). It returns the errors of Forward, and an error when the partition
// would reconfigure within the difference step.
func (d *Data) ForwardDerivatives(w *Derivatives, f []float64, fext []spatial.Vec6) error {
	const op = "ForwardDerivatives"
	if err := w.bind(op, d); err != nil {
		return err
	}
	if err := d.Forward(f, fext); err != nil {
		return err
	}
	n, nf := w.D, w.NF
	if n == 0 {
		return nil
	}
	// ∂u̇/∂f = M_r⁻¹ Lᵀ.
	copy(w.mr, d.Reduced.Mr)
	if !dense.Cholesky(w.mr[:n*n], n) {
		return dyn.ErrReducedNotPositiveDefinite
	}
	l := d.Kin.L.RawMatrix()
	for k := range nf {
		x := w.acc[:n]
		copy(x, l.Data[k*l.Stride:k*l.Stride+n])
		dense.CholeskySolve(w.mr, n, x)
		for i, v := range x {
			w.DUdotDf[i*nf+k] = v
		}
	}
	if w.Analytic = w.analyticCase(d); w.Analytic {
		copy(w.an.av, d.A)
		w.analyticPartials(d, f, fext, false)
		return nil
	}
	if err := w.speedPartials(d, false, f, fext, w.DUdotDU, n); err != nil {
		return err
	}
	return w.configPartials(d, false, f, fext, w.DUdotDq, n)
}

// InverseDerivatives evaluates the reduced inverse dynamics at the state (Q, U, Udot) —
// Inverse(fext), then the port efforts w.F = L⁻ᵀ TauR that produce Udot — and fills w.DfDq,
// w.DfDU and w.DfDUdot (see Derivatives). The port map must be square (NF = D) and
// invertible: redundant or under-actuated port maps have no unique efforts, and their
// least-squares or QP resolution is not differentiated here; that is an error naming the
// shape. d is left as by Inverse(fext).
func (d *Data) InverseDerivatives(w *Derivatives, fext []spatial.Vec6) error {
	const op = "InverseDerivatives"
	if err := w.bind(op, d); err != nil {
		return err
	}
	n := w.D
	if w.NF != n {
		return fmt.Errorf("%s: the port map L is %d×%d (ports × mobility); the inverse dynamics and their derivatives need a square, exactly actuated port map", op, w.NF, n)
	}
	if err := d.Inverse(fext); err != nil {
		return err
	}
	if n == 0 {
		return nil
	}
	if err := w.factorLT(op, d); err != nil {
		return err
	}
	copy(w.F, d.TauR)
	dense.LUSolve(w.mr, n, w.piv, w.F)
	// ∂f/∂u̇ = L⁻ᵀ M_r, column by column.
	for j := range n {
		x := w.acc[:n]
		for i := range n {
			x[i] = d.Reduced.Mr[i*n+j]
		}
		dense.LUSolve(w.mr, n, w.piv, x)
		for i, v := range x {
			w.DfDUdot[i*n+j] = v
		}
	}
	if w.Analytic = w.analyticCase(d); w.Analytic {
		dyn.TreeAcceleration(d.Lift().E, d.Curv, d.Udot, w.an.av)
		w.analyticPartials(d, w.F, fext, true)
		return nil
	}
	if err := w.speedPartials(d, true, nil, fext, w.DfDU, n); err != nil {
		return err
	}
	return w.configPartials(d, true, nil, fext, w.DfDq, n)
}

// factorLT factors Lᵀ (D×D) of data e into w.mr, w.piv.
func (w *Derivatives) factorLT(op string, e *Data) error {
	n := w.D
	l := e.Kin.L.RawMatrix()
	for i := range n {
		for k := range n {
			w.mr[i*n+k] = l.Data[k*l.Stride+i]
		}
	}
	if !dense.LU(w.mr[:n*n], n, w.piv) {
		return fmt.Errorf("%s: %w", op, ErrSingularPortMap)
	}
	return nil
}

// eval evaluates at aux's state the forward dynamics (u̇ for f) or the inverse dynamics
// (the efforts for Udot) into w.y.
func (w *Derivatives) eval(inverse bool, f []float64, fext []spatial.Vec6) error {
	a := w.aux
	if !inverse {
		if err := a.Forward(f, fext); err != nil {
			return err
		}
		copy(w.y, a.Udot)
		return nil
	}
	if err := a.Inverse(fext); err != nil {
		return err
	}
	if err := w.factorLT("InverseDerivatives", a); err != nil {
		return err
	}
	copy(w.y, a.TauR)
	dense.LUSolve(w.mr, w.D, w.piv, w.y[:w.D])
	return nil
}

// speedPartials writes into out (rows × D) the exact derivative in U of the evaluation
// by polarisation of its quadratic dependence on the speeds.
func (w *Derivatives) speedPartials(d *Data, inverse bool, f []float64, fext []spatial.Vec6, out []float64, rows int) error {
	n, a := w.D, w.aux
	if err := a.Reset(d.Q); err != nil {
		return err
	}
	s := 1.0
	for _, x := range d.U {
		s = math.Max(s, math.Abs(x))
	}
	for j := range n {
		for pass, sign := range [2]float64{-1, 1} {
			copy(w.u, d.U)
			w.u[j] += sign * s
			if err := a.SetState(w.u, d.Udot); err != nil {
				return err
			}
			if err := w.eval(inverse, f, fext); err != nil {
				return err
			}
			if pass == 0 {
				copy(w.ym, w.y[:rows])
			}
		}
		for i := range rows {
			out[i*n+j] = (w.y[i] - w.ym[i]) / (2 * s)
		}
	}
	return nil
}

// configPartials writes into out (rows × D) the derivative in the independent
// coordinates by central differences along the manifold at steps h and h/2, combined by
// Richardson extrapolation.
func (w *Derivatives) configPartials(d *Data, inverse bool, f []float64, fext []spatial.Vec6, out []float64, rows int) error {
	n, a := w.D, w.aux
	h := w.Step
	if h == 0 {
		h = DefaultDerivativeStep
	}
	for j := range n {
		for level, step := range [2]float64{h, h / 2} {
			for pass, sign := range [2]float64{-1, 1} {
				if err := a.Reset(d.Q); err != nil {
					return err
				}
				clear(w.du)
				w.du[j] = sign * step
				if err := a.Track(w.du); err != nil {
					return fmt.Errorf("configuration derivative along independent coordinate %d (step %g): %w", j, sign*step, err)
				}
				if a.Partition() != w.part {
					return fmt.Errorf("configuration derivative along independent coordinate %d: the partition reconfigures within the step %g (R_p is singular to %.0e nearby)", j, sign*step, differenceRCond)
				}
				if err := a.SetState(d.U, d.Udot); err != nil {
					return err
				}
				if err := w.eval(inverse, f, fext); err != nil {
					return err
				}
				if pass == 0 {
					copy(w.ym, w.y[:rows])
				}
			}
			for i := range rows {
				g := (w.y[i] - w.ym[i]) / (2 * step)
				if level == 0 {
					w.acc[i] = g
				} else {
					out[i*n+j] = (4*g - w.acc[i]) / 3
				}
			}
		}
	}
	return nil
}
