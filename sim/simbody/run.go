package simbody

import (
	"fmt"
	"math"

	"github.com/robocompiler/robocompiler"
	sb "github.com/robocompiler/robocompiler/backend/simbody"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/sim"
	"github.com/robocompiler/robocompiler/spatial"
)

// NearRedundantTol is the default projection tolerance of a model whose partition drops
// near-redundant rows.
const NearRedundantTol = 1e-6

// Run rebuilds the model of d in Simbody at d's feasible configuration and steps it n
// control steps from rest under ctrl (see the package documentation). d is the
// workspace the controller sees; it is left at the last observed state.
func Run(d *robocompiler.Data, ctrl sim.Controller, n int, opts Options) (*Result, error) {
	if !(opts.Dt > 0) {
		return nil, fmt.Errorf("simbody: control step Dt = %g s; it must be positive", opts.Dt)
	}
	if d.Tracker == nil {
		return nil, fmt.Errorf("simbody: the workspace holds no state; assemble it first")
	}
	opts.LogEvery = max(opts.LogEvery, 1)
	if opts.Accuracy <= 0 {
		opts.Accuracy = 1e-9
	}
	r, err := newRunner(d, ctrl, opts)
	if err != nil {
		return nil, err
	}
	defer r.sys.Close()
	if r.opts.ConstraintTol <= 0 {
		r.opts.ConstraintTol = 1e-8
		if m := r.m; m.NV > 0 && len(d.Partition().Enforced(m)) < m.Rows {
			// Simbody holds every row, also those our rank decision dropped as only
			// approximately implied by the others (a file's rounded geometry): they hold
			// only to that rounding, and a tighter projection fails.
			r.opts.ConstraintTol = NearRedundantTol
		}
	}
	for step := range n {
		if err := r.step(step); err != nil {
			return nil, fmt.Errorf("simbody: step %d at t = %.6g s: %w", step, r.t, err)
		}
		if opts.Progress != nil {
			opts.Progress(step + 1)
		}
	}
	if err := r.observe(true); err != nil {
		return nil, err
	}
	r.stats.Steps = n
	r.stats.Corrections = r.d.Tracker.Corrections
	return &Result{Log: r.log, Stats: r.stats}, nil
}

// runner holds one run's Simbody system and our mapped state.
type runner struct {
	m    *compile.Model
	d    *robocompiler.Data
	sys  *sb.System
	ctrl sim.Controller
	opts Options

	// q is the configuration the tracker is reset to (Simbody's tree coordinates, the cut
	// coordinates tracked), tq and v Simbody's state read back; u the independent speeds;
	// tauT and tauR the tree and reduced efforts.
	q, tq, v, u, tauT, tauR []float64
	w                   []spatial.Vec6
	cmd                 sim.Command
	st                  sim.State
	t                   float64
	damping             []float64 // per tree velocity
	// The energy ledger: work and dissipation by Simpson's rule over each step from the
	// powers at its ends and its middle; balance0 the balance at t = 0.
	work, dissipated, balance0 float64
	lastPower                  [2]float64 // applied and dissipated power at the last observation
	midPower                   [2]float64 // the same halfway through the step since
	observed                   bool
	stats                      Stats
	log                        *sim.Log
	width                      []int
}

func newRunner(d *robocompiler.Data, ctrl sim.Controller, opts Options) (*runner, error) {
	m := d.Model().Model
	r := &runner{m: m, d: d, ctrl: ctrl, opts: opts,
		q: append([]float64(nil), d.Q...), tq: make([]float64, m.NQ), v: make([]float64, m.NV), tauT: make([]float64, m.NVT), tauR: make([]float64, m.NV),
		w: make([]spatial.Vec6, len(m.Bodies)+1), damping: make([]float64, m.NVT)}
	for _, j := range m.Joints {
		if j.Tree {
			for k := range j.NV {
				r.damping[j.V0+k] = j.Damping
			}
		}
	}
	r.cmd = sim.Command{F: make([]float64, len(d.Kin.Ports)), Fext: make([]spatial.Vec6, len(m.Bodies)+1)}
	r.log = r.newLog()
	sys, err := sb.BuildControlled(m, r.force)
	if err != nil {
		return nil, err
	}
	r.sys = sys
	if err := sys.SetState(0, r.q, r.v); err != nil {
		sys.Close()
		return nil, err
	}
	return r, nil
}

