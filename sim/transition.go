package sim

import (
	"fmt"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/closure"
	"github.com/robocompiler/robocompiler/spatial"
)

// Transition is the discrete-time transition derivative of one integrator step, for
// iLQR/DDP: the step maps the state x = (ξ, U) — ξ the displacement of the independent
// coordinates from the step's start (Data.Track's du, rad or m), U the independent speeds
// — and the port efforts f, held constant over the step, to the next state x⁺ = (ξ⁺, U⁺).
// Step fills
//
//	A = ∂x⁺/∂x  (2D × 2D, row-major; rows and columns ordered ξ then U)
//	B = ∂x⁺/∂f  (2D × NF, row-major)
//
// by the chain rule through the integrator's stages, from the reduced-dynamics partials
// at each stage (robocompiler.Data.ForwardDerivatives). The chart is additive in 1-DoF
// independent coordinates; for a multi-DoF independent joint (a ball or free joint) ξ is
// the tracker's increment, and A is exact to first order in Δt·|U| there.
//
// It is a caller-owned workspace bound to one model and mobility; Step allocates nothing
// once bound (it re-binds, allocating, when the state's partition changes).
type Transition struct {
	// D is the mobility and NF the number of ports.
	D, NF int
	// A (2D×2D) and B (2D×NF) are the transition derivatives of the last Step.
	A, B []float64
	// Q (len NQ) and U (len D) are the state after the last Step: that of a Sim step of
	// the same integrator and Dt from the same state with a controller that applies f.
	Q, U []float64

	aux  *robocompiler.Data
	skip bool // Advance: no derivatives
	der  *robocompiler.Derivatives
	du   []float64
	x    []float64
	ku   [4][]float64 // stage speeds
	ka   [4][]float64 // stage accelerations
	sx   []float64    // D × M: sensitivity of the stage position (M = 2D+NF columns)
	sku  [4][]float64 // D × M per stage
	ska  [4][]float64 // D × M per stage
}

// NewTransition allocates the transition workspace for d's model and mobility.
func NewTransition(d *robocompiler.Data) *Transition {
	n, nf := d.Mobility(), len(d.Kin.Ports)
	m := 2*n + nf
	t := &Transition{D: n, NF: nf, A: make([]float64, 4*n*n), B: make([]float64, 2*n*nf),
		Q: make([]float64, d.Model().NQ), U: make([]float64, n),
		du: make([]float64, n), x: make([]float64, n), sx: make([]float64, n*m)}
	for i := range t.ku {
		t.ku[i], t.ka[i] = make([]float64, n), make([]float64, n)
		t.sku[i], t.ska[i] = make([]float64, n*m), make([]float64, n*m)
	}
	return t
}

