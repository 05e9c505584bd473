package tasks

import (
	"fmt"
	"slices"

	"github.com/robocompiler/robocompiler"
	"github.com/robocompiler/robocompiler/cmg"
	"github.com/robocompiler/robocompiler/compile"
	"github.com/robocompiler/robocompiler/experiments/taskfile"
	"github.com/robocompiler/robocompiler/kin"
	"github.com/robocompiler/robocompiler/sim"
	"github.com/robocompiler/robocompiler/sim/native"
	sbrun "github.com/robocompiler/robocompiler/sim/simbody"
	"github.com/robocompiler/robocompiler/spatial"
)

// runners are the robot-specific Go experiments a task file may select (runner:).
var runners = map[string]func(g *cmg.Graph, o Options) (*Result, error){
	"go2": runGo2, "go2_native": runGo2Native, "panda": runPanda,
	"kangaroo_landing": runKangarooLanding, "kangaroo_landing_native": runKangarooLandingNative,
}

// nativeRunners are the runners with a MuJoCo run (they need -tags mujoco).
var nativeRunners = []string{"go2_native", "kangaroo_landing_native"}

// runnerSeed is the seed each runner starts from (the file's start seed is copied there).
// The landing runners start from the model's default seed.
var runnerSeed = map[string]string{"go2": go2Seed, "go2_native": go2Seed, "panda": pandaSeed,
	"kangaroo_landing": "default", "kangaroo_landing_native": "default"}

// RolloutError is a rollout that failed midway: the Result returned with it holds the
// logs of the runs so far, the failed one up to its last logged step.
type RolloutError struct {
	Run string
	Err error
}

// Error implements error.
func (e *RolloutError) Error() string { return fmt.Sprintf("run %s: %v", e.Run, e.Err) }

// Unwrap returns the cause.
func (e *RolloutError) Unwrap() error { return e.Err }

// IsSimbody reports whether the task file has a Simbody run (it needs -tags simbody).
func IsSimbody(f *taskfile.File) bool {
	return f.Runner == "" && slices.ContainsFunc(f.Runs, func(r taskfile.Run) bool { return r.Backend == "simbody" })
}

// IsNative reports whether the task file has a MuJoCo run (it needs -tags mujoco).
func IsNative(f *taskfile.File) bool {
	if slices.Contains(nativeRunners, f.Runner) {
		return true
	}
	for _, r := range f.Runs {
		if r.Backend == "mujoco" {
			return true
		}
	}
	return false
}

// RunFile runs the task file f on the model graph g (the file's model, or another graph
// with its names) for o.Duration (0: the file's duration). A *taskfile.Error is an invalid
// file (nothing has run); a *RolloutError comes with the partial Result.
func RunFile(f *taskfile.File, g *cmg.Graph, o Options) (*Result, error) {
	if !(o.Duration > 0) {
		o.Duration = f.Duration
	}
	if f.Reconfigure == "off" {
		o.Reconfigure = sim.ReconfigureOff
	}
	if f.Runner != "" {
		g = g.Clone()
		if seed := f.Start.Seed; seed != "" && seed != runnerSeed[f.Runner] {
			vals, ok := g.Seeds[seed]
			if !ok {
				return nil, f.Errorf("start.seed", "%q: no such seed in %s", seed, g.Source)
			}
			g.Seeds[runnerSeed[f.Runner]] = vals
		}
		return runners[f.Runner](g, o)
	}
	p, err := planFile(f, g)
	if err != nil {
		return nil, err
	}
	builds := make([]*runBuild, len(p.runs))
	for i, r := range p.runs {
		if builds[i], err = p.build(i, r); err != nil {
			return nil, err
		}
	}
	if err := p.checkColumns(builds); err != nil {
		return nil, err
	}
	n := steps(o.Duration, f.Step)
	total := 0
	for _, r := range p.runs {
		total += n * r.spec.Substeps
	}
	pr := &progress{o: o, total: total}
	res := &Result{}
	for i, r := range p.runs {
		run, err := p.rollout(r, builds[i], n, pr)
		if run.Log != nil {
			res.Runs = append(res.Runs, run)
		}
		if err != nil {
			return res, &RolloutError{Run: r.spec.Name, Err: err}
		}
		pr.done = 0
		for _, x := range p.runs[:i+1] {
			pr.done += n * x.spec.Substeps
		}
	}
	p.report(res)
	return res, nil
}