// control maps the tree state (q, v) at time t to ours (the cut-joint coordinates
// starting from the tracked ones), projects it onto our closure manifold with the
// independent coordinates held, evaluates the interfaces and calls the controller.
func (r *runner) control(t float64, q, v []float64) error {
	copy(r.q, r.d.Q)
	copy(r.q, q[:r.m.NQT])
	if err := r.d.Reset(r.q); err != nil {
		return err
	}
	p := r.d.Partition()
	if len(r.u) != p.Mobility {
		r.u = make([]float64, p.Mobility)
	}
	for k, i := range p.Independent {
		r.u[k] = v[i]
	}
	if err := r.d.SetState(r.u, nil); err != nil {
		return err
	}
	r.d.Interfaces()
	r.st = sim.State{T: t, Q: r.d.Q, U: r.u}
	clear(r.cmd.F)
	clear(r.cmd.Fext)
	if err := r.ctrl.Control(&r.st, r.d, &r.cmd); err != nil {
		return fmt.Errorf("controller: %w", err)
	}
	return nil
}

// force is Simbody's force callback: the controller at Simbody's (stage) state, its
// port efforts as the tree effort and its wrenches (body frames, about the body origins)
// in ground axes.
func (r *runner) force(t float64, q, v, tau []float64, w []spatial.Vec6) error {
	if err := r.control(t, q, v); err != nil {
		return err
	}
	r.d.Kin.TreeEffort(r.d.Q, r.cmd.F, tau)
	for node := 1; node < len(w); node++ {
		x, R := r.cmd.Fext[node], r.d.Kin.Dyn.Pose(node).R
		w[node] = spatial.NewVec6(R.MulVec(x.Angular()), R.MulVec(x.Linear()))
	}
	return nil
}

// observe reads Simbody's state after a step, evaluates the controller there, updates
// the constraint errors and the energy ledger, and records a log row when asked.
func (r *runner) observe(logRow bool) error {
	if _, err := r.sys.State(r.tq, r.v); err != nil {
		return err
	}
	if err := r.control(r.t, r.tq, r.v); err != nil {
		return err
	}
	qerr, uerr, err := r.sys.ConstraintErrors()
	if err != nil {
		return err
	}
	r.stats.QErrMax, r.stats.UErrMax = math.Max(r.stats.QErrMax, qerr), math.Max(r.stats.UErrMax, uerr)
	kinetic, potential, err := r.sys.Energy()
	if err != nil {
		return err
	}
	pw := r.power()
	if r.observed {
		dt := r.opts.Dt
		r.work += dt * (r.lastPower[0] + 4*r.midPower[0] + pw[0]) / 6
		r.dissipated += dt * (r.lastPower[1] + 4*r.midPower[1] + pw[1]) / 6
	}
	balance := kinetic + potential - r.work + r.dissipated
	if !r.observed {
		r.balance0 = balance
	}
	r.stats.BalanceDriftJ = math.Max(r.stats.BalanceDriftJ, math.Abs(balance-r.balance0))
	r.lastPower, r.observed = pw, true
	if logRow {
		r.record(qerr, uerr, kinetic, potential, balance)
	}
	return nil
}

// power returns the power of the command (port efforts and external wrenches, W) and the
// power dissipated by joint damping (W) at the observed state.
func (r *runner) power() [2]float64 {
	d := r.d
	var applied, dissipated float64
	d.Kin.ReducedEffort(r.cmd.F, r.tauR[:len(r.u)])
	for k, x := range r.tauR[:len(r.u)] {
		applied += x * r.u[k]
	}
	for n := 1; n < len(r.cmd.Fext); n++ {
		applied += d.Kin.Dyn.Twist(n).Dot(r.cmd.Fext[n])
	}
	for i, c := range r.damping {
		dissipated += c * d.V[i] * d.V[i]
	}
	return [2]float64{applied, dissipated}
}

// step observes (logging every LogEvery-th step) and advances Simbody by one step in
// two halves, the controller acting through the force callback at every integrator
// stage; the powers halfway enter the energy ledger.
func (r *runner) step(step int) error {
	if err := r.observe(step%r.opts.LogEvery == 0); err != nil {
		return err
	}
	half := r.opts.Dt / 2
	if err := r.sys.Step(half, r.opts.Accuracy, r.opts.ConstraintTol); err != nil {
		return err
	}
	if _, err := r.sys.State(r.tq, r.v); err != nil {
		return err
	}
	if err := r.control(r.t+half, r.tq, r.v); err != nil {
		return err
	}
	r.midPower = r.power()
	if err := r.sys.Step(half, r.opts.Accuracy, r.opts.ConstraintTol); err != nil {
		return err
	}
	r.t = float64(step+1) * r.opts.Dt
	return nil
}
