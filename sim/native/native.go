//go:build mujoco

package native

import (
	"bytes"
	"fmt"
	"math"

	"github.com/robocompiler/robocompiler/backend/mujoco"
	"github.com/robocompiler/robocompiler/closure"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/kin"
	"github.com/robocompiler/robocompiler/mjcf"
	"github.com/robocompiler/robocompiler/sim"
	"github.com/robocompiler/robocompiler/spatial"
)

// Run exports m at the feasible configuration q0 (len NQ) and steps it n times in
// MuJoCo from rest under ctrl. At every step MuJoCo's qpos and qvel are read back into
// all tree coordinates and velocities (the inverse of the export layout), the
// configuration is projected onto the closure manifold of the active model (m, or the
// mode opts.Schedule names) by a closure.Tracker Reset that holds its independent
// coordinates, whose speeds are MuJoCo's (they must be tree velocities), and the
// controller sees that state. Its port efforts become the motors' ctrl; its external
// wrenches (body frames, about the body origins) become xfrc_applied (world axes, about
// the centre of mass).
func Run(m *compile.Model, q0 []float64, p *closure.Partition, ctrl sim.Controller, n int, opts Options) (*Result, error) {
	if !(opts.Dt > 0) {
		return nil, fmt.Errorf("native: step Dt = %g s; it must be positive", opts.Dt)
	}
	opts.LogEvery = max(opts.LogEvery, 1)
	r, err := newRunner(m, q0, p, ctrl, opts)
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
	return &Result{Log: r.log, Stats: Stats{Steps: n, Corrections: r.corrections + r.tr.Corrections, GapMax: r.gapMax,
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
	tr    *closure.Tracker
	kd    *kin.Data

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

// newRunner exports and loads the model and maps coordinates, ports, bodies and sites.
func newRunner(m *compile.Model, q0 []float64, p *closure.Partition, ctrl sim.Controller, opts Options) (*runner, error) {
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
	if err := r.init(q0, p); err != nil {
		r.close()
		return nil, err
	}
	return r, nil
}

// init allocates the data, installs partition p at q0 and maps the ports, bodies and
// sites.
func (r *runner) init(q0 []float64, p *closure.Partition) (err error) {
	m := r.m
	if r.data, err = r.model.NewData(); err != nil {
		return err
	}
	if err := r.install(m, q0, p); err != nil {
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
	r.cmd = sim.Command{F: make([]float64, len(r.kd.Ports)), Fext: make([]spatial.Vec6, len(m.Bodies)+1)}
	r.log = r.newLog()
	return nil
}

// install makes m, at its feasible configuration q with partition p, the active model:
// a new tracker and interface data. The independent speeds must be tree velocities,
// which MuJoCo holds.
func (r *runner) install(m *compile.Model, q []float64, p *closure.Partition) error {
	for _, i := range p.Independent {
		if i >= m.NVT {
			return fmt.Errorf("native: independent coordinate %s is not a tree coordinate (MuJoCo has no speed for it)",
				m.CoordinateNames()[i])
		}
	}
	tr, err := closure.NewTracker(m, q, p)
	if err != nil {
		return err
	}
	kd := kin.NewData(m, p)
	if r.tr != nil {
		r.corrections += r.tr.Corrections
	}
	r.m, r.tr, r.kd = m, tr, kd
	if len(r.u) != p.Mobility {
		r.u = make([]float64, p.Mobility)
	}
	return nil
}

// switchMode installs mode mo at MuJoCo's configuration r.q: it assembles the mode's
// closure from there (a support anchored at the current pose holds already) and
// partitions as the mode requests.
func (r *runner) switchMode(mo *sim.Mode) error {
	m := mo.Model
	if m.NQ != r.m.NQ || m.NV != r.m.NV || m.NVT != r.m.NVT || len(m.Ports) != len(r.cmd.F) {
		return fmt.Errorf("native: mode %q has NQ, NV, NVT, ports = %d, %d, %d, %d; the run has %d, %d, %d, %d",
			mo.Name, m.NQ, m.NV, m.NVT, len(m.Ports), r.m.NQ, r.m.NV, r.m.NVT, len(r.cmd.F))
	}
	a, err := closure.Assemble(m, r.q, closure.AssembleOptions{})
	if err != nil {
		return fmt.Errorf("native: switching to mode %q: %w", mo.Name, err)
	}
	p, err := closure.PartitionAt(m, a.Q, mo.Request)
	if err != nil {
		return fmt.Errorf("native: mode %q: %w", mo.Name, err)
	}
	if err := r.install(m, a.Q, p); err != nil {
		return fmt.Errorf("native: mode %q: %w", mo.Name, err)
	}
	r.mode = mo
	r.modeSwitches++
	return nil
}

// mapNames maps ports to MuJoCo motors, nodes to MuJoCo bodies and the logged sites to
// MuJoCo sites by name.
func (r *runner) mapNames() error {
	for _, pt := range r.kd.Ports {
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
	copy(r.q, r.tr.Q) // coordinates beyond the tree (cut joints) start from the tracked ones
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
	if err := r.tr.Reset(r.q); err != nil {
		return err
	}
	for k, i := range r.tr.Lift.P.Independent {
		r.u[k] = r.v[i]
	}
	if err := r.kd.Update(r.tr.Q, r.u); err != nil {
		return err
	}
	gap, err := r.gap()
	if err != nil {
		return err
	}
	r.gapMax = math.Max(r.gapMax, gap)
	r.st = sim.State{T: r.t, Q: r.tr.Q, U: r.u, Mode: r.mode}
	clear(r.cmd.F)
	clear(r.cmd.Fext)
	if err := r.ctrl.Control(&r.st, r.kd, &r.cmd); err != nil {
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
	pose := r.kd.Dyn.Pose(node)
	f := pose.R.MulVec(w.Linear())
	n := pose.R.MulVec(w.Angular())
	c := pose.Apply(r.m.Bodies[node-1].Inertia.COM())
	n = n.Add(pose.P.Sub(c).Cross(f))
	return [6]float64(spatial.NewVec6(n, f))
}
