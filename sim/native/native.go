//go:build mujoco

package native

import (
	"bytes"
	"fmt"
	"math"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/backend/mujoco"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/mjcf"
	"github.com/robocompiler/robocompiler/sim"
	"github.com/robocompiler/robocompiler/spatial"
)

// Run exports the model of d at d's feasible configuration q0 and steps it n times in
// MuJoCo from rest under ctrl. At every step MuJoCo's qpos and qvel are read back into
// all tree coordinates and velocities (the inverse of the export layout), the
// configuration is projected onto the closure manifold of the active model (m, or the
// mode opts.Schedule names) by a closure.Tracker Reset that holds its independent
// coordinates, whose speeds are MuJoCo's (they must be tree velocities), and the
// controller sees that state. Its port efforts become the motors' ctrl; its external
// wrenches (body frames, about the body origins) become xfrc_applied (world axes, about
// the centre of mass).
func Run(d *robocompiler.Data, ctrl sim.Controller, n int, opts Options) (*Result, error) {
	if !(opts.Dt > 0) {
		return nil, fmt.Errorf("native: step Dt = %g s; it must be positive", opts.Dt)
	}
	if d.Tracker == nil {
		return nil, fmt.Errorf("native: the workspace holds no state; assemble it first")
	}
	opts.LogEvery = max(opts.LogEvery, 1)
	r, err := newRunner(d, ctrl, opts)
	if err != nil {
		return nil, err
	}
	defer r.close()
	for step := range n {
		if err := r.step(step); err != nil {
			return nil, fmt.Errorf("native: step %d at t = %.6g s: %w", step, r.t, err)
		}
		if opts.Progress != nil {
			opts.Progress(step + 1)
		}
	}
	if err := r.observe(true); err != nil {
		return nil, err
	}
	return &Result{Log: r.log, Stats: Stats{Steps: n, Corrections: r.corrections + r.d.Tracker.Corrections, GapMax: r.gapMax,
		ModeSwitches: r.modeSwitches}}, nil
}

// runner holds one native run's MuJoCo model and data and our mapped state.
type runner struct {
	m     *compile.Model // the active model: the exported one, or the current mode's
	mode  *sim.Mode
	ctrl  sim.Controller
	opts  Options
	model *mujoco.Model
	data  *mujoco.Data
	lay   *mjcf.Layout // tree coordinates in MuJoCo's qpos and qvel
	d     *robocompiler.Data

	actAdr []int // MuJoCo actuator index per port
	bodyID []int // MuJoCo body id per node (0 for the ground)
	siteID []int // MuJoCo site id per logged site

	qpos, qvel, ctrlv, eq []float64
	q, v, u               []float64 // MuJoCo's state in our coordinates; the independent speeds
	cmd                   sim.Command
	st                    sim.State
	t, gapMax             float64
	corrections           int // Newton iterations of the trackers of earlier modes
	modeSwitches          int
	log                   *sim.Log
	width                 []int
}

// newRunner exports and loads the model of d at d's configuration and maps coordinates,
// ports, bodies and sites.
func newRunner(d *robocompiler.Data, ctrl sim.Controller, opts Options) (*runner, error) {
	m, q0 := d.Model().Model, append([]float64(nil), d.Q...)
	var xml bytes.Buffer
	if err := mjcf.Export(m, q0, &xml, mjcf.ExportOptions{Timestep: opts.Dt, Contacts: opts.Contacts}); err != nil {
		return nil, err
	}
	lay, err := mjcf.NewLayout(m, q0)
	if err != nil {
		return nil, err
	}
	model, err := mujoco.LoadXMLString(xml.String(), nil)
	if err != nil {
		return nil, err
	}
	r := &runner{m: m, ctrl: ctrl, opts: opts, model: model, lay: lay}
	if err := r.init(d, q0); err != nil {
		r.close()
		return nil, err
	}
	return r, nil
}

// init allocates the data, installs the workspace d (at q0) and maps the ports, bodies
// and sites.
func (r *runner) init(d *robocompiler.Data, q0 []float64) (err error) {
	m := r.m
	if r.data, err = r.model.NewData(); err != nil {
		return err
	}
	if err := r.install(d); err != nil {
		return err
	}
	if err := r.mapNames(); err != nil {
		return err
	}
	r.qpos, r.qvel, r.ctrlv = make([]float64, r.model.NQ()), make([]float64, r.model.NV()), make([]float64, r.model.NU())
	r.q, r.v = append([]float64(nil), q0...), make([]float64, m.NV)
	if err := r.lay.QPos(q0, r.qpos); err != nil {
		return err
	}
	if err := r.data.SetQpos(r.qpos); err != nil {
		return err
	}
	r.cmd = sim.Command{F: make([]float64, len(r.d.Kin.Ports)), Fext: make([]spatial.Vec6, len(m.Bodies)+1)}
	r.log = r.newLog()
	return nil
}

// install makes the workspace d the active one (its model and partition). The
// independent speeds must be tree velocities, which MuJoCo holds.
func (r *runner) install(d *robocompiler.Data) error {
	m, p := d.Model().Model, d.Partition()
	for _, i := range p.Independent {
		if i >= m.NVT {
			return fmt.Errorf("native: independent coordinate %s is not a tree coordinate (MuJoCo has no speed for it)",
				m.CoordinateNames()[i])
		}
	}
	r.m, r.d = m, d
	if len(r.u) != p.Mobility {
		r.u = make([]float64, p.Mobility)
	}
	return nil
}