// runBuild makes fresh controllers, probes and schedules of one run (a MuJoCo run and
// ours must not share controller state).
type runBuild func() (sim.Controller, []sim.Probe, sim.ModeSchedule, error)

// build checks the controller, supports and disturbances of run r against its plant and
// returns the factory of its controllers.
func (p *filePlan) build(i int, r *runPlan) (*runBuild, error) {
	f, s := p.f, p.s
	m := r.pl.m
	fld := fmt.Sprintf("runs[%d]", i)
	var sched *supportSchedule
	if len(s.Supports) > 0 {
		if k := s.Controller.Kind; k != "task_pd" && k != "none" {
			return nil, f.Errorf("supports", "support modes change the independent coordinates; use controller kind task_pd (or none), not %s", k)
		}
		from, sites := []float64{}, [][]string{}
		for k, sp := range s.Supports {
			for j, id := range sp.Sites {
				if _, err := kin.NewTask(m, id); err != nil {
					return nil, f.Errorf(fmt.Sprintf("supports[%d].sites[%d]", k, j), "%q: no such site or body (sites and bodies: %s)", id, validList(siteIDs(m)))
				}
			}
			from, sites = append(from, sp.From), append(sites, sp.Sites)
		}
		sched = newSupportSchedule(r.pl.model, from, sites)
	}
	type wrench struct {
		node       int
		point      spatial.Vec3
		w          spatial.Vec6
		start, end float64
		ramp       float64
	}
	var dist []wrench
	for k, d := range s.Disturbances {
		node := m.BodyNode(d.Body)
		if node <= 0 {
			var ids []string
			for _, b := range m.Graph.Bodies {
				ids = append(ids, b.ID)
			}
			return nil, f.Errorf(fmt.Sprintf("disturbances[%d].body", k), "%q: no such body (bodies: %s)", d.Body, validList(ids))
		}
		dist = append(dist, wrench{node: node, point: spatial.Vec3(d.Point), w: spatial.NewVec6(spatial.Vec3(d.Moment), spatial.Vec3(d.Force)),
			start: d.Start, end: d.End, ramp: d.Ramp})
	}
	load := func(t float64, d *robocompiler.Data, cmd *sim.Command) {
		for _, x := range dist {
			var sc float64
			if x.ramp > 0 {
				sc = minJerk((t-x.start)/x.ramp) - minJerk((t-(x.end-x.ramp))/x.ramp)
			} else if t >= x.start && t < x.end {
				sc = 1
			}
			if sc != 0 {
				cmd.AddWorldWrench(d, x.node, x.point, x.w.Scale(sc))
			}
		}
	}
	ctrl, err := p.controller(r, fld)
	if err != nil {
		return nil, err
	}
	probes := p.probes(r)
	var b runBuild = func() (sim.Controller, []sim.Probe, sim.ModeSchedule, error) {
		var sc *supportSchedule
		var schedule sim.ModeSchedule
		if sched != nil {
			sc = newSupportSchedule(r.pl.model, sched.from, sched.sites)
			schedule = sc.schedule
		}
		c, extra, err := ctrl(sc)
		if err != nil {
			return nil, nil, nil, err
		}
		ps := append(probes(), extra...)
		if sc != nil {
			ps = append(ps, supportProbe{sc})
		}
		var out sim.Controller = c
		if len(dist) > 0 {
			out = sim.ControllerFunc(func(st *sim.State, d *robocompiler.Data, cmd *sim.Command) error {
				load(st.T, d, cmd)
				return c.Control(st, d, cmd)
			})
		}
		return out, ps, schedule, nil
	}
	// Build one instance now, so that every error shows before anything runs.
	if _, _, _, err := b(); err != nil {
		return nil, err
	}
	return &b, nil
}

