package sim

import (
	"errors"
	"fmt"
	"math"

	"github.com/robocompiler/robocompiler/closure"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/dyn"
	"github.com/robocompiler/robocompiler/internal/dense"
	"github.com/robocompiler/robocompiler/kin"
	"github.com/robocompiler/robocompiler/spatial"
)

// Integrator selects the time-stepping scheme (see the package documentation).
type Integrator int

const (
	// SemiImplicitEuler is u⁺ = u + Δt u̇(q, u), then the independent coordinates move by
	// Δt u⁺ (first order, symplectic for the unforced, undamped system).
	SemiImplicitEuler Integrator = iota
	// RK4 is the classical fourth-order Runge–Kutta scheme in the independent-coordinate
	// chart, with every stage on the closure manifold.
	RK4
)

// String names the integrator.
func (i Integrator) String() string {
	if i == RK4 {
		return "rk4"
	}
	return "semi-implicit-euler"
}

// Options configure a rollout.
type Options struct {
	// Dt is the step (s); it must be positive.
	Dt float64
	// Integrator is the scheme (default SemiImplicitEuler).
	Integrator Integrator
	// LogEvery logs every LogEvery-th step (0 or 1: every step); the final state is
	// always logged by Run.
	LogEvery int
	// Probes add task-specific columns to every logged row.
	Probes []Probe
	// Schedule, when set, selects the support mode at the start of every step.
	Schedule ModeSchedule
	// Progress, when set, is called after every step with the number of steps done.
	Progress func(step int)
}

// Stats counts the work and events of a rollout.
type Stats struct {
	// Steps are integrator steps; TrackerSteps, Corrections, Reacquisitions and
	// Reconfigurations are the closure trackers' counts summed over modes (RK4 moves the
	// tracker once per stage).
	Steps, TrackerSteps, Corrections, Reacquisitions, Reconfigurations int
	// ModeSwitches counts support-mode changes, Fallbacks the RK4 steps redone as Euler
	// steps after a reconfiguration inside the step.
	ModeSwitches, Fallbacks int
	// GapMaxM and GapMaxRad are the largest translational (m) and other (rad; axis and
	// coupling rows in their own units) closure residuals |ρ| over every evaluated state.
	GapMaxM, GapMaxRad float64
}

// Sim is a rollout in progress. It is not safe for concurrent use.
type Sim struct {
	m    *compile.Model
	mode *Mode
	tr   *closure.Tracker
	kd   *kin.Data
	r    *dyn.Reduced
	ctrl Controller
	opts Options

	t       float64
	step    int
	st      State
	cmd     Command
	u, udot []float64
	tauR    []float64
	du      []float64
	damping []float64 // per tree velocity (N·s/m or N·m·s/rad)
	linear  []bool    // residual row is translational

	// RK4 scratch: the step's initial state, the stage speeds and accelerations, the
	// chart position of the tracker within the step.
	qn, vn   []float64
	ku, ka   [4][]float64
	x, xnext []float64

	work, dissipated float64
	gapM, gapRad     float64
	counts           counts
	modeSwitches     int
	fallbacks        int
	log              *Log
	logU             int   // number of u columns in the log
	probeWidth       []int // number of columns of each probe
}

// counts accumulates the counters of trackers that were replaced on mode switches.
type counts struct{ steps, corrections, reacquisitions, reconfigurations int }

func (c *counts) add(t *closure.Tracker) {
	c.steps += t.Steps
	c.corrections += t.Corrections
	c.reacquisitions += t.Reacquisitions
	c.reconfigurations += t.Reconfigurations
}