// switchMode installs mode mo at MuJoCo's configuration r.q (Data.SwitchModel from
// there: the mode's closure assembled, a support anchored at the current pose holding
// already, and partitioned as the mode requests; the speeds are MuJoCo's at the next
// observation).
func (r *runner) switchMode(mo *sim.Mode) error {
	corrections := r.d.Tracker.Corrections
	if err := r.d.SetConfiguration(r.q); err != nil {
		return fmt.Errorf("native: switching to mode %q: %w", mo.Name, err)
	}
	if err := r.d.SwitchModel(mo.Model); err != nil {
		return fmt.Errorf("native: switching to mode %q: %w", mo.Name, err)
	}
	if err := r.install(r.d); err != nil {
		return fmt.Errorf("native: mode %q: %w", mo.Name, err)
	}
	r.corrections += corrections
	r.mode = mo
	r.modeSwitches++
	return nil
}

// mapNames maps ports to MuJoCo motors, nodes to MuJoCo bodies and the logged sites to
// MuJoCo sites by name.
func (r *runner) mapNames() error {
	for _, pt := range r.d.Kin.Ports {
		a, err := r.model.ActuatorID(pt.ID)
		if err != nil {
			return fmt.Errorf("native: port %q: %w", pt.ID, err)
		}
		r.actAdr = append(r.actAdr, a)
	}
	r.bodyID = make([]int, len(r.m.Bodies)+1)
	for i, b := range r.m.Bodies {
		id, err := r.model.BodyID(b.ID)
		if err != nil {
			return fmt.Errorf("native: body %q: %w", b.ID, err)
		}
		r.bodyID[i+1] = id
	}
	for _, s := range r.opts.Sites {
		id, err := r.model.SiteID(s)
		if err != nil {
			return fmt.Errorf("native: site %q: %w", s, err)
		}
		r.siteID = append(r.siteID, id)
	}
	return nil
}

// close frees the MuJoCo data and model.
func (r *runner) close() {
	if r.data != nil {
		r.data.Close()
	}
	r.model.Close()
}

// observe maps MuJoCo's state to ours (switching modes as scheduled), evaluates the
// interfaces and the controller, and records the gap (and a log row when logging).
func (r *runner) observe(logRow bool) error {
	d := r.data
	if err := d.Forward(); err != nil {
		return err
	}
	if err := d.Qpos(r.qpos); err != nil {
		return err
	}
	if err := d.Qvel(r.qvel); err != nil {
		return err
	}
	copy(r.q, r.d.Q) // coordinates beyond the tree (cut joints) start from the tracked ones
	if err := r.lay.Coordinates(r.qpos, r.q); err != nil {
		return err
	}
	if err := r.lay.Velocities(r.q, r.qvel, r.v); err != nil {
		return err
	}
	if r.opts.Schedule != nil {
		mo, err := r.opts.Schedule(r.t, r.q)
		if err != nil {
			return err
		}
		if mo != r.mode {
			if err := r.switchMode(mo); err != nil {
				return err
			}
		}
	}
	if err := r.d.Reset(r.q); err != nil {
		return err
	}
	for k, i := range r.d.Partition().Independent {
		r.u[k] = r.v[i]
	}
	if err := r.d.SetState(r.u, nil); err != nil {
		return err
	}
	r.d.Interfaces()
	gap, err := r.gap()
	if err != nil {
		return err
	}
	r.gapMax = math.Max(r.gapMax, gap)
	r.st = sim.State{T: r.t, Q: r.d.Q, U: r.u, Mode: r.mode}
	clear(r.cmd.F)
	clear(r.cmd.Fext)
	if err := r.ctrl.Control(&r.st, r.d, &r.cmd); err != nil {
		return fmt.Errorf("controller: %w", err)
	}
	if logRow {
		return r.record(gap)
	}
	return nil
}

// gap returns the largest |residual| of MuJoCo's equality rows at the last Forward.
func (r *runner) gap() (float64, error) {
	n := r.data.EqualityRows()
	if cap(r.eq) < n {
		r.eq = make([]float64, n)
	}
	r.eq = r.eq[:n]
	if err := r.data.EqualityResiduals(r.eq); err != nil {
		return 0, err
	}
	g := 0.0
	for _, x := range r.eq {
		g = math.Max(g, math.Abs(x))
	}
	return g, nil
}

// step takes step number step: it observes (logging every LogEvery-th step), applies
// the command and advances MuJoCo by one timestep.
func (r *runner) step(step int) error {
	if err := r.observe(step%r.opts.LogEvery == 0); err != nil {
		return err
	}
	for i, a := range r.actAdr {
		r.ctrlv[a] = r.cmd.F[i]
	}
	if err := r.data.SetCtrl(r.ctrlv); err != nil {
		return err
	}
	for node := 1; node < len(r.cmd.Fext); node++ {
		if err := r.data.SetXfrcApplied(r.bodyID[node], r.worldWrench(node)); err != nil {
			return err
		}
	}
	if err := r.data.Step(); err != nil {
		return err
	}
	r.t = float64(step+1) * r.opts.Dt // as sim keeps time: no accumulated round-off
	return nil
}

// worldWrench converts Fext[node] (body frame, about the body origin) to world axes
// about the body's centre of mass, [n; f], at the mapped pose.
func (r *runner) worldWrench(node int) [6]float64 {
	w := r.cmd.Fext[node]
	pose := r.d.Kin.Dyn.Pose(node)
	f := pose.R.MulVec(w.Linear())
	n := pose.R.MulVec(w.Angular())
	c := pose.Apply(r.m.Bodies[node-1].Inertia.COM())
	n = n.Add(pose.P.Sub(c).Cross(f))
	return [6]float64(spatial.NewVec6(n, f))
}