// controller returns the factory of run r's controller (with its own probes) for a
// fresh support schedule (nil without supports).
func (p *filePlan) controller(r *runPlan, fld string) (func(*supportSchedule) (sim.Controller, []sim.Probe, error), error) {
	f, s, k := p.f, p.s, &p.s.Controller
	m := r.pl.m
	ffFld := "controller.feedforward"
	if r.spec.Feedforward != nil {
		ffFld = fld + ".feedforward"
	}
	feedforward := func() (*sim.Feedforward, error) {
		if !r.ff {
			return nil, nil
		}
		return r.pl.feedforward(r.nominal.model)
	}
	ports := func() ([]int, error) {
		if len(k.Ports) == 0 {
			out := make([]int, len(m.Ports))
			for i := range out {
				out[i] = i
			}
			return out, nil
		}
		var out []int
		for i, id := range k.Ports {
			pi, err := p.portIndex(m, fmt.Sprintf("controller.ports[%d]", i), id)
			if err != nil {
				return nil, err
			}
			out = append(out, pi)
		}
		return out, nil
	}
	switch k.Kind {
	case "none":
		return func(*supportSchedule) (sim.Controller, []sim.Probe, error) { return nil, nil, nil }, nil
	case "port_pd":
		ref := r.refs[k.Reference]
		var idx []int
		lengths := ref.f
		switch {
		case ref.ports != nil:
			idx = ref.ports
		case ref.task != nil:
			if ref.other != nil {
				return nil, f.Errorf("controller.reference", "%q is relative to another site; legs need a pose in the world", k.Reference)
			}
			if len(k.Legs) == 0 {
				return nil, f.Errorf("controller.legs", "missing: port_pd tracks a site reference through legs (port, ground joint, body joint)")
			}
			var err error
			if idx, lengths, err = p.legs(r, ref); err != nil {
				return nil, err
			}
		default:
			return nil, f.Errorf("controller.reference", "%q: port_pd tracks a ports or site reference", k.Reference)
		}
		indep, err := portsIndependent(m, idx, r.pl.p.Independent)
		if err != nil {
			return nil, f.Errorf("controller.reference", "%v", err)
		}
		return func(*supportSchedule) (sim.Controller, []sim.Probe, error) {
			ff, err := feedforward()
			if err != nil {
				return nil, nil, err
			}
			return newPortPD(k.Kp, k.Kd, newReference(len(idx), lengths), idx, indep, ff), nil, nil
		}, nil
	case "computed_torque":
		ref := r.refs[k.Reference]
		if ref.vel == nil {
			return nil, f.Errorf("controller.reference", "%q: computed_torque tracks a coordinates reference", k.Reference)
		}
		if !r.ff {
			return nil, f.Errorf(ffFld, "computed_torque always uses the reduced-dynamics feedforward; use port_pd or task_pd for a controller without it")
		}
		conn, err := ports()
		if err != nil {
			return nil, err
		}
		if len(ref.vel) != r.pl.p.Mobility {
			return nil, f.Errorf("controller.reference", "%q tracks %d coordinates; computed_torque needs one per independent speed (%d)", k.Reference, len(ref.vel), r.pl.p.Mobility)
		}
		return func(*supportSchedule) (sim.Controller, []sim.Probe, error) {
			ff, err := r.pl.feedforward(r.nominal.model)
			if err != nil {
				return nil, nil, err
			}
			c, err := newJointCT(k.Kp, k.Kd, ref.vel, ref.qi, conn, newReference(ref.n, ref.f), ff, r.pl.p.Mobility)
			return c, nil, err
		}, nil
	case "task_pd":
		var refs []*fileRef
		for i, name := range k.Targets {
			ref := r.refs[name]
			if ref.task == nil {
				return nil, f.Errorf(fmt.Sprintf("controller.targets[%d]", i), "%q: task_pd tracks site references", name)
			}
			if ref.other != nil && k.QP != nil {
				return nil, f.Errorf(fmt.Sprintf("controller.targets[%d]", i), "%q is relative to another site; the qp resolves a world target", name)
			}
			refs = append(refs, ref)
		}
		if len(r.spec.Payload) > 0 && (len(s.Supports) > 0 || k.QP != nil) {
			return nil, f.Errorf(fld+".payload", "a payload mismatch with task_pd needs a fixed partition: no supports and no qp")
		}
		conn, err := ports()
		if err != nil {
			return nil, err
		}
		if k.TaskGain == 0 || k.SpeedGain == 0 {
			return nil, f.Errorf("controller", "task_pd needs positive task_gain and speed_gain (1/s)")
		}
		var qp *qpSettings
		if k.QP != nil {
			if qp, err = p.qpSettings(m); err != nil {
				return nil, err
			}
		}
		return func(sc *supportSchedule) (sim.Controller, []sim.Probe, error) {
			c := newTaskPD(k.TaskGain, k.SpeedGain, r.ff, refs, conn)
			c.held, c.qp = sc, qp
			if len(r.spec.Payload) > 0 {
				var err error
				if c.model, err = r.pl.feedforward(r.nominal.model); err != nil {
					return nil, nil, err
				}
			}
			return c, []sim.Probe{newTaskProbe(c, refs)}, nil
		}, nil
	}
	return nil, f.Errorf("controller.kind", "%q: unknown", k.Kind)
}

