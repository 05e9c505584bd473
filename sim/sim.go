package sim

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/closure"
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
	// ImplicitLossEuler is SemiImplicitEuler with the velocity update implicit in the
	// tree joints' and the ports' damping and Coulomb friction, linearised at the step's
	// start: (M_r + Δt B_r) u̇' = M_r u̇(q, u), B_r = E_Tᵀ K_T E_T + Lᵀ K_ℓ L with K the
	// diagonal loss stiffnesses −∂τ/∂v. Stiff joint losses (light links with damping or
	// a sharp Coulomb regularisation) then no longer bound the step. It needs the dense
	// M_r of a model with closures.
	ImplicitLossEuler
)

// String names the integrator.
func (i Integrator) String() string {
	switch i {
	case RK4:
		return "rk4"
	case ImplicitLossEuler:
		return "implicit-loss-euler"
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
	// Reconfigure says what happens when the partition's dependent block becomes
	// singular: switch to new independent coordinates and log the switch as an Event
	// (ReconfigureOn, the default) or stop with a *SingularPartitionError.
	Reconfigure ReconfigurePolicy
	// DrivesAtCommand starts every drive applying the controller's first command (the
	// lag's and the servo's effort at sat(c), the servo's rate 0) instead of at rest with
	// no effort (Sim.DriveState).
	DrivesAtCommand bool
}

// ReconfigurePolicy selects whether a rollout may change its independent coordinates.
type ReconfigurePolicy int

const (
	// ReconfigureOn lets the closure tracker switch the partition (the default).
	ReconfigureOn ReconfigurePolicy = iota
	// ReconfigureOff stops the rollout where the partition becomes singular.
	ReconfigureOff
)

// String names the policy as the CLI flag spells it (on, off).
func (r ReconfigurePolicy) String() string {
	if r == ReconfigureOff {
		return "off"
	}
	return "on"
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
	d    *robocompiler.Data
	mode *Mode
	ctrl Controller
	opts Options

	t       float64
	step    int
	st      State
	cmd     Command // the controller's commands c (F) and external wrenches
	u, udot []float64
	du      []float64
	linear  []bool // residual row is translational

	// Ports: drive dynamics and states z (len drv.n) with their derivative, the port
	// speeds ℓ̇, the drives' efforts f and the total port efforts (f plus port
	// friction) the dynamics receives.
	drv        drives
	loss       losses
	z, zdot    []float64
	elldot, f  []float64
	fTotal     []float64
	events     []Event
	seenEvents int // tracker events already logged

	// RK4 scratch: the step's initial state, the stage speeds and accelerations, the
	// chart position of the tracker within the step.
	qn, vn   []float64
	ku, ka   [4][]float64
	x, xnext []float64
	zn       []float64    // drive states at the step's start
	kz, kzd  [4][]float64 // stage drive states and their derivatives

	implicit implicitLosses // ImplicitLossEuler's workspace

	// The plant's dynamics a controller had evaluated at the current derivative's state
	// (plantDynamics): done, and the external wrenches it included (len Bodies+1).
	dynDone bool
	dynFext []spatial.Vec6

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

// New starts a rollout from the state of d (assembled, e.g. by Data.Assemble, at rest or
// with the speeds of its last SetState), which the rollout then owns and advances, with
// the controller ctrl (nil: no efforts). With opts.Schedule set, the first step switches
// to the scheduled mode.
func New(d *robocompiler.Data, ctrl Controller, opts Options) (*Sim, error) {
	if !(opts.Dt > 0) {
		return nil, fmt.Errorf("sim: step Dt = %g s; it must be positive", opts.Dt)
	}
	if d.Tracker == nil {
		return nil, fmt.Errorf("sim: the workspace holds no state; assemble it first")
	}
	if opts.LogEvery < 1 {
		opts.LogEvery = 1
	}
	if ctrl == nil {
		ctrl = ControllerFunc(func(*State, *robocompiler.Data, *Command) error { return nil })
	}
	m := d.Model()
	loss, err := newLosses(m)
	if err != nil {
		return nil, err
	}
	nf := len(d.Kin.Ports)
	s := &Sim{d: d, ctrl: ctrl, opts: opts,
		cmd:    Command{F: make([]float64, nf), Fext: make([]spatial.Vec6, len(m.Bodies)+1)},
		linear: closure.RowLinear(m.Model), loss: loss, drv: newDrives(m.Ports),
		elldot: make([]float64, nf), f: make([]float64, nf), fTotal: make([]float64, nf),
		qn: make([]float64, m.NQ), vn: make([]float64, m.NV), seenEvents: len(d.Tracker.Events)}
	n := s.drv.n
	s.z, s.zdot, s.zn = make([]float64, n), make([]float64, n), make([]float64, n)
	for i := range s.kz {
		s.kz[i], s.kzd[i] = make([]float64, n), make([]float64, n)
	}
	s.resize(d.Mobility())
	copy(s.u, d.U)
	s.log = newLog(s)
	return s, nil
}

// resize (re)allocates the buffers sized by the mobility d; the speeds start at zero.
func (s *Sim) resize(d int) {
	if len(s.u) == d {
		return
	}
	s.u, s.udot, s.du = make([]float64, d), make([]float64, d), make([]float64, d)
	s.x, s.xnext = make([]float64, d), make([]float64, d)
	for i := range s.ku {
		s.ku[i], s.ka[i] = make([]float64, d), make([]float64, d)
	}
}

// Time returns the current time (s).
func (s *Sim) Time() float64 { return s.t }

// Q returns the current feasible configuration (len NQ; aliases the workspace's buffer).
func (s *Sim) Q() []float64 { return s.d.Q }

// U returns the current independent speeds (len D; aliases the simulator's buffer).
func (s *Sim) U() []float64 { return s.u }

// Model returns the active model (the current mode's).
func (s *Sim) Model() *robocompiler.Model { return s.d.Model() }

// Data returns the workspace the rollout advances (the current mode's model).
func (s *Sim) Data() *robocompiler.Data { return s.d }

// Partition returns the current partition (it changes on reconfigurations and modes).
func (s *Sim) Partition() *closure.Partition { return s.d.Partition() }

// DriveState returns the drive states z (aliases the simulator's buffer): per port with
// a drive, in port order, the lag's effort f or the servo's (f, ḟ). They start at 0 (the
// drives at rest, applying no effort); a caller may set them before the first step.
func (s *Sim) DriveState() []float64 { return s.z }

// Events returns the events logged so far (reconfigurations and mode switches), oldest
// first.
func (s *Sim) Events() []Event { return s.events }

// Log returns the rows logged so far.
func (s *Sim) Log() *Log { return s.log }

// Reserve preallocates the log for n more rows, so that logging allocates nothing.
func (s *Sim) Reserve(n int) { s.log.reserve(n) }

// Stats returns the counts and closure-gap maxima so far.
func (s *Sim) Stats() Stats {
	c := s.counts
	c.add(s.d.Tracker)
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
	if _, err := s.derivative(s.t, s.u, s.z); err != nil {
		return s.fail(err)
	}
	s.record()
	return nil
}

// Step advances the rollout by one step Dt.
func (s *Sim) Step() error {
	if s.opts.Schedule != nil {
		mo, err := s.opts.Schedule(s.t, s.d.Q)
		if err != nil {
			return s.fail(err)
		}
		if mo != s.mode {
			if err := s.switchMode(mo); err != nil {
				return s.fail(err)
			}
		}
	}
	p, err := s.derivative(s.t, s.u, s.z)
	if err == nil && s.step == 0 && s.opts.DrivesAtCommand && s.drv.any() {
		s.drv.start(s.cmd.F, s.z)
		p, err = s.derivative(s.t, s.u, s.z)
	}
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

// power is the instantaneous power of the drives' port efforts and the external
// wrenches (W) and the power dissipated by joint and port damping and friction (W ≥ 0)
// at one evaluation.
type power struct{ applied, dissipated float64 }

// derivative evaluates the interfaces at (Q, u), calls the controller at time t, maps
// its commands through the drives at the states z (s.f, s.zdot), adds the port and
// joint friction and solves the reduced dynamics for s.udot; it returns the powers at
// that state.
func (s *Sim) derivative(t float64, u, z []float64) (power, error) {
	d := s.d
	if err := d.SetState(u, nil); err != nil {
		return power{}, err
	}
	d.Interfaces()
	s.gaps()
	s.st = State{T: t, Q: d.Q, U: u, Mode: s.mode, sim: s}
	s.cmd.zero()
	s.dynDone = false
	if err := s.ctrl.Control(&s.st, d, &s.cmd); err != nil {
		return power{}, fmt.Errorf("controller: %w", err)
	}
	fext, dc := s.loss.cutWrenches(d.Kin.Dyn, s.cmd.Fext)
	if !s.dynDone || len(s.loss.cuts) > 0 || !sameWrenches(fext, s.dynFext) {
		if err := d.Dynamics(fext); err != nil {
			return power{}, err
		}
	}
	p := power{dissipated: dc}
	portSpeeds(d, s.elldot)
	s.drv.eval(z, s.cmd.F, s.f, s.zdot)
	for i, f := range s.f {
		p.applied += f * s.elldot[i]
	}
	copy(s.fTotal, s.f)
	p.dissipated += s.loss.addPorts(&s.drv, s.elldot, s.fTotal)
	tauT, dj := s.loss.joints(d.V)
	p.dissipated += dj
	if err := d.Accelerations(s.fTotal, tauT); err != nil {
		return power{}, err
	}
	copy(s.udot, d.Udot)
	for n := 1; n < len(s.cmd.Fext); n++ {
		p.applied += d.Kin.Dyn.Twist(n).Dot(s.cmd.Fext[n])
	}
	return p, nil
}

// plantDynamics evaluates the plant's reduced dynamics (Data.Dynamics) with the external
// wrenches fext at the current derivative's state for a controller (the feedforward), and
// records them: when the command's wrenches are the same after the controller, the
// rollout uses this evaluation instead of repeating it.
func (s *Sim) plantDynamics(fext []spatial.Vec6) error {
	s.dynDone = false
	if err := s.d.Dynamics(fext); err != nil {
		return err
	}
	if s.dynFext == nil {
		s.dynFext = make([]spatial.Vec6, len(s.cmd.Fext))
	}
	if fext == nil {
		clear(s.dynFext)
	} else {
		copy(s.dynFext, fext)
	}
	s.dynDone = true
	return nil
}

// sameWrenches reports whether the external wrenches a (nil: none) equal b bit for bit.
func sameWrenches(a, b []spatial.Vec6) bool {
	for i := range b {
		var w spatial.Vec6
		if a != nil {
			w = a[i]
		}
		for k := range w {
			if math.Float64bits(w[k]) != math.Float64bits(b[i][k]) {
				return false
			}
		}
	}
	return true
}

// portSpeeds writes into elldot (len nf) the port speeds ℓ̇ = JEll·v of d at its last
// interface update.
func portSpeeds(d *robocompiler.Data, elldot []float64) {
	j := d.Kin.JEll.RawMatrix()
	for i := range elldot {
		x := 0.0
		for k, a := range j.Data[i*j.Stride : i*j.Stride+j.Cols] {
			x += a * d.V[k]
		}
		elldot[i] = x
	}
}

// gaps updates the closure-gap maxima from the residual of the last interface update.
func (s *Sim) gaps() {
	gm, gr := s.gap()
	s.gapM, s.gapRad = math.Max(s.gapM, gm), math.Max(s.gapRad, gr)
}

// gap returns the largest translational and other closure residuals at the last update.
func (s *Sim) gap() (m, rad float64) {
	for r, x := range s.d.Closure().Rho {
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
	if s.opts.Integrator == ImplicitLossEuler {
		if err := s.implicitVelocity(); err != nil {
			return err
		}
	}
	for i := range s.u {
		s.u[i] += dt * s.udot[i]
		s.du[i] = dt * s.u[i]
	}
	for i := range s.z {
		s.z[i] += dt * s.zdot[i]
	}
	s.work += dt * p.applied
	s.dissipated += dt * p.dissipated
	return s.move(s.du, s.u)
}

// move steps the tracker by du from the speeds u to the end of the step; after a
// reconfiguration u is re-expressed in the new independent coordinates (Data.Track, from
// v = E u with the lift of the last evaluation).
func (s *Sim) move(du, u []float64) error {
	d := s.d
	copy(d.U, u)
	if _, err := s.track(du, s.t+s.opts.Dt); err != nil {
		return err
	}
	copy(u, d.U)
	return nil
}

// track steps the tracker by du (Data.Track) to the configuration of time t, logs its
// reconfigurations as events and reports whether the partition changed. A rank change
// is a mechanism event; with reconfiguration off, a change of the independent
// coordinates is a *SingularPartitionError.
func (s *Sim) track(du []float64, t float64) (bool, error) {
	before := s.d.Partition()
	if err := s.d.Track(du); err != nil {
		var rc *closure.RankChangeError
		if errors.As(err, &rc) {
			return false, fmt.Errorf("mechanism event: %w", err)
		}
		if r := s.d.Lift().RCond; r < foldRCond {
			return false, fmt.Errorf("%w; the dependent block of the partition with independent %s is nearly singular here (reciprocal condition %.3g), as at a fold of those coordinates: raise the tracker's re-decision threshold (robocompiler.Options.Tracking.RCondTol, e.g. 1e-2) so that the partition switches before the fold",
				err, strings.Join(s.independentNames(before), ", "), r)
		}
		return false, err
	}
	if s.d.Partition() == before {
		return false, nil
	}
	return true, s.logSwitches(t, s.independentNames(before))
}

// foldRCond is the reciprocal condition of the dependent block below which a failed
// tracking step is reported as an approach to a fold of the independent coordinates.
const foldRCond = 1e-2

// independentNames names the independent coordinates of partition p.
func (s *Sim) independentNames(p *closure.Partition) []string {
	names := s.d.Model().CoordinateNames()
	out := make([]string, len(p.Independent))
	for i, c := range p.Independent {
		out[i] = names[c]
	}
	return out
}

// adopt re-expresses the physical velocity s.vn in the current partition,
// u[k] = v[Independent[k]] (the independent rows of E are the identity).
func (s *Sim) adopt(u []float64) {
	for k, c := range s.d.Partition().Independent {
		u[k] = s.vn[c]
	}
}