// New starts a rollout of m at the feasible configuration q0 (len NQ, e.g. from
// closure.Assemble) at rest, with partition p (closure.ChoosePartition at q0) and the
// controller ctrl (nil: no efforts). With opts.Schedule set, the first step switches to
// the scheduled mode.
func New(m *compile.Model, q0 []float64, p *closure.Partition, ctrl Controller, opts Options) (*Sim, error) {
	if !(opts.Dt > 0) {
		return nil, fmt.Errorf("sim: step Dt = %g s; it must be positive", opts.Dt)
	}
	if opts.LogEvery < 1 {
		opts.LogEvery = 1
	}
	if ctrl == nil {
		ctrl = ControllerFunc(func(*State, *kin.Data, *Command) error { return nil })
	}
	tr, err := closure.NewTracker(m, q0, p)
	if err != nil {
		return nil, fmt.Errorf("sim: initial partition: %w", err)
	}
	kd, err := kin.NewData(m, p)
	if err != nil {
		return nil, err
	}
	s := &Sim{m: m, tr: tr, kd: kd, r: dyn.NewReduced(m.NVT, p.Mobility), ctrl: ctrl, opts: opts,
		cmd:     Command{F: make([]float64, len(kd.Ports)), Fext: make([]spatial.Vec6, len(m.Bodies)+1)},
		damping: make([]float64, m.NVT), linear: closure.RowLinear(m),
		qn: make([]float64, m.NQ), vn: make([]float64, m.NV)}
	for _, e := range m.Edges {
		j := &m.Joints[e.Joint]
		for k := range j.NV {
			s.damping[j.V0+k] = j.Damping
		}
	}
	s.resize(p.Mobility)
	s.log = newLog(s)
	return s, nil
}

// resize (re)allocates the buffers sized by the mobility d; the speeds start at zero.
func (s *Sim) resize(d int) {
	if len(s.u) == d {
		return
	}
	s.u, s.udot, s.tauR, s.du = make([]float64, d), make([]float64, d), make([]float64, d), make([]float64, d)
	s.x, s.xnext = make([]float64, d), make([]float64, d)
	for i := range s.ku {
		s.ku[i], s.ka[i] = make([]float64, d), make([]float64, d)
	}
}

// Time returns the current time (s).
func (s *Sim) Time() float64 { return s.t }

// Q returns the current feasible configuration (len NQ; aliases the tracker's buffer).
func (s *Sim) Q() []float64 { return s.tr.Q }

// U returns the current independent speeds (len D; aliases the simulator's buffer).
func (s *Sim) U() []float64 { return s.u }

// Model returns the active model (the current mode's).
func (s *Sim) Model() *compile.Model { return s.m }

// Partition returns the current partition (it changes on reconfigurations and modes).
func (s *Sim) Partition() *closure.Partition { return s.tr.Lift.P }

// Log returns the rows logged so far.
func (s *Sim) Log() *Log { return s.log }

// Reserve preallocates the log for n more rows, so that logging allocates nothing.
func (s *Sim) Reserve(n int) { s.log.reserve(n) }

// Stats returns the counts and closure-gap maxima so far.
func (s *Sim) Stats() Stats {
	c := s.counts
	c.add(s.tr)
	return Stats{Steps: s.step, TrackerSteps: c.steps, Corrections: c.corrections, Reacquisitions: c.reacquisitions,
		Reconfigurations: c.reconfigurations, ModeSwitches: s.modeSwitches, Fallbacks: s.fallbacks,
		GapMaxM: s.gapM, GapMaxRad: s.gapRad}
}

// Run takes n steps, then logs the final state. It stops at the first error, which
// names the time.
func (s *Sim) Run(n int) error {
	s.Reserve(n/s.opts.LogEvery + 2)
	for range n {
		if err := s.Step(); err != nil {
			return err
		}
		if s.opts.Progress != nil {
			s.opts.Progress(s.step)
		}
	}
	if _, err := s.derivative(s.t, s.u); err != nil {
		return s.fail(err)
	}
	s.record()
	return nil
}

// Step advances the rollout by one step Dt.
func (s *Sim) Step() error {
	if s.opts.Schedule != nil {
		mo, err := s.opts.Schedule(s.t, s.tr.Q)
		if err != nil {
			return s.fail(err)
		}
		if mo != s.mode {
			if err := s.switchMode(mo); err != nil {
				return s.fail(err)
			}
		}
	}
	p, err := s.derivative(s.t, s.u)
	if err != nil {
		return s.fail(err)
	}
	if s.step%s.opts.LogEvery == 0 {
		s.record()
	}
	switch s.opts.Integrator {
	case RK4:
		err = s.stepRK4(p)
	default:
		err = s.stepEuler(p)
	}
	if err != nil {
		return s.fail(err)
	}
	s.t = float64(s.step+1) * s.opts.Dt
	s.step++
	return nil
}