// legs returns the ports of the controller's legs and the function writing their
// lengths |T_ref(t)·a_i − b_i| for the site reference ref (a_i the body joint's anchor on
// the reference body, b_i the ground joint's anchor on the ground).
func (p *filePlan) legs(r *runPlan, ref *fileRef) ([]int, func(t float64, y []float64), error) {
	f, m := p.f, r.pl.m
	if ref.task.Frame != spatial.Identity() {
		return nil, nil, f.Errorf("controller.legs", "legs need a body reference (site %q is a frame on a body)", ref.spec.Site)
	}
	var idx []int
	var base, anchor []spatial.Vec3
	for i, l := range p.s.Controller.Legs {
		fld := fmt.Sprintf("controller.legs[%d]", i)
		pi, err := p.portIndex(m, fld+".port", l.Port)
		if err != nil {
			return nil, nil, err
		}
		g, b := m.JointIndex(l.Ground), m.JointIndex(l.Body)
		if g < 0 || m.Joints[g].NodeA != 0 {
			return nil, nil, f.Errorf(fld+".ground", "%q: not a joint from the ground (joints: %s)", l.Ground, validList(jointIDs(m.Graph)))
		}
		if b < 0 || m.Joints[b].NodeB != ref.task.Node {
			return nil, nil, f.Errorf(fld+".body", "%q: not a joint onto %q (joints: %s)", l.Body, ref.spec.Site, validList(jointIDs(m.Graph)))
		}
		idx, base, anchor = append(idx, pi), append(base, m.Joints[g].A.P), append(anchor, m.Joints[b].B.P)
	}
	buf := make([]float64, 12)
	return idx, func(t float64, y []float64) {
		x := ref.pose(t, buf)
		for i := range y {
			y[i] = x.Apply(anchor[i]).Sub(base[i]).Norm()
		}
	}, nil
}

// probes returns the factory of the error probes of run r's coordinate and port
// references (site references log their errors through the controller or siteProbe).
func (p *filePlan) probes(r *runPlan) func() []sim.Probe {
	return func() []sim.Probe {
		var out []sim.Probe
		for _, rs := range p.s.References {
			ref := r.refs[rs.Name]
			switch {
			case ref.vel != nil:
				qi := ref.qi
				out = append(out, newErrorProbe(rs.ErrorColumn, ref.n, newReference(ref.n, ref.f), func(s *sim.State, _ *kin.Data, o []float64) {
					for i, j := range qi {
						o[i] = s.Q[j]
					}
				}))
			case ref.ports != nil:
				ports := ref.ports
				out = append(out, newErrorProbe(rs.ErrorColumn, ref.n, newReference(ref.n, ref.f), func(_ *sim.State, k *kin.Data, o []float64) {
					for i, pi := range ports {
						o[i] = k.Ell[pi]
					}
				}))
			case !p.tracked(rs.Name):
				cols := []string{rs.ErrorColumn}
				if !ref.task.Point {
					cols = append(cols, rs.ErrorColumn+"_rot")
				}
				out = append(out, &siteProbe{ref: ref, buf: make([]float64, 12), cols: cols})
			}
		}
		return out
	}
}

// tracked reports whether the site reference name is a task_pd target (whose probe logs it).
func (p *filePlan) tracked(name string) bool {
	if p.s.Controller.Kind != "task_pd" {
		return false
	}
	for _, t := range p.s.Controller.Targets {
		if t == name {
			return true
		}
	}
	return false
}

// siteProbe logs a site reference's position error norm (m) and rotation error (rad).
type siteProbe struct {
	ref  *fileRef
	buf  []float64
	cols []string
}

// Columns implements sim.Probe.
func (p *siteProbe) Columns() []string { return p.cols }

// Sample implements sim.Probe.
func (p *siteProbe) Sample(s *sim.State, d *robocompiler.Data, _ *sim.Command, out []float64) {
	x, ref := d.Kin.Pose(p.ref.task), p.ref.pose(s.T, p.buf)
	out[0] = p.ref.position(d.Kin).Sub(ref.P).Norm()
	if len(out) > 1 {
		out[1] = angle(ref.R.T().Mul(x.R))
	}
}

// supportProbe logs the number of supports of the active mode.
type supportProbe struct{ s *supportSchedule }

// Columns implements sim.Probe.
func (supportProbe) Columns() []string { return []string{"supports"} }