// Step takes one step of the integrator integ with step dt (s) from d's state (Q, U) with
// the port efforts f (len NF; nil: none) and the external forces fext (as for Forward),
// both constant over the step, on a private workspace (d is not moved), and fills A, B,
// Q and U. It returns an error when the partition reconfigures within the step (A would
// mix two charts) and the errors of the dynamics.
func (t *Transition) Step(d *robocompiler.Data, f []float64, fext []spatial.Vec6, dt float64, integ Integrator) error {
	if !(dt > 0) {
		return fmt.Errorf("sim: Transition.Step: dt = %g s; it must be positive", dt)
	}
	if d.Tracker == nil {
		return fmt.Errorf("sim: Transition.Step: the workspace holds no state; assemble it first")
	}
	n, nf := t.D, t.NF
	if n != d.Mobility() || nf != len(d.Kin.Ports) {
		return fmt.Errorf("sim: Transition.Step: the workspace is for mobility %d and %d ports; the state has %d and %d", n, nf, d.Mobility(), len(d.Kin.Ports))
	}
	if t.aux == nil || t.aux.Model() != d.Model() || t.aux.Partition() != d.Partition() {
		aux := d.Model().NewData()
		if err := aux.Place(d.Q, d.Partition()); err != nil {
			return err
		}
		t.aux, t.der = aux, aux.NewDerivatives()
	} else if err := t.aux.Reset(d.Q); err != nil {
		return err
	}
	part := t.aux.Partition()
	copy(t.ku[0], d.U)
	clear(t.x)
	m := 2*n + nf
	// Stage 0 at the step's start: ξ = 0, U = u.
	setIdentity(t.sx, n, m, 0)
	setIdentity(t.sku[0], n, m, n)
	if err := t.stage(0, f, fext); err != nil {
		return err
	}
	stages := 1
	if integ == RK4 {
		stages = 4
		for st := 1; st < 4; st++ {
			h := rk4Nodes[st] * dt
			for i := range n {
				t.ku[st][i] = d.U[i] + h*t.ka[st-1][i]
				next := h * t.ku[st-1][i]
				t.du[i] = next - t.x[i]
				t.x[i] = next
			}
			if err := t.move(part); err != nil {
				return err
			}
			// ∂ξ_st = [I 0 0] + h ∂ku_{st−1}; ∂ku_st = [0 I 0] + h ∂ka_{st−1}.
			axpyIdentity(t.sx, t.sku[st-1], h, n, m, 0)
			axpyIdentity(t.sku[st], t.ska[st-1], h, n, m, n)
			if err := t.stage(st, f, fext); err != nil {
				return err
			}
		}
	}
	// Combine: ξ⁺ = Σ b_i Δt ku_i (RK4) or Δt U⁺ (semi-implicit Euler); U⁺ = u + Σ b_i Δt ka_i.
	w := [4]float64{1, 0, 0, 0}
	if integ == RK4 {
		w = [4]float64{1.0 / 6, 2.0 / 6, 2.0 / 6, 1.0 / 6}
	}
	for i := range n {
		xi, ui := 0.0, d.U[i]
		for st := range stages {
			xi += dt * w[st] * t.ku[st][i]
			ui += dt * w[st] * t.ka[st][i]
		}
		t.U[i] = ui
		if integ != RK4 {
			xi = dt * ui
		}
		t.du[i] = xi - t.x[i]
	}
	for i := 0; i < n && !t.skip; i++ {
		for c := range m {
			sx, su := 0.0, 0.0
			if c == i {
				sx = 1
			}
			if c == n+i {
				su = 1
			}
			for st := range stages {
				sx += dt * w[st] * t.sku[st][i*m+c]
				su += dt * w[st] * t.ska[st][i*m+c]
			}
			if integ != RK4 { // ξ⁺ = Δt U⁺
				sx = dt * su
				if c == i {
					sx++
				}
			}
			if c < 2*n {
				t.A[i*2*n+c], t.A[(n+i)*2*n+c] = sx, su
			} else {
				t.B[i*nf+c-2*n], t.B[(n+i)*nf+c-2*n] = sx, su
			}
		}
	}
	if err := t.move(part); err != nil {
		return err
	}
	copy(t.Q, t.aux.Q)
	return nil
}

// Advance is Step without the derivatives: it fills Q and U only, at the cost of the
// integrator's own evaluations (for the rollouts of a trajectory optimiser).
func (t *Transition) Advance(d *robocompiler.Data, f []float64, fext []spatial.Vec6, dt float64, integ Integrator) error {
	t.skip = true
	defer func() { t.skip = false }()
	return t.Step(d, f, fext, dt, integ)
}

// stage evaluates the reduced dynamics and its partials at the private workspace's
// configuration with speeds ku[st], and the sensitivity ∂ka_st = A_q ∂ξ + A_U ∂ku_st +
// [0 0 ∂u̇/∂f].
func (t *Transition) stage(st int, f []float64, fext []spatial.Vec6) error {
	if err := t.aux.SetState(t.ku[st], nil); err != nil {
		return err
	}
	if t.skip {
		if err := t.aux.Forward(f, fext); err != nil {
			return err
		}
		copy(t.ka[st], t.aux.Udot)
		return nil
	}
	if err := t.aux.ForwardDerivatives(t.der, f, fext); err != nil {
		return err
	}
	copy(t.ka[st], t.aux.Udot)
	n, nf := t.D, t.NF
	m := 2*n + nf
	g := t.der
	for i := range n {
		row := t.ska[st][i*m : i*m+m]
		clear(row)
		for k := range n {
			aq, au := g.DUdotDq[i*n+k], g.DUdotDU[i*n+k]
			sx, su := t.sx[k*m:k*m+m], t.sku[st][k*m:k*m+m]
			for c := range m {
				row[c] += aq*sx[c] + au*su[c]
			}
		}
		for k := range nf {
			row[2*n+k] += g.DUdotDf[i*nf+k]
		}
	}
	return nil
}

// move tracks the private workspace by t.du and refuses a reconfiguration.
func (t *Transition) move(part *closure.Partition) error {
	if err := t.aux.Track(t.du); err != nil {
		return err
	}
	if t.aux.Partition() != part {
		return fmt.Errorf("sim: Transition.Step: the partition reconfigured within the step; the transition derivative would mix two charts")
	}
	return nil
}

// setIdentity writes into s (n × m) the block [0 I 0] with the identity at column off.
func setIdentity(s []float64, n, m, off int) {
	clear(s[:n*m])
	for i := range n {
		s[i*m+off+i] = 1
	}
}

// axpyIdentity writes dst = [0 I 0] (identity at column off) + h·src, both n × m.
func axpyIdentity(dst, src []float64, h float64, n, m, off int) {
	for i := range n {
		for c := range m {
			dst[i*m+c] = h * src[i*m+c]
		}
		dst[i*m+off+i]++
	}
}