// fail wraps a step error with the time.
func (s *Sim) fail(err error) error {
	return fmt.Errorf("sim: step %d at t = %.6g s: %w", s.step, s.t, err)
}

// power is the instantaneous power of the applied port efforts and external wrenches
// (W) and the power dissipated by joint damping (W ≥ 0) at one evaluation.
type power struct{ applied, dissipated float64 }

// derivative evaluates the interfaces at (Q, u), calls the controller at time t and
// solves the reduced dynamics for s.udot; it returns the powers at that state.
func (s *Sim) derivative(t float64, u []float64) (power, error) {
	q, k := s.tr.Q, s.kd
	if err := k.Update(q, u); err != nil {
		return power{}, err
	}
	s.gaps()
	s.st = State{T: t, Q: q, U: u, Mode: s.mode}
	s.cmd.zero()
	if err := s.ctrl.Control(&s.st, k, &s.cmd); err != nil {
		return power{}, fmt.Errorf("controller: %w", err)
	}
	k.Dyn.ReducedDynamics(s.r, q, k.V, k.Lift.E, k.Curv, s.cmd.Fext)
	k.ReducedEffort(s.cmd.F, s.tauR)
	if err := s.r.Forward(s.tauR, s.udot); err != nil {
		return power{}, err
	}
	var p power
	for i, x := range s.tauR {
		p.applied += x * u[i]
	}
	for n := 1; n < len(s.cmd.Fext); n++ {
		p.applied += k.Dyn.Twist(n).Dot(s.cmd.Fext[n])
	}
	for i, c := range s.damping {
		p.dissipated += c * k.V[i] * k.V[i]
	}
	return p, nil
}

// gaps updates the closure-gap maxima from the residual of the last interface update.
func (s *Sim) gaps() {
	gm, gr := s.gap()
	s.gapM, s.gapRad = math.Max(s.gapM, gm), math.Max(s.gapRad, gr)
}

// gap returns the largest translational and other closure residuals at the last update.
func (s *Sim) gap() (m, rad float64) {
	for r, x := range s.kd.Closure.Rho {
		if x = math.Abs(x); s.linear[r] {
			m = math.Max(m, x)
		} else {
			rad = math.Max(rad, x)
		}
	}
	return m, rad
}

// stepEuler is one semi-implicit Euler step from the state whose derivative (s.udot) and
// powers p were just evaluated.
func (s *Sim) stepEuler(p power) error {
	dt := s.opts.Dt
	for i := range s.u {
		s.u[i] += dt * s.udot[i]
		s.du[i] = dt * s.u[i]
	}
	s.work += dt * p.applied
	s.dissipated += dt * p.dissipated
	return s.move(s.du, s.u)
}

// move steps the tracker by du; after a reconfiguration it re-expresses the speeds u in
// the new independent coordinates (from v = E u with the lift of the last evaluation) and
// rebuilds the interfaces for the new partition.
func (s *Sim) move(du, u []float64) error {
	if err := s.tr.Step(du); err != nil {
		var rc *closure.RankChangeError
		if errors.As(err, &rc) {
			return fmt.Errorf("mechanism event: %w", err)
		}
		return err
	}
	if s.tr.Lift.P == s.kd.Lift.P {
		return nil
	}
	mulE(s.kd, u, s.vn)
	return s.adopt(u)
}

// adopt re-expresses the physical velocity s.vn in the tracker's new partition,
// u[k] = v[Independent[k]] (the independent rows of E are the identity), and rebuilds the
// interfaces for it.
func (s *Sim) adopt(u []float64) error {
	p := s.tr.Lift.P
	for k, c := range p.Independent {
		u[k] = s.vn[c]
	}
	kd, err := kin.NewData(s.m, p)
	if err != nil {
		return err
	}
	s.kd = kd
	return nil
}

// mulE writes v = E u with the lift of k's last update.
func mulE(k *kin.Data, u, v []float64) {
	e := k.Lift.E.RawMatrix()
	dense.MulVec(e.Data, e.Stride, u, v)
}