// Sample implements sim.Probe.
func (p supportProbe) Sample(s *sim.State, _ *robocompiler.Data, _ *sim.Command, out []float64) {
	out[0] = float64(p.s.size(s.Mode))
}

// rollout runs r for n steps on its backend; it returns the run (with the rows logged
// so far when it fails from our rollout). A rollout on the reduced dynamics logs its partition and mode
// switches (sim.Sim.Events) and, with o.Reconfigure off, stops with a
// *sim.SingularPartitionError where its partition becomes singular.
func (p *filePlan) rollout(r *runPlan, b *runBuild, n int, pr *progress) (Run, error) {
	s := p.s
	ctrl, probes, sched, err := (*b)()
	if err != nil {
		return Run{}, err
	}
	integ := sim.RK4
	switch s.Integrator {
	case "euler":
		integ = sim.SemiImplicitEuler
	case "euler_implicit":
		integ = sim.ImplicitLossEuler
	}
	name := r.spec.Name
	switch r.spec.Backend {
	case "mujoco":
		sub := r.spec.Substeps
		nd, err := r.pl.data()
		if err != nil {
			return Run{}, err
		}
		nat, err := native.Run(nd, ctrl, sub*n, native.Options{Dt: s.Step / float64(sub), LogEvery: sub * s.LogEvery,
			Probes: probes, Schedule: sched, Progress: pr.hook()})
		if err != nil {
			return Run{}, err
		}
		return Run{Name: name, Log: nat.Log, Stats: sim.Stats{Steps: nat.Stats.Steps}, NativeGap: nat.Stats.GapMax}, nil
	case "simbody":
		d, err := r.pl.data()
		if err != nil {
			return Run{}, err
		}
		sb, err := sbrun.Run(d, ctrl, n, sbrun.Options{Dt: s.Step, LogEvery: s.LogEvery, Probes: probes, Progress: pr.hook(),
			EnforcedOnly: r.spec.EnforcedOnly})
		if err != nil {
			return Run{}, err
		}
		return Run{Name: name, Log: sb.Log, Stats: sim.Stats{Steps: sb.Stats.Steps}, Simbody: &sb.Stats}, nil
	}
	x, err := r.pl.sim(ctrl, sim.Options{Dt: s.Step, Integrator: integ, LogEvery: s.LogEvery, Probes: probes, Schedule: sched,
		Reconfigure: pr.o.Reconfigure, Progress: pr.hook()})
	if err != nil {
		return Run{}, err
	}
	err = x.Run(n)
	return Run{Name: name, Log: x.Log(), Stats: x.Stats(), Events: x.Events()}, err
}

// qpSettings resolves the controller's QP on model m: its ports (default every port with
// stroke limits), their stroke limits and speed limits.
func (p *filePlan) qpSettings(m *compile.Model) (*qpSettings, error) {
	f, q := p.f, p.s.Controller.QP
	out := &qpSettings{horizon: q.Horizon, barrier: q.Barrier}
	var idx []int
	if len(q.Ports) == 0 {
		for i, a := range m.Graph.Actuators {
			if a.StrokeLimits != nil {
				idx = append(idx, i)
			}
		}
	}
	for i, id := range q.Ports {
		pi, err := p.portIndex(m, fmt.Sprintf("controller.qp.ports[%d]", i), id)
		if err != nil {
			return nil, err
		}
		idx = append(idx, pi)
	}
	if len(q.Speed) > 0 && len(q.Speed) != len(idx) {
		return nil, f.Errorf("controller.qp.speed", "%d speeds for the %d bounded ports", len(q.Speed), len(idx))
	}
	for i, pi := range idx {
		a := m.Graph.Actuators[pi]
		if a.StrokeLimits == nil {
			return nil, f.Errorf("controller.qp.ports", "port %q has no stroke limits in the model", a.ID)
		}
		speed := 0.0
		switch {
		case len(q.Speed) > 0:
			speed = q.Speed[i]
		case a.SpeedLimits != nil:
			speed = a.SpeedLimits[1]
		default:
			return nil, f.Errorf("controller.qp.speed", "port %q has no speed limit in the model: give qp.speed", a.ID)
		}
		out.ports = append(out.ports, pi)
		out.lo, out.hi = append(out.lo, a.StrokeLimits[0]), append(out.hi, a.StrokeLimits[1])
		out.beta, out.speed = append(out.beta, 1), append(out.speed, speed)
	}
	if len(out.ports) == 0 {
		return nil, f.Errorf("controller.qp", "no port with stroke limits to bound")
	}
	return out, nil
}
