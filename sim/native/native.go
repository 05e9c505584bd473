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
// MuJoCo from rest under ctrl, which sees the mapped state in partition p (whose
// independent coordinates must be scalar tree joints: their qpos and qvel entries are
// our q and v). The controller's port efforts become the motors' ctrl; its external
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
		if err := r.step(step%opts.LogEvery == 0); err != nil {
			return nil, fmt.Errorf("native: step %d at t = %.6g s: %w", step, r.t, err)
		}
		if opts.Progress != nil {
			opts.Progress(step + 1)
		}
	}
	if err := r.observe(true); err != nil {
		return nil, err
	}
	return &Result{Log: r.log, Stats: Stats{Steps: n, Corrections: r.tr.Corrections, GapMax: r.gapMax}}, nil
}

// runner holds one native run's MuJoCo model and data and our mapped state.
type runner struct {
	m     *compile.Model
	ctrl  sim.Controller
	opts  Options
	model *mujoco.Model
	data  *mujoco.Data
	tr    *closure.Tracker
	kd    *kin.Data

	qposAdr, dofAdr, qIdx []int // per independent coordinate
	actAdr                []int // MuJoCo actuator index per port
	bodyID                []int // MuJoCo body id per node (0 for the ground)

	qpos, qvel, ctrlv, eq []float64
	u, du                 []float64
	cmd                   sim.Command
	st                    sim.State
	t, gapMax             float64
	log                   *sim.Log
	width                 []int
}

// newRunner exports and loads the model and maps coordinates, ports and bodies.
func newRunner(m *compile.Model, q0 []float64, p *closure.Partition, ctrl sim.Controller, opts Options) (*runner, error) {
	var xml bytes.Buffer
	if err := mjcf.Export(m, q0, &xml, mjcf.ExportOptions{Timestep: opts.Dt}); err != nil {
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
	r := &runner{m: m, ctrl: ctrl, opts: opts, model: model}
	if r.data, err = model.NewData(); err != nil {
		r.close()
		return nil, err
	}
	if err := r.mapState(lay, p); err != nil {
		r.close()
		return nil, err
	}
	if r.tr, err = closure.NewTracker(m, q0, p); err != nil {
		r.close()
		return nil, err
	}
	if r.kd, err = kin.NewData(m, p); err != nil {
		r.close()
		return nil, err
	}
	if err := r.mapPorts(); err != nil {
		r.close()
		return nil, err
	}
	r.qpos, r.qvel, r.ctrlv = make([]float64, model.NQ()), make([]float64, model.NV()), make([]float64, model.NU())
	if err := lay.QPos(q0, r.qpos); err != nil {
		r.close()
		return nil, err
	}
	if err := r.data.SetQpos(r.qpos); err != nil {
		r.close()
		return nil, err
	}
	d := p.Mobility
	r.u, r.du = make([]float64, d), make([]float64, d)
	r.cmd = sim.Command{F: make([]float64, len(r.kd.Ports)), Fext: make([]spatial.Vec6, len(m.Bodies)+1)}
	r.log = r.newLog()
	return r, nil
}

// mapState locates the independent coordinates in qpos and qvel.
func (r *runner) mapState(lay *mjcf.Layout, p *closure.Partition) error {
	for _, v := range p.Independent {
		found := false
		for _, jl := range lay.Joints {
			j := &r.m.Joints[jl.Joint]
			if j.V0 == v && j.NV == 1 && j.NQ == 1 {
				r.qposAdr, r.dofAdr, r.qIdx = append(r.qposAdr, jl.QPos), append(r.dofAdr, jl.Dof), append(r.qIdx, j.Q0)
				found = true
				break
			}
		}
		if !found {
			return fmt.Errorf("native: independent coordinate %s is not a scalar tree joint (request a partition of scalar tree joints)",
				r.m.CoordinateNames()[v])
		}
	}
	return nil
}

// mapPorts maps ports to MuJoCo motors and nodes to MuJoCo bodies by name.
func (r *runner) mapPorts() error {
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
	return nil
}

// close frees the MuJoCo data and model.
func (r *runner) close() {
	if r.data != nil {
		r.data.Close()
	}
	r.model.Close()
}

// observe maps MuJoCo's state to ours, evaluates the interfaces and the controller, and
// records the gap (and a log row when logging).
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
	for k := range r.u {
		r.du[k] = r.qpos[r.qposAdr[k]] - r.tr.Q[r.qIdx[k]]
		r.u[k] = r.qvel[r.dofAdr[k]]
	}
	if err := r.tr.Step(r.du); err != nil {
		return err
	}
	if r.tr.Lift.P != r.kd.Lift.P {
		return fmt.Errorf("native: the tracker reconfigured the partition; the mapped coordinates no longer apply")
	}
	if err := r.kd.Update(r.tr.Q, r.u); err != nil {
		return err
	}
	gap, err := r.gap()
	if err != nil {
		return err
	}
	r.gapMax = math.Max(r.gapMax, gap)
	r.st = sim.State{T: r.t, Q: r.tr.Q, U: r.u}
	clear(r.cmd.F)
	clear(r.cmd.Fext)
	if err := r.ctrl.Control(&r.st, r.kd, &r.cmd); err != nil {
		return fmt.Errorf("controller: %w", err)
	}
	if logRow {
		r.record(gap)
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

// step observes, applies the command and advances MuJoCo by one timestep.
func (r *runner) step(logRow bool) error {
	if err := r.observe(logRow); err != nil {
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
	r.t += r.opts.Dt
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
